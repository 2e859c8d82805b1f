public import CardSync
import GRDB

/// One member of the server's listing: a card's href and ETag, or an href the server reports
/// removed (RFC 6578 gives removals only to a listing that started from a token).
public struct ListingEntry: Hashable, Sendable {
  public var href: String
  public var etag: String?
  public var isRemoved: Bool

  public init(href: String, etag: String?, isRemoved: Bool = false) {
    self.href = href
    self.etag = etag
    self.isRemoved = isRemoved
  }
}

extension SyncStore {
  /// Starts a listing of `book` afresh: what an earlier, interrupted sync listed is forgotten.
  public func startListing(book: SyncBook.Key) async throws {
    try await database.writer.write { db in
      try db.execute(
        sql: "DELETE FROM sync_listing WHERE accountId = ? AND book = ?", arguments: [book.account, book.number])
    }
  }

  /// Adds a batch of `book`'s listing (written as it streams in, so it is never held whole).
  /// Synchronous: it is called from inside the parser of the server's response.
  ///
  /// The batch goes in in href order, the order of the listing's index: a server lists in the
  /// order of its files, and inserted in that order each entry read and wrote a page of the
  /// index of its own (at 100,000 the index is ten times SQLite's cache); in order, each page is
  /// read and written once for all the entries that fall in it. Entries with the same href keep
  /// the order they were listed in, so the last one listed wins, as before.
  public func addToListing(_ entries: [ListingEntry], book: SyncBook.Key) throws {
    guard !entries.isEmpty else { return }
    let ordered = entries.enumerated().sorted { ($0.element.href, $0.offset) < ($1.element.href, $1.offset) }
    try database.writer.write { db in
      let statement = try db.cachedStatement(
        sql: "INSERT OR REPLACE INTO sync_listing (accountId, book, href, etag, removed) VALUES (?, ?, ?, ?, ?)")
      for (_, entry) in ordered {
        try statement.execute(arguments: [book.account, book.number, entry.href, entry.etag, entry.isRemoved])
      }
    }
  }

  /// Whether the listing names a card this side holds at the ETag it holds, so unchanged since
  /// this side last heard of it. A listing of the changes since a token kept in an earlier sync
  /// names only cards changed since (RFC 6578 §3.5: created, changed or removed); one that names
  /// an unchanged card is not such a listing, most likely every member of a server that forgot
  /// the token. (A card this side wrote after keeping the token comes back at the ETag it holds
  /// too: a sync cut short while sending then lists every member once, which costs time but
  /// loses nothing.) Asked of `book`'s listing.
  public func listingNamesUnchangedCards(book: SyncBook.Key) async throws -> Bool {
    try await database.writer.read { db in
      try Bool.fetchOne(
        db,
        sql: """
          SELECT EXISTS (
            SELECT 1 FROM sync_listing l JOIN sync_item s ON s.accountId = l.accountId AND s.href = l.href
            WHERE l.accountId = ? AND l.book = ? AND l.removed = 0 AND l.etag != '' AND l.etag = s.etag)
          """, arguments: [book.account, book.number]) ?? false
    }
  }

