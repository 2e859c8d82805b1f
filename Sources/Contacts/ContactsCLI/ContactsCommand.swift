import ArgumentParser
import ContactsCore
import ContactsLive
import Dispatch
import TerminalUI

/// `contacts`: a keyboard-driven address book in the terminal.
@main
struct ContactsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "contacts",
    abstract: "A keyboard-driven address book for the terminal.",
    version: ContactsApp.version,
    subcommands: [
      RunCommand.self, ImportCommand.self, ExportCommand.self, QueryCommand.self, DuplicatesCommand.self,
      SyncCommand.self, SeedCommand.self,
      UserCommand.self, ConfigCommand.self,
      ReplayCommand.self, BenchSearchCommand.self,
    ],
    defaultSubcommand: RunCommand.self
  )

  /// Synchronous on purpose: `contacts run` keeps the main thread for the terminal's run loop
  /// (see `TerminalSession.run`). The other commands are async and run as a main-actor task
  /// while Dispatch takes the main thread.
  static func main() {
    // A shell's Tab (`---completion`) must answer at once: no second start.
    if CommandLine.arguments.dropFirst().first != "---completion" { TerminalSession.prepareProcess() }
    let command: any ParsableCommand
    do {
      command = try parseAsRoot()
    } catch {
      exit(withError: error)
    }
    guard let asyncCommand = command as? any AsyncParsableCommand else {
      do {
        var command = command
        try command.run()
        exit()
      } catch {
        exit(withError: error)
      }
    }
    nonisolated(unsafe) var running = asyncCommand
    Task { @MainActor in
      do {
        try await running.run()
        exit()
      } catch {
        exit(withError: error)
      }
    }
    dispatchMain()
  }
}

/// `contacts [run]`: the full-screen app.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Start the address book (the default).",
    discussion: """
      Routes: \(AppRoute.patterns.joined(separator: ", ")). A route that needs a signed-in user \
      opens after you sign in.
      """)

  @OptionGroup var database: DatabaseOptions

  @Option(name: .long, help: "Where to start, e.g. contacts/42 (default: the sign-in form).")
  var route: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Record the session to FILE (JSON lines; passwords redacted), for `contacts replay`.", valueName: "FILE"))
  var record: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The colours: \(Theme.builtInNames.joined(separator: ", ")) (default: dark; NO_COLOR wins).",
      valueName: "NAME"))
  var theme: String?

  func validate() throws {
    if let route, case .failure(let error) = AppRoute.parse(route) {
      throw ValidationError(error.description)
    }
    if let theme, Theme.named(theme) == nil {
      throw ValidationError(
        "there is no theme '\(theme)'; the themes are \(Theme.builtInNames.joined(separator: ", ")).")
    }
  }

  /// Runs on the main thread, which the terminal's run loop keeps until the app exits.
  func run() throws {
    let databasePath = try database.path()
    let status = try MainActor.assumeIsolated {
      let settings = try database.config.settings()
      let runner = AppRunner(databasePath: databasePath, route: route ?? AppRoute.patterns[0], recordPath: record)
      // By its own name (`High_Contrast` is `high-contrast`): the session log records it.
      let chosen = Theme.named(theme ?? settings.theme) ?? .dark
      runner.themeName = Theme.builtIn.first { $0.theme == chosen }?.name ?? "dark"
      runner.settings = settings
      runner.reportsMouse = settings.mouse
      return try runner.run()
    }
    if status != 0 { throw ExitCode(status) }
  }
}

/// Where the database is, for every command that uses one, and the config file that may say.
struct DatabaseOptions: ParsableArguments {
  @Option(name: .long, help: "The database file (default: ~/.local/share/contacts/contacts.sqlite).")
  var db: String?

  @OptionGroup var config: ConfigOptions

  /// `--db`, else the config file's `database`, else `contacts.sqlite` in the XDG data
  /// directory (`$XDG_DATA_HOME/contacts`, else `~/.local/share/contacts`).
  func path() throws -> String {
    if let db { return db }
    if let database = try config.settings().database { return database }
    guard let directory = AppDirectories.data(for: "contacts") else {
      throw ValidationError("No home directory to keep the database in; pass --db PATH.")
    }
    return directory + "/contacts.sqlite"
  }
}
