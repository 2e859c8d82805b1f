public import ContactsModel
import Foundation
import GRDB

extension Contact {
  init(row: Row) {
    self.init(
      id: row["id"], name: row["name"], email: row["email"], phone: row["phone"], company: row["company"],
      address: row["address"], notes: row["notes"])
  }
}

/// One account's contacts: counts, keyset pages, search, and transactional saves. Another
/// account's contacts are never visible: every query is scoped by account.
public final class ContactStore: Sendable {
  public enum StoreError: Error, Equatable, Sendable {
    case invalid([ContactDraft.Field: String])
    case notFound
  }

  private let database: ContactsDatabase
  private let now: @Sendable () -> Date

  public init(database: ContactsDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  /// The sort order people expect: case and accents folded ("zoë" with "Zoe"), then by id.
  public static func sortKey(for name: String) -> String {
    ContactPosition.sortKey(for: name)
  }

  public func count(account: Int64) async throws -> Int {
    try await database.writer.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact WHERE accountId = ?", arguments: [account]) ?? 0
    }
  }

  /// Up to `limit` contacts after `position` (from the start when nil), in order.
  public func page(account: Int64, after position: ContactPosition?, limit: Int) async throws -> [Contact] {
    try await page(account: account, beyond: position, forward: true, limit: limit)
  }

  /// Up to `limit` contacts before `position` (the end when nil), in order.
  public func page(account: Int64, before position: ContactPosition?, limit: Int) async throws -> [Contact] {
    try await page(account: account, beyond: position, forward: false, limit: limit)
  }

  /// One keyset page: a range scan of the (account, sortKey, id) index from `position` in the
  /// given direction, returned in list order.
  private func page(account: Int64, beyond position: ContactPosition?, forward: Bool, limit: Int) async throws
    -> [Contact]
  {
    let comparison = forward ? ">" : "<"
    let order = forward ? "sortKey, id" : "sortKey DESC, id DESC"
    var condition = "accountId = ?"
    var arguments: StatementArguments = [account]
    if let position {
      condition += " AND (sortKey, id) \(comparison) (?, ?)"
      arguments += [position.sortKey, position.id]
    }
    arguments += [limit]
    let sql = "SELECT * FROM contact WHERE \(condition) ORDER BY \(order) LIMIT ?"
    let query = arguments
    let contacts = try await database.writer.read { db in
      try Row.fetchAll(db, sql: sql, arguments: query).map(Contact.init(row:))
    }
    return forward ? contacts : contacts.reversed()
  }

  /// How many contacts come before `position`: the absolute index of a contact in the list.
  public func index(of position: ContactPosition, account: Int64) async throws -> Int {
    try await database.writer.read { db in
      try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM contact WHERE accountId = ? AND (sortKey, id) < (?, ?)",
        arguments: [account, position.sortKey, position.id]) ?? 0
    }
  }

  public func contact(id: Int64, account: Int64) async throws -> Contact? {
    try await database.writer.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM contact WHERE id = ? AND accountId = ?", arguments: [id, account])
        .map(Contact.init(row:))
    }
  }

  /// Contacts whose name, email, phone or company has words starting with each word of
  /// `query` (accents ignored), in list order, with the total number of matches.
  public func search(account: Int64, query: String, limit: Int) async throws -> (total: Int, contacts: [Contact]) {
    guard let pattern = FTS5Pattern(matchingAllPrefixesIn: query) else { return (0, []) }
    return try await database.writer.read { db in
      let matches = "SELECT rowid FROM contact_search WHERE contact_search MATCH ?"
      let total =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM contact WHERE accountId = ? AND id IN (\(matches))",
          arguments: [account, pattern]) ?? 0
      let rows = try Row.fetchAll(
        db,
        sql: "SELECT * FROM contact WHERE accountId = ? AND id IN (\(matches)) ORDER BY sortKey, id LIMIT ?",
        arguments: [account, pattern, limit])
      return (total, rows.map(Contact.init(row:)))
    }
  }

  public func insert(_ draft: ContactDraft, account: Int64) async throws -> Contact {
    let problems = draft.problems
    guard problems.isEmpty else { throw StoreError.invalid(problems) }
    let updatedAt = now().timeIntervalSince1970
    return try await database.writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO contact (accountId, name, sortKey, email, phone, company, address, notes, updatedAt)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          account, draft.name, Self.sortKey(for: draft.name), draft.email, draft.phone, draft.company, draft.address,
          draft.notes, updatedAt,
        ])
      return Contact(
        id: db.lastInsertedRowID, name: draft.name, email: draft.email, phone: draft.phone, company: draft.company,
        address: draft.address, notes: draft.notes)
    }
  }

  public func update(id: Int64, with draft: ContactDraft, account: Int64) async throws -> Contact {
    let problems = draft.problems
    guard problems.isEmpty else { throw StoreError.invalid(problems) }
    let updatedAt = now().timeIntervalSince1970
    return try await database.writer.write { db in
      try db.execute(
        sql: """
          UPDATE contact SET name = ?, sortKey = ?, email = ?, phone = ?, company = ?, address = ?, notes = ?,
          updatedAt = ? WHERE id = ? AND accountId = ?
          """,
        arguments: [
          draft.name, Self.sortKey(for: draft.name), draft.email, draft.phone, draft.company, draft.address,
          draft.notes, updatedAt, id, account,
        ])
      guard db.changesCount == 1 else { throw StoreError.notFound }
      return Contact(
        id: id, name: draft.name, email: draft.email, phone: draft.phone, company: draft.company,
        address: draft.address, notes: draft.notes)
    }
  }

  public func delete(id: Int64, account: Int64) async throws {
    try await database.writer.write { db in
      try db.execute(sql: "DELETE FROM contact WHERE id = ? AND accountId = ?", arguments: [id, account])
      guard db.changesCount == 1 else { throw StoreError.notFound }
    }
  }
}
