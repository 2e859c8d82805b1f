import ArgumentParser
import ContactsModel
import ContactsServices
import Foundation
import Glibc

/// `contacts user add EMAIL`: accounts from the command line.
struct UserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "user", abstract: "Manage accounts.", subcommands: [AddUser.self])

  struct AddUser: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Create an account. The password is read without echo (or from the first line of stdin).")

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "The account's email address.")
    var email: String

    func run() async throws {
      let password: String
      if isatty(STDIN_FILENO) == 1 {
        let first = try PasswordPrompt.read("Password: ")
        let again = try PasswordPrompt.read("Repeat password: ")
        guard first == again else { throw ValidationError("The passwords do not match.") }
        password = first
      } else {
        password = readLine(strippingNewline: true) ?? ""
      }
      let store = try ContactsDatabase.openForCommand(at: try database.path())
      do {
        let user = try await AccountService(database: store).createAccount(email: email, password: password)
        print("Created \(user.email).")
      } catch let error as AccountError {
        throw ValidationError(error.description)
      }
    }
  }
}

/// Reads a line from the terminal with echo off, and always turns echo back on — including when
/// Ctrl-C interrupts the prompt.
enum PasswordPrompt {
  struct Interrupted: Error {}

  nonisolated(unsafe) private static var saved = termios()

  static func read(_ prompt: String) throws -> String {
    FileHandle.standardError.write(Data(prompt.utf8))
    tcgetattr(STDIN_FILENO, &saved)
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      tcsetattr(STDIN_FILENO, TCSANOW, &PasswordPrompt.saved)
      _exit(130)
    }
    sigemptyset(&action.sa_mask)
    var previous = sigaction()
    sigaction(SIGINT, &action, &previous)
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
    defer {
      tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      sigaction(SIGINT, &previous, nil)
      FileHandle.standardError.write(Data("\n".utf8))
    }
    guard let line = readLine(strippingNewline: true) else { throw Interrupted() }
    return line
  }
}
