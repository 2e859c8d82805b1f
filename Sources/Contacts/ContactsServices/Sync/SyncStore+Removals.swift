import CardSync
import GRDB

extension SyncStore {
  /// Applies what the server removed from `book`, in transactions of `batch` contacts: with a
  /// `complete` listing, every remembered card of the book it does not hold; otherwise the hrefs
  /// it reported removed. Each is decided by `RemovalDecision` (an edit made here wins over the
  /// server's delete).
  public func applyRemovals(book: SyncBook.Key, complete: Bool, batch: Int = 1_000) async throws -> ArrivalTally {
    let account = book.account
    var total = ArrivalTally()
    while true {
      let tally = try await database.writer.write { db -> ArrivalTally? in
        let uids = try String.fetchAll(
          db,
          sql: complete
            ? """
            SELECT s.uid FROM sync_item s WHERE s.accountId = ?1 AND s.book = ?2 AND s.etag IS NOT NULL AND NOT EXISTS (
              SELECT 1 FROM sync_listing l WHERE l.accountId = ?1 AND l.href = s.href AND l.book = ?2 AND l.removed = 0)
            LIMIT ?3
            """
            : """
            SELECT s.uid FROM sync_listing l JOIN sync_item s ON s.accountId = l.accountId AND s.href = l.href
            WHERE l.accountId = ?1 AND l.book = ?2 AND s.book = ?2 AND l.removed = 1 AND s.etag IS NOT NULL LIMIT ?3
            """, arguments: [account, book.number, batch])
        guard !uids.isEmpty else { return nil }
        var tally = ArrivalTally()
        for uid in uids { try Self.applyRemoval(uid: uid, account: account, tally: &tally, db) }
        return tally
      }
      guard let tally else { return total }
      total.deletedHere += tally.deletedHere
    }
  }

  /// The server no longer has the card of `uid`.
  static func applyRemoval(uid: String, account: Int64, tally: inout ArrivalTally, _ db: Database) throws {
    let item = try Row.fetchOne(
      db, sql: "SELECT * FROM sync_item WHERE accountId = ? AND uid = ?", arguments: [account, uid])
    let row = try Row.fetchOne(
      db, sql: "SELECT * FROM contact WHERE accountId = ? AND uid = ?", arguments: [account, uid])
    switch RemovalDecision.decide(local: localSide(stored: row.map(StoredContact.contact), item: item)) {
    case .deleteLocal:
      try db.execute(sql: "DELETE FROM contact WHERE accountId = ? AND uid = ?", arguments: [account, uid])
      try db.execute(sql: "DELETE FROM sync_item WHERE accountId = ? AND uid = ?", arguments: [account, uid])
      tally.deletedHere += 1
    case .sendAgain:
      // Sent as new (If-None-Match) at the same href; no base: the server's side is gone.
      try db.execute(
        sql: """
          UPDATE sync_item SET etag = NULL, base = NULL, baseHash = NULL, conflictCard = NULL, conflictETag = NULL
          WHERE accountId = ? AND uid = ?
          """, arguments: [account, uid])
    case .forget:
      try db.execute(sql: "DELETE FROM sync_item WHERE accountId = ? AND uid = ?", arguments: [account, uid])
    }
  }
}
