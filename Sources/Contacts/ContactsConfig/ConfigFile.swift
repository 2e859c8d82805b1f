import Foundation

/// Where the config file is: `--config FILE`, else `$XDG_CONFIG_HOME/contacts/config.toml`, else
/// `~/.config/contacts/config.toml` (an unset, empty or relative `XDG_CONFIG_HOME` is ignored,
/// as the XDG base directory spec says). A user without one gets the system's: the first
/// `contacts/config.toml` in `$XDG_CONFIG_DIRS` (a list of directories by `:`, most important
/// first; `/etc/xdg` when unset or empty; relative ones ignored), as a packager or an
/// administrator puts it for everyone.
public enum ConfigFile {
  /// The file to read: `explicit` (`--config`), else the user's; when the user has none, the
  /// first system-wide one there is; nil without a home and a system-wide file. The user's
  /// path even when it does not exist, when no system-wide file does either: it is where to
  /// put one.
  public static func path(
    explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
    exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) -> String? {
    if let explicit { return explicit }
    let user = userPath(environment: environment)
    if let user, exists(user) { return user }
    return systemPaths(environment: environment).first(where: exists) ?? user
  }

  /// The user's own file: `$XDG_CONFIG_HOME/contacts/config.toml`, else
  /// `~/.config/contacts/config.toml`; nil without a home.
  public static func userPath(environment: [String: String]) -> String? {
    if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
      return configHome + "/contacts/config.toml"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/contacts/config.toml"
  }

  /// The system-wide files, most important first: `contacts/config.toml` in each absolute
  /// directory of `$XDG_CONFIG_DIRS`, or in `/etc/xdg`.
  public static func systemPaths(environment: [String: String]) -> [String] {
    let listed = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init)
    let directories = listed.isEmpty ? ["/etc/xdg"] : listed.filter { $0.hasPrefix("/") }
    return directories.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/contacts/config.toml" }
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
