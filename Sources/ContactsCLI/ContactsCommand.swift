import ArgumentParser
import ContactsCore
import TerminalUI

/// `contacts`: a keyboard-driven address book in the terminal.
@main
struct ContactsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "contacts",
    abstract: "A keyboard-driven address book for the terminal.",
    version: "0.1.0",
    subcommands: [RunCommand.self, SeedCommand.self, UserCommand.self, BenchSearchCommand.self],
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
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Start the address book (the default).",
    discussion: """
      Routes: \(AppRoute.patterns.joined(separator: ", ")). A route that needs a signed-in user \
      opens after you sign in.
      """)

  @OptionGroup var database: DatabaseOptions

  @Option(name: .long, help: "Where to start, e.g. contacts/42 (default: the sign-in form).")
  var route: String?

  func validate() throws {
    if let route, case .failure(let error) = AppRoute.parse(route) {
      throw ValidationError(error.description)
    }
  }

  @MainActor
  func run() async throws {
    let start = try route.map { try AppRoute.parse($0).get() } ?? .signIn
    let status = try await AppRunner(databasePath: try database.path(), route: start).run()
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
