public import ContactsModel
import Foundation
import GRDB
import GRDBSQLite

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
  /// contacts the account already has. `progress` receives the number inserted so far, every
  /// 100,000 rows and once all are in (the indexes are built after that).
  ///
  /// At 10M contacts the time goes to SQLite (about 190 s, most of it building the search index
  /// with its prefix indexes and every contact's phone words); the rest is kept off its path:
  /// - rows are inserted in list order (by sort key), so the table's pages are written in order,
  ///   the sort index is built from sorted input, and the list keys are numbered as they go in;
  /// - the next batch of rows is generated on another thread while SQLite inserts this one, as
  ///   UTF-8 in one buffer that is bound without copies, 64 rows per statement;
  /// - the search index is filled in one statement at the end with automatic merging off, then
  ///   merged once (`optimize`), instead of being merged level by level as it grows;
  /// - for the duration: a large page cache, no fsync, and a rollback journal instead of the WAL
  ///   (the data is written once instead of twice); all restored afterwards.
  public func addContacts(
    _ count: Int, to account: Int64, now: Date = Date(), progress: @escaping @Sendable (Int) -> Void = { _ in }
  ) async throws {
    guard count > 0 else { return }
    let updatedAt = now.timeIntervalSince1970
    // Readers wait for the seed (barrier), and none stays open: see the journal mode below.
    database.writer.invalidateReadOnlyConnections()
    try await database.writer.barrierWriteWithoutTransaction { db in
      // No fsync for the seed's commit and checkpoint (gigabytes at 10M): a crash of the
      // program still rolls the seed back; only an OS crash could cost the new data.
      let synchronous = try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? 1
      let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
      try db.execute(sql: "PRAGMA synchronous = OFF; PRAGMA cache_size = -2000000")
      defer { try? db.execute(sql: "PRAGMA synchronous = \(synchronous); PRAGMA cache_size = \(cacheSize)") }
      // A rollback journal while seeding, when no other connection is open: new pages go to the
      // database file once, instead of to the WAL and then again to the file at the checkpoint.
      // An interrupted seed still rolls back (the journal holds the few pages it overwrote).
      let journal = try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
      defer { if journal == "delete" { _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") } }
      try db.inTransaction {
        try insert(count, to: account, updatedAt: updatedAt, db, progress: progress)
        return .commit
      }
    }
  }

  private func insert(
    _ count: Int, to account: Int64, updatedAt: Double, _ db: Database, progress: @Sendable (Int) -> Void
  ) throws {
    let start =
      try Int.fetchOne(db, sql: "SELECT contactCount FROM account WHERE id = ?", arguments: [account]) ?? 0
    let lastID = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM contact") ?? 0

    let triggers = try Row.fetchAll(
      db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'contact'")
    for trigger in triggers { try db.execute(sql: "DROP TRIGGER \(trigger["name"] as String)") }
    try db.execute(sql: "DROP INDEX contact_by_account_sortKey")

    // Many rows per statement: the per-statement work (and AUTOINCREMENT's bookkeeping) is
    // paid once per `rowsPerStatement` rows.
    let rowsPerStatement = 64
    // The list key of a statement's row `r` is ?3 + r * ?4: the first row's and the gap (NULL
    // when the account has contacts already: the account is numbered afresh at the end).
    let fields = ContactGenerator.Rows.fieldsPerRow
    func statement(rows: Int) throws -> Statement {
      let values = (0..<rows).map { row in
        let first = 5 + row * fields
        let parameters = (first..<(first + fields)).map { "?\($0)" }.joined(separator: ", ")
        return "(?1, \(parameters), '', ?2, ?3 + \(row) * ?4, \(ContactsSchema.randomUUID))"
      }
      return try db.makeStatement(
        sql: """
          INSERT INTO contact (accountId, name, sortKey, email, phone, phoneWords, company, address, notes, updatedAt,
            listKey, uid)
          VALUES \(values.joined(separator: ", "))
          """)
    }
    // A new list: keys in list order as the rows go in.
    let gap = ContactsSchema.listKeyGap(count: count)
    let firstKey = start == 0 ? (account << ContactsSchema.accountKeyBits) + gap : nil
    let fullStatement = try statement(rows: rowsPerStatement)
    let order = Self.listOrder(of: start..<(start + count))
    let batchSize = 8192
    var pending = Batch.generate(order, from: 0, count: min(batchSize, count))
    var inserted = 0
    while inserted < count {
      let rows = pending.wait()
      let next = inserted + rows.count
      if next < count { pending = Batch.generate(order, from: next, count: min(batchSize, count - next)) }
      var row = 0
      while row < rows.count {
        let end = min(row + rowsPerStatement, rows.count)
        let insert = end - row == rowsPerStatement ? fullStatement : try statement(rows: end - row)
        let key = firstKey.map { $0 + Int64(inserted + row) * gap }
        try Self.execute(insert, account: account, updatedAt: updatedAt, key: key, gap: gap, rows: rows, row..<end, db)
        row = end
      }
      if next == count {
        progress(count)
      } else if next / 100_000 > inserted / 100_000 {
        progress(next / 100_000 * 100_000)
      }
      inserted = next
    }

    let createSortIndex = "CREATE INDEX contact_by_account_sortKey ON contact(accountId, sortKey, id)"
    if firstKey != nil {
      try ContactsSchema.fillSearchIndex(db, where: "id > ?", arguments: [lastID])
      // After the search index: its final merge frees the pages of the segments it merged (a
      // fifth of the file at 10M), and the sort index fills some of them instead of growing it.
      try db.execute(sql: createSortIndex)
    } else {
      // The new contacts are among the old ones: the account is numbered afresh in list order
      // (old keys step aside first, so that none clashes in the unique index), and the search
      // index rebuilt.
      try db.execute(sql: createSortIndex)
      let bits = ContactsSchema.accountKeyBits
      try db.execute(sql: "UPDATE contact SET listKey = -listKey WHERE accountId = ?", arguments: [account])
      try db.execute(
        sql: """
          UPDATE contact SET listKey = numbered.listKey FROM (
            SELECT id, (?1 << \(bits)) + row_number() OVER (ORDER BY sortKey, id) * ?2 AS listKey
            FROM contact WHERE accountId = ?1) AS numbered
          WHERE contact.id = numbered.id
          """, arguments: [account, ContactsSchema.listKeyGap(count: start + count)])
      try db.execute(sql: "INSERT INTO contact_search (contact_search) VALUES ('rebuild')")
    }
    for trigger in triggers { try db.execute(sql: trigger["sql"]) }
    try db.execute(
      sql: "UPDATE account SET contactCount = contactCount + ? WHERE id = ?", arguments: [count, account])
    // What the sync triggers would have done: a linked account's new contacts are to send.
    try db.execute(
      sql: """
        INSERT OR IGNORE INTO sync_item (accountId, uid, dirty)
        SELECT accountId, uid, 1 FROM contact
        WHERE accountId = ?1 AND EXISTS (SELECT 1 FROM sync_link WHERE accountId = ?1)
        """, arguments: [account])
  }

  /// Runs `insert` (an INSERT of `range.count` rows) with the fields of `rows` in `range`, bound
  /// straight from their buffer: at 10M rows, binding through `StatementArguments` costs more
  /// than SQLite's own work.
  private static func execute(
    _ insert: Statement, account: Int64, updatedAt: Double, key: Int64?, gap: Int64, rows: ContactGenerator.Rows,
    _ range: Range<Int>, _ db: Database
  ) throws {
    let statement = insert.sqliteStatement
    let fields = ContactGenerator.Rows.fieldsPerRow
    var code = sqlite3_bind_int64(statement, 1, account)
    if code == SQLITE_OK { code = sqlite3_bind_double(statement, 2, updatedAt) }
    if code == SQLITE_OK { code = key.map { sqlite3_bind_int64(statement, 3, $0) } ?? sqlite3_bind_null(statement, 3) }
    if code == SQLITE_OK { code = sqlite3_bind_int64(statement, 4, gap) }
    rows.bytes.withUnsafeBufferPointer { bytes in
      let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
      var parameter: Int32 = 5
      for field in (range.lowerBound * fields)..<(range.upperBound * fields) where code == SQLITE_OK {
        let start = field == 0 ? 0 : rows.ends[field - 1]
        // SQLITE_STATIC (nil): the buffer outlives the statement's step below.
        code = sqlite3_bind_text(statement, parameter, base.map { $0 + start }, Int32(rows.ends[field] - start), nil)
        parameter += 1
      }
      if code == SQLITE_OK { code = sqlite3_step(statement) }
      sqlite3_reset(statement)
    }
    guard code == SQLITE_DONE || code == SQLITE_OK else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
        sql: insert.sql)
    }
  }

  /// The generator's indices in `range`, in list order: by the generated name's sort key, then
  /// by index (the order their ids will have). A counting sort by name: there are few names.
  static func listOrder(of range: Range<Int>) -> [Int] {
    let generator = ContactGenerator()
    let ranks = ContactGenerator.table.ranks
    var counts = [Int](repeating: 0, count: ranks.count + 1)
    var keys = [UInt16](repeating: 0, count: range.count)
    for (offset, index) in range.enumerated() {
      let rank = ranks[generator.name(index)]
      keys[offset] = UInt16(rank)
      counts[rank + 1] += 1
    }
    for rank in 1..<counts.count { counts[rank] += counts[rank - 1] }
    var order = [Int](repeating: 0, count: range.count)
    for (offset, key) in keys.enumerated() {
      order[counts[Int(key)]] = range.lowerBound + offset
      counts[Int(key)] += 1
    }
    return order
  }
}

/// Rows generated on another thread: `generate` starts the work, `wait` takes the result.
private final class Batch: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  // Written once on the generating thread before `done` is signalled; read after waiting.
  private var rows = ContactGenerator.Rows()

  static func generate(_ order: [Int], from start: Int, count: Int) -> Batch {
    let batch = Batch()
    DispatchQueue.global().async {
      let generator = ContactGenerator()
      var rows = ContactGenerator.Rows()
      rows.bytes.reserveCapacity(count * 160)
      rows.ends.reserveCapacity(count * ContactGenerator.Rows.fieldsPerRow)
      for index in order[start..<(start + count)] { generator.append(index, to: &rows) }
      batch.rows = rows
      batch.done.signal()
    }
    return batch
  }

  func wait() -> ContactGenerator.Rows {
    done.wait()
    return rows
  }
}
