import ContactsServices
import ContactsSync
import Foundation
import Glibc

/// Reading the passwords sync needs, none of which is ever echoed, logged or stored in clear:
/// the server's (at set-up: then sealed, or fetched by a command each time) and the account's
/// (to seal and to open the sealed one).
enum ServerPassword {
  /// A line from the terminal without echo, or, when standard input is not a terminal, its next
  /// line (so scripts and tests can pipe the passwords in, one per line, in the order asked).
  static func ask(_ prompt: String) throws -> String {
    if isatty(STDIN_FILENO) == 1 { return try PasswordPrompt.read(prompt) }
    guard let line = readLine(strippingNewline: true) else {
      throw CommandFailure("no password: standard input ended (\(prompt.trimmingCharacters(in: .whitespaces))).")
    }
    return line
  }

  /// The first line a password command prints (see `PasswordCommand`).
  static func run(_ command: String) throws -> String {
    do {
      return try PasswordCommand.run(command)
    } catch {
      throw CommandFailure(error.description)
    }
  }

  /// `password` sealed under the account password of `email`, which is asked for and checked
  /// first (a typo would seal it under a key nobody knows).
  static func seal(_ password: String, email: String, database: ContactsDatabase) async throws -> SealedPassword {
    let accountPassword = try ask("Password of \(email) (seals the server password): ")
    do {
      _ = try await AccountService(database: database).signIn(email: email, password: accountPassword)
    } catch {
      throw CommandFailure("wrong password for \(email); nothing was changed.")
    }
    return try SealedPassword.seal(password, accountPassword: accountPassword)
  }

  /// The server password of `link`: from its command, or opened with the account password.
  static func of(_ link: SyncLink, email: String) throws -> String {
    switch link.password {
    case .command(let command):
      return try run(command)
    case .sealed(let sealed):
      let accountPassword = try ask("Password of \(email) (opens the stored server password): ")
      do {
        return try sealed.open(accountPassword: accountPassword)
      } catch {
        throw CommandFailure("wrong password for \(email); nothing was changed.")
      }
    }
  }
}
