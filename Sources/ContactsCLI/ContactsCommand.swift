import ArgumentParser

/// `contacts`: a keyboard-driven address book in the terminal.
@main
struct ContactsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "contacts",
    abstract: "A keyboard-driven address book for the terminal.",
    version: "0.1.0"
  )

  @MainActor
  func run() async throws {
    let status = try await PlaceholderApp.run()
    if status != 0 { throw ExitCode(status) }
  }
}
