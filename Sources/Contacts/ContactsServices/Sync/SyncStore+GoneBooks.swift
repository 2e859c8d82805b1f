import Foundation
import GRDB

extension SyncStore {
  /// The contacts of the account's book `book` (their ids): what moving a whole book moves.
  public func contactIDs(in book: SyncBook.Key) async throws -> [Int64] {
    try await database.writer.read { db in
      try Int64.fetchAll(
        db, sql: "SELECT id FROM contact WHERE accountId = ? AND book = ? ORDER BY sortKey, id",
        arguments: [book.account, book.number])
    }
  }

  /// Moves every contact of the account's book `from` to its book `to` (`move(contacts:to:)`);
  /// when `from` is a book the server no longer has and the move emptied it, unlinks it too:
  /// nothing of it is left to sync or keep, and the user chose where its contacts went.
  /// Returns the move and whether the book was unlinked.
  public func moveAll(from: SyncBook.Key, to: SyncBook.Key) async throws -> (
    moved: BookMoveOutcome, unlinked: Bool
  ) {
    let moved = try await move(contacts: contactIDs(in: from), to: to)
    let isGone = try await database.writer.read { db in
      try Bool.fetchOne(
        db, sql: "SELECT goneSince IS NOT NULL FROM sync_book WHERE accountId = ? AND number = ?",
        arguments: [from.account, from.number]) ?? false
    }
    guard isGone, try await contactIDs(in: from).isEmpty else { return (moved, false) }
    _ = try await unlinkGoneBook(from)
    return (moved, true)
  }

  /// Unlinks `book`, a book the server no longer has, keeping its contacts here only: their
  /// items go (so nothing of them is sent anywhere, and the list names no book for them), with
  /// the book's listing and problems; a default book's role goes to the first book left; moves
  /// out of it are finished (the server has no old copy to delete).
  /// Returns how many contacts stay here unsynced. A book the server still has is refused
  /// (`SyncStoreError.bookNotGone`): its contacts are on the server.
  public func unlinkGoneBook(_ book: SyncBook.Key) async throws -> Int {
    try await database.writer.write { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT goneSince, isDefault FROM sync_book WHERE accountId = ? AND number = ?",
          arguments: [book.account, book.number])
      else { throw SyncStoreError.notLinked }
      guard row["goneSince"] as Double? != nil else { throw SyncStoreError.bookNotGone }
      let arguments: StatementArguments = [book.account, book.number]
      let kept =
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM contact WHERE accountId = ? AND book = ?", arguments: arguments) ?? 0
      try db.execute(sql: "DELETE FROM sync_item WHERE accountId = ? AND book = ?", arguments: arguments)
      // Contacts moved out of it have no old copy to delete there: their moves are done.
      try db.execute(
        sql:
          "UPDATE sync_item SET movedFrom = NULL, movedHref = NULL, movedETag = NULL WHERE accountId = ? AND movedFrom = ?",
        arguments: arguments)
      try db.execute(sql: "DELETE FROM sync_listing WHERE accountId = ? AND book = ?", arguments: arguments)
      try db.execute(sql: "DELETE FROM sync_problem WHERE accountId = ? AND book = ?", arguments: arguments)
      try db.execute(sql: "DELETE FROM sync_book WHERE accountId = ? AND number = ?", arguments: arguments)
      if row["isDefault"] as Bool == true {
        try db.execute(
          sql: """
            UPDATE sync_book SET isDefault = 1 WHERE accountId = ?1
              AND number = (SELECT number FROM sync_book WHERE accountId = ?1 ORDER BY goneSince IS NOT NULL, number LIMIT 1)
            """, arguments: [book.account])
      }
      return kept
    }
  }
}
