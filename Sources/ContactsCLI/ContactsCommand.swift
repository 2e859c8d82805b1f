import ArgumentParser
import TerminalUI

/// `contacts`: a keyboard-driven address book in the terminal.
@main
struct ContactsCommand: AsyncParsableCommand {
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

  static let configuration = CommandConfiguration(
    commandName: "contacts",
    abstract: "A keyboard-driven address book for the terminal.",
    version: "0.1.0"
  )

  @MainActor
  func run() async throws {
    let status = try await PlaceholderApp().run()
    if status != 0 { throw ExitCode(status) }
  }
}
