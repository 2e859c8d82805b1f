import ArgumentParser
import ContactsConfig
import Foundation

/// `--config FILE`, and the settings of the config file it names (or of the usual one).
struct ConfigOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The config file (default: $XDG_CONFIG_HOME/contacts/config.toml, else ~/.config/contacts/config.toml; "
        + "without one, contacts/config.toml in $XDG_CONFIG_DIRS, else /etc/xdg).",
      valueName: "FILE"),
    completion: .file(extensions: ["toml"]))
  var config: String?

  /// The file's settings (the defaults when there is no file). A file with anything wrong in it
  /// stops the command before it does anything, the terminal untouched: every problem is
  /// printed as `FILE:LINE:COLUMN: what`, and the exit status is 78 (EX_CONFIG).
  func settings() throws -> ContactsSettings {
    do {
      return try ConfigFile.load(explicit: config)
    } catch {
      FileHandle.standardError.write(Data("contacts: the config file is refused:\n\(error)\n".utf8))
      throw ExitCode(78)
    }
  }
}

/// `contacts config`: where the config file is and whether it is right, or a default one.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config", abstract: "Check the config file, or print a commented default one.",
    discussion: """
      Without an option: says which file is read and checks it (exit status 78 and every problem \
      with its line and column when something is wrong). With --print-default: prints a file with \
      every setting and key binding at its default, to start yours from: \
      contacts config --print-default > ~/.config/contacts/config.toml
      """)

  @OptionGroup var options: ConfigOptions

  @Flag(name: .long, help: "Print a config file with every setting at its default, each explained.")
  var printDefault = false

  func run() throws {
    if printDefault {
      print(DefaultConfig.text, terminator: "")
      return
    }
    guard let path = ConfigFile.path(explicit: options.config) else {
      print("No home directory, so no config file: the defaults apply.")
      return
    }
    _ = try options.settings()
    let exists = FileManager.default.fileExists(atPath: path)
    print(exists ? "\(path): fine." : "\(path) does not exist: the defaults apply.")
  }
}
