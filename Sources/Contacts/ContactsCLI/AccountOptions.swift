import ArgumentParser
import ContactsModel
import ContactsServices
import Foundation

/// `--db` and `--account`: the database and the account a command acts on.
struct AccountOptions: ParsableArguments {
  @OptionGroup var database: DatabaseOptions

  @Option(
    name: .long, help: "The account to act on (default: the config file's account, else the only one).",
    completion: .custom(AccountCompletion.emails))
  var account: String?

  /// The opened database and the account: the one `--account` names, or the only one.
  func open() async throws -> (database: ContactsDatabase, account: SignedInUser) {
    let path = try database.path()
    let database = try ContactsDatabase.openForCommand(at: path)
    let accounts = try await AccountService(database: database).accounts()
    if let account = try account ?? self.database.config.settings().account {
      guard let match = accounts.first(where: { $0.email.lowercased() == account.lowercased() }) else {
        throw CommandFailure(
          "no account \(account) in \(path)" + (accounts.isEmpty ? "." : "; there is " + Self.list(accounts) + "."))
      }
      return (database, match)
    }
    switch accounts.count {
    case 0:
      throw CommandFailure("no account in \(path) yet: create one with `contacts user add EMAIL`.")
    case 1:
      return (database, accounts[0])
    default:
      throw CommandFailure(
        "\(path) has \(accounts.count) accounts (\(Self.list(accounts))): name one with --account EMAIL.")
    }
  }

  /// The country of phone numbers written without a country code: the config file's
  /// `[phones] region`, else the locale's (`LC_ALL`, `LC_TELEPHONE`, `LANG`), else none.
  func phoneRegion() throws -> String? {
    try PhoneRegion.resolved(
      configured: database.config.settings().phoneRegion, environment: ProcessInfo.processInfo.environment)
  }

  private static func list(_ accounts: [SignedInUser]) -> String {
    accounts.map(\.email).joined(separator: ", ")
  }
}

/// A command that cannot go on, with the one line that says why (ArgumentParser prints
/// `Error: <line>` and exits with status 1).
struct CommandFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
