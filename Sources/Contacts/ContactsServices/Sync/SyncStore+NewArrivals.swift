import CSQLiteTriggers
import ContactsModel
import Foundation
import GRDB

extension SyncStore {
  /// Below this many new cards in a batch, writing them together saves less than it costs (the
  /// triggers switched off and on below make the connection's prepared statements compile
  /// again).
  static let fewestWrittenTogether = 32

  /// Runs `body` with the triggers of `db`'s connection off, and turns them on again before
  /// returning or throwing. `body` inserts contacts and nothing else: the triggers an insert
  /// fires (`contact_search_insert`, `contact_count_insert`, `sync_mark_insert`,
  /// `contact_book_insert`: the list key and search index entry, the account's count, the sync
  /// mark, the contact's book) are the work `writeNew` does once for the batch.
  ///
  /// Why not drop the triggers and create them again, as this did before: that changes the
  /// schema twice a batch, so every other connection (the reader that asks for held ETags) read
  /// the whole schema again, and this one parsed the list-key trigger twice, about 13M
  /// instructions a batch of 500 (7% of a first download). The switch belongs to the
  /// connection, not to the file, so a sync killed inside `body` leaves nothing behind: the
  /// transaction rolls back and the next connection has its triggers.
  static func withoutTriggers<T>(_ db: Database, _ body: () throws -> T) throws -> T {
    guard let connection = db.sqliteConnection, tf_sqlite3_enable_triggers(connection, 0) == 0 else {
      throw SyncStoreError.triggersStayedOn
    }
    defer { _ = tf_sqlite3_enable_triggers(connection, 1) }
    return try body()
  }

  /// Whether this side knows each of `cards`: a contact with its UID, or an item under its UID
  /// or at its href. Two queries for the batch, not three for each card.
  static func areKnown(_ cards: [RemoteCard], account: Int64, _ db: Database) throws -> [Bool] {
    let knownUIDs = try Set(
      String.fetchAll(
        db,
        sql: """
          SELECT uid FROM sync_item WHERE accountId = ?1 AND uid IN (SELECT value FROM json_each(?2))
          UNION SELECT uid FROM contact WHERE accountId = ?1 AND uid IN (SELECT value FROM json_each(?2))
          """, arguments: [account, try SQLStringList.json(cards.map { $0.uid ?? "" })]))
    let knownHrefs = try Set(
      String.fetchAll(
        db,
        sql: """
          SELECT href FROM sync_item INDEXED BY sync_item_by_href
          WHERE accountId = ? AND href IN (SELECT value FROM json_each(?))
          """, arguments: [account, try SQLStringList.json(cards.map(\.href))]))
    return cards.map { knownUIDs.contains($0.uid ?? "") || knownHrefs.contains($0.href) }
  }

