import Foundation

/// Where the config file is: `--config FILE`, else `$XDG_CONFIG_HOME/contacts/config.toml`, else
/// `~/.config/contacts/config.toml` (an unset, empty or relative `XDG_CONFIG_HOME` is ignored,
/// as the XDG base directory spec says).
public enum ConfigFile {
  /// The file to read: `explicit` (`--config`), else the usual place; nil without a home.
  public static func path(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    if let explicit { return explicit }
    if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
      return configHome + "/contacts/config.toml"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/contacts/config.toml"
  }

  /// The settings in the file at `path` (`--config`), else in the usual place. A missing file at
  /// the usual place means the defaults; a missing `--config` file is an error, as is a file
  /// that cannot be read or has anything wrong in it (``ConfigError``, every problem with its
  /// line and column).
  public static func load(
    explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ConfigError) -> ContactsSettings {
    guard let path = path(explicit: explicit, environment: environment) else { return ContactsSettings() }
    guard FileManager.default.fileExists(atPath: path) else {
      if explicit == nil { return ContactsSettings() }
      throw ConfigError(path: path, problems: [.init(message: "there is no such file")])
    }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw ConfigError(path: path, problems: [.init(message: "it cannot be read as UTF-8 text: \(error)")])
    }
    return try ConfigReader.settings(from: text, path: path, home: environment["HOME"])
  }
}
