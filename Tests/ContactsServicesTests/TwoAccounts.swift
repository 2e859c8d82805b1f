import Foundation
import TestSupport

@testable import ContactsServices

/// A fresh database in a temporary directory with two accounts, Ada's and Grace's: what most
/// service tests start from. Call `directory.remove()` when done.
struct TwoAccounts {
  let directory: TemporaryDirectory
  let database: ContactsDatabase
  let accounts: AccountService
  let store: ContactStore
  let ada: Int64
  let grace: Int64

  static func make() async throws -> TwoAccounts {
    let directory = try TemporaryDirectory()
    let database = try ContactsDatabase.open(at: directory.path("contacts.sqlite"))
    let accounts = AccountService(database: database, hasher: .fastForTesting)
    let ada = try await accounts.createAccount(email: "ada@example.com", password: "analytical").id
    let grace = try await accounts.createAccount(email: "grace@example.com", password: "compilers").id
    return TwoAccounts(
      directory: directory, database: database, accounts: accounts, store: ContactStore(database: database), ada: ada,
      grace: grace)
  }
}

extension TwoAccounts {
  /// Ada's first address book, once her account is linked.
  var adaBook: SyncBook.Key { SyncBook.Key(account: ada, number: 0) }
}
