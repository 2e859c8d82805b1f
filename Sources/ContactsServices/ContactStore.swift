public import ContactsModel
import Foundation
import GRDB
import GRDBSQLite

extension Contact {
  init(row: Row) {
    self.init(
      id: row["id"], name: row["name"], email: row["email"], phone: row["phone"], company: row["company"],
      address: row["address"], notes: row["notes"])
  }
}

/// One account's contacts in list order, tested against a search as they are read: SQLite's
/// text straight from the statement, no `Row` or `String` per contact.
private struct ListWalk: ~Copyable {
  private let statement: Statement
  private var matcher: SearchMatcher
  private var isExhausted = false

  init(_ db: Database, account: Int64, terms: SearchTerms) throws {
    statement = try db.makeStatement(
      sql: "SELECT id, sortKey, email, phone, company FROM contact WHERE accountId = ? ORDER BY sortKey, id")
    statement.setUncheckedArguments([account])
    matcher = SearchMatcher(terms)
  }

  /// Reads on until `found` has `count` ids, the list ends (then true), or `budget` contacts
  /// have been read.
  mutating func next(into found: inout [Int64], until count: Int, budget: Int?) throws -> Bool {
    let handle = statement.sqliteStatement
    var read = 0
    while !isExhausted && found.count < count && read < budget ?? .max {
      let code = sqlite3_step(handle)
      guard code == SQLITE_ROW else {
        isExhausted = true
        guard code == SQLITE_DONE else {
          throw DatabaseError(resultCode: ResultCode(rawValue: code), sql: statement.sql)
        }
        break
      }
      read += 1
      func text(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
          start: sqlite3_column_text(handle, column), count: Int(sqlite3_column_bytes(handle, column)))
      }
      if matcher.matches(sortKey: text(1), text(2), text(3), text(4)) {
        found.append(sqlite3_column_int64(handle, 0))
      }
    }
    return isExhausted
  }

  deinit { sqlite3_reset(statement.sqliteStatement) }
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

  /// How many contacts the account has: one row read (the triggers keep the count).
  public func count(account: Int64) async throws -> Int {
    try await database.writer.read { db in
      try Int.fetchOne(db, sql: "SELECT contactCount FROM account WHERE id = ?", arguments: [account]) ?? 0
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

  /// Search totals stop at this many matches ("1,000+").
  public static let searchCountLimit = 1000
  /// How many contacts of the list a search reads in order before it considers the search index.
  static let searchWalkLimit = 3000
  /// How many more walks' worth a search walks on when the first walk's matches are dense
  /// enough to expect the count within them.
  static let searchWalkOn = 20

  /// The first `limit` contacts, in list order, whose name, email, phone or company has words
  /// starting with each word of `query` (case and accents ignored), and how many match, counted
  /// up to `searchCountLimit`.
  ///
  /// The search index's rowids are list keys (see `ContactsSchema.migrateToListKeys`): it gives
  /// an account's matches in list order, so the first `searchCountLimit` + 1 of them are the
  /// page and the count, with no sort, whatever the query. Its cost is SQLite's: FTS5 gathers
  /// every posting of a prefix before the first row (about 0.25 µs each), which is much for
  /// dense short prefixes ("a": millions at 10M contacts). Those are found sooner by walking
  /// the list in order and testing each contact: when the first `searchWalkLimit` contacts
  /// give enough matches to expect the count within `searchWalkOn` more walks, the walk goes
  /// on (that far at most: matches that thin out later still go to the index).
  public func search(account: Int64, query: String, limit: Int) async throws -> ContactSearchResult {
    guard let terms = SearchTerms(query), limit > 0 else {
      return ContactSearchResult(contacts: [], total: 0, isTotalExact: true)
    }
    let countLimit = Self.searchCountLimit
    return try await database.writer.read { db in
      var walk = try ListWalk(db, account: account, terms: terms)
      var found: [Int64] = []
      var walked = try walk.next(into: &found, until: countLimit + 1, budget: Self.searchWalkLimit)
      // Dense enough that, at the same density, `searchWalkOn` more walks' worth finish the
      // count ("nowak": one contact in 30 all along the list): walk on, that far at most.
      if !walked && found.count <= countLimit && countLimit + 1 - found.count <= found.count * Self.searchWalkOn {
        walked = try walk.next(into: &found, until: countLimit + 1, budget: Self.searchWalkLimit * Self.searchWalkOn)
      }
      if walked || found.count > countLimit {
        return try Self.result(db, matches: found, column: "id", limit: limit, countLimit: countLimit)
      }
      let keys = try Int64.fetchAll(
        db,
        sql: "SELECT rowid FROM contact_search WHERE contact_search MATCH ? AND rowid >= ? AND rowid < ? LIMIT ?",
        arguments: [
          terms.pattern, account << ContactsSchema.accountKeyBits, (account + 1) << ContactsSchema.accountKeyBits,
          countLimit + 1,
        ])
      return try Self.result(db, matches: keys, column: "listKey", limit: limit, countLimit: countLimit)
    }
  }

  /// The result for matches in list order (at most `countLimit` + 1 of them), given by their
  /// `column` ("id" or "listKey").
  private static func result(_ db: Database, matches: [Int64], column: String, limit: Int, countLimit: Int) throws
    -> ContactSearchResult
  {
    let page = Array(matches.prefix(limit))
    let rows = try Row.fetchAll(
      db,
      sql: "SELECT *, \(column) AS match FROM contact WHERE \(column) IN (\(databaseQuestionMarks(count: page.count)))",
      arguments: StatementArguments(page))
    let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0["match"] as Int64, Contact(row: $0)) })
    return ContactSearchResult(
      contacts: page.compactMap { byKey[$0] }, total: min(matches.count, countLimit),
      isTotalExact: matches.count <= countLimit)
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
