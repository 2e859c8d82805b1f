import GRDB

/// The server's cards that cannot be taken here (unreadable, or a UID the server holds at two
/// hrefs): kept in `sync_problem` and reported by every sync until they are gone.
extension SyncStore {
  /// The problem cards this sync's listing did not list: a listing of changes leaves out those
  /// unchanged, a whole listing those the server no longer has. The sync fetches them again.
  public func problemsNotListed(book: SyncBook.Key) async throws -> [String] {
    try await database.writer.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT p.href FROM sync_problem p WHERE p.accountId = ?1 AND p.book = ?2 AND NOT EXISTS (
            SELECT 1 FROM sync_listing l WHERE l.accountId = ?1 AND l.href = p.href AND l.book = ?2 AND l.removed = 0)
          ORDER BY p.href
          """, arguments: [book.account, book.number])
    }
  }

  /// The server no longer has the cards at `hrefs`: they are no problem any more.
  public func clearProblems(_ hrefs: [String], account: Int64) async throws {
    guard !hrefs.isEmpty else { return }
    try await database.writer.write { db in
      for href in hrefs {
        try db.execute(sql: "DELETE FROM sync_problem WHERE accountId = ? AND href = ?", arguments: [account, href])
      }
    }
  }
}