  /// Writes cards new to this side (`NewArrivals`) as contacts with their items, inside the
  /// caller's transaction, the way the seeder does: the insert triggers are off while the
  /// batch's contacts go in (`withoutTriggers`) and their work is done once for all of it. The
  /// contacts go in in list order with list keys spread over the gaps between their neighbours'
  /// (`ListKeySpread`), their search-index entries are left to `pending` (written once for the
  /// transaction's batches, `PendingSearchRows`), the count moves once, and each item is
  /// written clean (the server has the card). Each contact's card is the server's text as it
  /// came, which is also the item's base (schema v8): stored once. The triggers are on again
  /// before anything else is written, so a sync killed anywhere leaves the database as it was
  /// or with the whole transaction in.
  ///
  /// When the keys around the new contacts leave too little room (a book arriving in random
  /// list order splits the same gaps again and again), the account's keys are first spread
  /// afresh (`ContactsSchema.spreadListKeys`). Returns false, having written nothing, only when
  /// even that leaves no room: each is then inserted on its own and the triggers renumber.
  static func writeNew(
    _ cards: [RemoteCard], book: SyncBook.Key, now: Date, pending: inout PendingSearchRows, _ db: Database
  ) throws -> Bool {
    let account = book.account
    let arrived = cards.compactMap { remote -> NewRow? in
      guard let card = remote.card, let uid = remote.uid else { return nil }
      var contact = Contact(card: card)
      contact.uid = uid
      contact.revision = contact.revision ?? now
      // The server's text is the contact's card, and its item's base while it is clean (v8).
      return NewRow(
        remote: remote, values: StoredContact.values(of: contact, card: remote.text),
        sortKey: Array(ContactPosition.sortKey(for: contact.name).utf8))
    }
    // SQLite compares the sort keys as bytes (BINARY), and so does this order.
    let rows = arrived.sorted { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }
    var keys = try listKeys(for: rows, account: account, db)
    if keys == nil {
      // Spreading moves every entry of the account's search index: the pending ones first.
      try pending.write(db)
      try ContactsSchema.spreadListKeys(account: account, making: rows.count, db)
      keys = try listKeys(for: rows, account: account, db)
    }
    guard let keys else { return false }

    let firstID = try withoutTriggers(db) {
      let columns = StoredContact.columns
      let insert = try db.makeStatement(
        sql: """
          INSERT INTO contact (accountId, listKey, book, \(columns.joined(separator: ", ")))
          VALUES (?, ?, ?, \(databaseQuestionMarks(count: columns.count)))
          """)
      var firstID: Int64?
      for (row, key) in zip(rows, keys) {
        // The contact's book (schema v10), which the item's trigger would have written.
        var arguments: StatementArguments = [account, key, book.number]
        arguments += row.values
        try insert.execute(arguments: arguments)
        if firstID == nil { firstID = db.lastInsertedRowID }
      }
      return firstID
    }
    if let firstID { pending.add(from: firstID) }
    try db.execute(
      sql: "UPDATE account SET contactCount = contactCount + ? WHERE id = ?", arguments: [rows.count, account])
    // Clean: the server has the card. No base: while clean it is the contact's card (v8). No
    // fingerprint: most cards are never compared (made when one is, see `itemMemory`).
    let item = try db.cachedStatement(
      sql: "INSERT INTO sync_item (accountId, uid, book, href, etag, dirty) VALUES (?, ?, ?, ?, ?, 0)")
    // A card that could not be read before and can now is no longer a problem (asked once for
    // the batch: a book almost never has any).
    let hasProblems =
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_problem WHERE accountId = ?)", arguments: [account])
      ?? false
    let problem =
      hasProblems ? try db.cachedStatement(sql: "DELETE FROM sync_problem WHERE accountId = ? AND href = ?") : nil
    // In the order the cards came, which a download makes href order (mostly UID order too):
    // the order of the items' indexes.
    for row in arrived {
      try item.execute(arguments: [account, row.remote.uid, book.number, row.remote.href, row.remote.etag])
      try problem?.execute(arguments: [account, row.remote.href])
    }
    return true
  }

  /// A new contact's row: its card, the values of its columns, its sort key's bytes.
  struct NewRow {
    var remote: RemoteCard
    var values: StatementArguments
    var sortKey: [UInt8]
  }

  /// List keys for `rows` (in list order, all after every stored contact of the same sort key,
  /// since their ids will be larger), from the keys of the stored contacts around each; nil when
  /// some gap is too small. Throws when the database answers another number of rows than it was
  /// asked for, which a sound database never does.
  private static func listKeys(for rows: [NewRow], account: Int64, _ db: Database) throws -> [Int64]? {
    // One query for the batch: each distinct sort key (rows of one key are neighbours in the
    // list order) with the stored contacts' keys around it.
    var distinct: [String] = []
    for (index, row) in rows.enumerated() where index == 0 || row.sortKey != rows[index - 1].sortKey {
      distinct.append(String(decoding: row.sortKey, as: UTF8.self))
    }
    let found = try Row.fetchAll(
      db,
      sql: """
        SELECT
          (SELECT listKey FROM contact WHERE accountId = ?1 AND sortKey <= key.value ORDER BY sortKey DESC, id DESC LIMIT 1),
          (SELECT listKey FROM contact WHERE accountId = ?1 AND sortKey > key.value ORDER BY sortKey, id LIMIT 1)
        FROM json_each(?2) AS key ORDER BY key.key
        """, arguments: [account, try SQLStringList.json(distinct)])
    guard found.count == distinct.count else {
      throw SyncStoreError.listPositionsUnreadable(asked: distinct.count, answered: found.count)
    }
    var neighbours: [ListKeySpread.Neighbours] = []
    neighbours.reserveCapacity(rows.count)
    var next = found.makeIterator()
    for (index, row) in rows.enumerated() {
      if index > 0, row.sortKey == rows[index - 1].sortKey, let last = neighbours.last {
        neighbours.append(last)
      } else if let around = next.next() {
        neighbours.append(ListKeySpread.Neighbours(previous: around[0], next: around[1]))
      }
    }
    return ListKeySpread.keys(for: neighbours, account: account)
  }
}
