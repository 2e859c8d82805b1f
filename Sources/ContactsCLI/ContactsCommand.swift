import ArgumentParser
import TerminalUI

/// `contacts`: a keyboard-driven address book in the terminal.
@main
struct ContactsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "contacts",
    abstract: "A keyboard-driven address book for the terminal.",
    version: "0.1.0",
    subcommands: [RunCommand.self, SeedCommand.self, UserCommand.self],
    defaultSubcommand: RunCommand.self
  )

  static func main() async {
    TerminalSession.prepareProcess()
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      exit(withError: error)
    }
  }
}

/// `contacts [run]`: the full-screen app.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(commandName: "run", abstract: "Start the address book (the default).")

  @MainActor
  func run() async throws {
    let status = try await PlaceholderApp().run()
    if status != 0 { throw ExitCode(status) }
  }
}

/// Where the database is, for every command that uses one.
struct DatabaseOptions: ParsableArguments {
  @Option(name: .long, help: "The database file (default: ~/.local/share/contacts/contacts.sqlite).")
  var db: String?

  /// `--db`, else `contacts.sqlite` in the XDG data directory (`$XDG_DATA_HOME/contacts`,
  /// else `~/.local/share/contacts`).
  func path() throws -> String {
    if let db { return db }
    guard let directory = AppDirectories.data(for: "contacts") else {
      throw ValidationError("No home directory to keep the database in; pass --db PATH.")
    }
    return directory + "/contacts.sqlite"
  }
}