  /// A card this side holds from the server that `book`'s listing left out, with the ETag held
  /// (the first by href), or nil when the listing named every one. A listing of changes leaves
  /// out a card only because it is unchanged, so the server still has it at that ETag; a server
  /// that forgot the token and listed every member left it out because it is gone. One such
  /// card asked for tells the two apart.
  public func heldCardNotListed(book: SyncBook.Key) async throws -> (href: String, etag: String)? {
    try await database.writer.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT s.href, s.etag FROM sync_item s WHERE s.accountId = ?1 AND s.book = ?2 AND s.etag IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM sync_listing l WHERE l.accountId = ?1 AND l.book = ?2 AND l.href = s.href)
          ORDER BY s.href LIMIT 1
          """, arguments: [book.account, book.number])
      return row.map { (href: $0["href"], etag: $0["etag"]) }
    }
  }

  /// Whether one side of `book` is suddenly empty (`EmptySide`). `complete`: the listing holds
  /// every member (a first listing, or one after a stale token), so a remembered href missing
  /// from it was removed; otherwise only what it reports removed was.
  ///
  /// A card in the middle of a move between books is not counted: which of its two copies the
  /// server holds is what the move settles (a move turned round after the server deleted the
  /// old copy stores it again), so its absence says nothing about the book.
  ///
  /// Asked in the order that costs least when nothing changed: what the listing removed (a join
  /// with a listing of changes is short), then whether the book holds any card and any contact
  /// (each stops at the first); the cards the last sync left are counted only when one side is
  /// empty, for the message.
  public func emptySide(book: SyncBook.Key, complete: Bool) async throws -> EmptySide? {
    try await database.writer.read { db in
      let arguments: StatementArguments = [book.account, book.number]
      let gone =
        try Int.fetchOne(
          db,
          sql: complete
            ? """
            SELECT count(*) FROM sync_item s WHERE s.accountId = ?1 AND s.book = ?2 AND s.etag IS NOT NULL
              AND s.movedFrom IS NULL AND NOT EXISTS (
                SELECT 1 FROM sync_listing l WHERE l.accountId = ?1 AND l.href = s.href AND l.book = ?2 AND l.removed = 0)
            """
            : """
            SELECT count(*) FROM sync_item s JOIN sync_listing l ON l.accountId = s.accountId AND l.href = s.href
            WHERE s.accountId = ?1 AND s.book = ?2 AND l.book = ?2 AND s.etag IS NOT NULL AND s.movedFrom IS NULL
              AND l.removed = 1
            """, arguments: arguments) ?? 0
      let holdsCards =
        try Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS (
              SELECT 1 FROM sync_item WHERE accountId = ? AND book = ? AND etag IS NOT NULL AND movedFrom IS NULL)
            """,
          arguments: arguments) ?? false
      guard holdsCards else { return nil }
      let holdsContacts =
        try Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS (SELECT 1 FROM sync_item s JOIN contact c ON c.accountId = s.accountId AND c.uid = s.uid
              WHERE s.accountId = ? AND s.book = ?)
            """, arguments: arguments) ?? false
      guard gone > 0 || !holdsContacts else { return nil }
      let known =
        try Int.fetchOne(
          db,
          sql:
            "SELECT count(*) FROM sync_item WHERE accountId = ? AND book = ? AND etag IS NOT NULL AND movedFrom IS NULL",
          arguments: arguments) ?? 0
      return EmptySide.check(known: known, stillOnServer: known - gone, localContacts: holdsContacts ? 1 : 0)
    }
  }

  /// The next `limit` hrefs listed for `book` after `after` whose card this side has not seen:
  /// unknown hrefs, and known ones with another ETag. In href order, so the caller pages through
  /// them.
  public func hrefsToFetch(book: SyncBook.Key, after: String?, limit: Int) async throws -> [String] {
    try await database.writer.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT l.href FROM sync_listing l
          LEFT JOIN sync_item s ON s.accountId = l.accountId AND s.href = l.href
          WHERE l.accountId = ? AND l.book = ? AND l.removed = 0 AND l.href > ?
            AND (s.etag IS NULL OR l.etag IS NULL OR s.etag != l.etag)
          ORDER BY l.href LIMIT ?
          """, arguments: [book.account, book.number, after ?? "", limit])
    }
  }

  /// How many hrefs listed for `book` hold cards this side has not seen (for progress).
  public func countToFetch(book: SyncBook.Key) async throws -> Int {
    try await database.writer.read { db in
      try Int.fetchOne(
        db,
        sql: """
          SELECT count(*) FROM sync_listing l
          LEFT JOIN sync_item s ON s.accountId = l.accountId AND s.href = l.href
          WHERE l.accountId = ? AND l.book = ? AND l.removed = 0 AND (s.etag IS NULL OR l.etag IS NULL OR s.etag != l.etag)
          """, arguments: [book.account, book.number]) ?? 0
    }
  }
}
