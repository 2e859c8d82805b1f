public import ContactsModel
import Foundation
import GRDB

/// Fills the database with demo data: the demo account and as many generated contacts as asked.
///
/// Bulk inserts skip the per-row upkeep of the search index and the sort index: both are dropped
/// for the duration and rebuilt once at the end, all in one transaction, so an interrupted seed
/// leaves the database as it was.
public struct Seeder: Sendable {
  public static let demoEmail = "demo@example.com"
  public static let demoPassword = "demo-password"

  private let database: ContactsDatabase
  private let accounts: AccountService

  public init(database: ContactsDatabase, accounts: AccountService) {
    self.database = database
    self.accounts = accounts
  }

  /// The demo account, created if missing.
  public func demoAccount() async throws -> SignedInUser {
    do {
      return try await accounts.signIn(email: Self.demoEmail, password: Self.demoPassword)
    } catch AccountError.invalidCredentials {
      return try await accounts.createAccount(email: Self.demoEmail, password: Self.demoPassword)
    }
  }

  /// Adds `count` generated contacts to `account`, continuing the generator's sequence after the
  /// contacts the account already has. `progress` receives the number inserted so far.
  public func addContacts(
    _ count: Int, to account: Int64, now: Date = Date(), progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) async throws {
    guard count > 0 else { return }
    let generator = ContactGenerator()
    let updatedAt = now.timeIntervalSince1970
    try await database.writer.write { db in
      let start =
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact WHERE accountId = ?", arguments: [account]) ?? 0
      let triggers = try String.fetchAll(
        db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'contact'")
      let triggerNames = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'contact'")
      for name in triggerNames { try db.execute(sql: "DROP TRIGGER \(name)") }
      try db.execute(sql: "DROP INDEX contact_by_account_sortKey")
      let insert = try db.makeStatement(
        sql: """
          INSERT INTO contact (accountId, name, sortKey, email, phone, company, address, notes, updatedAt)
          VALUES (?, ?, ?, ?, ?, ?, ?, '', ?)
          """)
      for offset in 0..<count {
        let draft = generator.contact(start + offset)
        insert.setUncheckedArguments([
          account, draft.name, ContactStore.sortKey(for: draft.name), draft.email, draft.phone, draft.company,
          draft.address, updatedAt,
        ])
        try insert.execute()
        if offset % 100_000 == 99_999 { progress(offset + 1) }
      }
      try db.execute(sql: "CREATE INDEX contact_by_account_sortKey ON contact(accountId, sortKey, id)")
      try db.execute(sql: "INSERT INTO contact_search(contact_search) VALUES('rebuild')")
      for trigger in triggers { try db.execute(sql: trigger) }
      progress(count)
    }
  }
}
