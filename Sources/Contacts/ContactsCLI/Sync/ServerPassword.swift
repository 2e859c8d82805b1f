import ContactsModel
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
  static func run(_ command: String) async throws -> String {
    do {
      return try await PasswordCommand.run(command)
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

  /// How a link has its server password: the command, or `password` sealed under the account's
  /// (asked for and checked).
  static func source(
    of password: String, command: String?, email: String, database: ContactsDatabase
  ) async throws -> SyncLink.PasswordSource {
    if let command { return .command(command) }
    return .sealed(try await seal(password, email: email, database: database))
  }

  /// The account's link, or a failure that says how to make one.
  static func link(of account: SignedInUser, in store: SyncStore) async throws -> SyncLink {
    guard let link = try await store.link(account: account.id) else {
      throw CommandFailure(
        "\(account.email) is not linked to a server: set it up with `contacts sync setup URL --username NAME`.")
    }
    return link
  }

  /// The server password of `link`: from its command, or opened with the account password.
  static func of(_ link: SyncLink, email: String) async throws -> String {
    switch link.password {
    case .command(let command):
      return try await run(command)
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
