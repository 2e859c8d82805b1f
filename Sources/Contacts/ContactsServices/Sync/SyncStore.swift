public import Foundation
import GRDB

/// What a sync remembers, in the contacts database: the account's link to its address book,
/// and per contact where the server keeps it and what both sides last agreed on.
///
/// Every write that moves a contact and its sync state moves them in one transaction, so a sync
/// stopped at any instant (killed, cut off, out of power) leaves the two consistent, and the
/// next sync converges from there. The decisions are made by `CardSync`'s pure functions; this
/// type only reads what they need and writes what they decided.
public final class SyncStore: Sendable {
  let database: ContactsDatabase
  let now: @Sendable () -> Date

  public init(database: ContactsDatabase, now: @escaping @Sendable () -> Date = Date.init) {
    self.database = database
    self.now = now
  }

  /// The account's link, if it has one, with its books.
  public func link(account: Int64) async throws -> SyncLink? {
    try await database.writer.read { db in try Self.link(account: account, db) }
  }

  /// Links the account to its address books, replacing any link it had (and all it
  /// remembered). Every contact the account has is new to the server: each gets an item marked
  /// to send, in the default book.
  public func saveLink(_ link: SyncLink) async throws {
    let created = now().timeIntervalSince1970
    try await database.writer.write { db in
      try db.execute(sql: "DELETE FROM sync_link WHERE accountId = ?", arguments: [link.account])
      var sealed: SealedPassword?
      var command: String?
      switch link.password {
      case .sealed(let password): sealed = password
      case .command(let line): command = line
      }
      try db.execute(
        sql: """
          INSERT INTO sync_link (accountId, username, sealedPassword, sealSalt, sealRounds, passwordCommand, lastSyncAt,
            lastError, createdAt)
          VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, ?)
          """,
        arguments: [link.account, link.username, sealed?.box, sealed?.salt, sealed?.rounds, command, created])
      let defaultNumber = link.defaultBook?.key.number
      for book in link.books {
        try db.execute(
          sql: """
            INSERT INTO sync_book (accountId, number, url, name, cardVersion, syncToken, isDefault)
            VALUES (?, ?, ?, ?, ?, NULL, ?)
            """,
          arguments: [
            link.account, book.key.number, book.url.absoluteString, book.name, book.cardVersion,
            book.key.number == defaultNumber,
          ])
      }
      try db.execute(
        sql: """
          INSERT INTO sync_item (accountId, uid, dirty, book)
          SELECT accountId, uid, 1, \(ContactsSchema.defaultBook("?1")) FROM contact WHERE accountId = ?1
          """,
        arguments: [link.account])
    }
  }

  /// Changes how the server password is had (a new password sealed, or a command), keeping
  /// everything the link remembers: its token, where each card is and the merge bases. A
  /// password changed on the server needs this, not a new link. Throws when the account has no
  /// link.
  public func replacePassword(account: Int64, with source: SyncLink.PasswordSource) async throws {
    var sealed: SealedPassword?
    var command: String?
    switch source {
    case .sealed(let password): sealed = password
    case .command(let line): command = line
    }
    try await database.writer.write { [sealed, command] db in
      try db.execute(
        sql: """
          UPDATE sync_link SET sealedPassword = ?, sealSalt = ?, sealRounds = ?, passwordCommand = ?, lastError = NULL
          WHERE accountId = ?
          """,
        arguments: [sealed?.box, sealed?.salt, sealed?.rounds, command, account])
      guard db.changesCount == 1 else { throw SyncStoreError.notLinked }
    }
  }

  /// Makes `book` the one new contacts of its account go to (the others stop being it).
  /// Throws when the account links no such book.
  public func makeDefault(_ book: SyncBook.Key) async throws {
    try await database.writer.write { db in
      let exists = try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM sync_book WHERE accountId = ? AND number = ?)",
        arguments: [book.account, book.number])
      guard exists == true else { throw SyncStoreError.notLinked }
      try db.execute(
        sql: "UPDATE sync_book SET isDefault = (number = ?) WHERE accountId = ?",
        arguments: [book.number, book.account])
    }
  }

  /// Unlinks the account: the link and everything it remembered go; the contacts stay.
  public func forget(account: Int64) async throws {
    try await database.writer.write { db in
      try db.execute(sql: "DELETE FROM sync_link WHERE accountId = ?", arguments: [account])
    }
  }

  /// Records that the server no longer has `book` (it answered 404 for the collection): it is
  /// not synced from now on, and nothing of it is deleted here: its contacts stay, with what the
  /// link remembers of them, until the user says what becomes of them.
  public func markGone(_ book: SyncBook.Key) async throws {
    let since = now().timeIntervalSince1970
    try await database.writer.write { db in
      try db.execute(
        sql: "UPDATE sync_book SET goneSince = ? WHERE accountId = ? AND number = ? AND goneSince IS NULL",
        arguments: [since, book.account, book.number])
    }
  }

  /// Records how a sync ended: its time and, when it failed, why (nil: it succeeded).
  public func recordEnd(account: Int64, error: String?) async throws {
    let ended = now().timeIntervalSince1970
    try await database.writer.write { db in
      try db.execute(
        sql: "UPDATE sync_link SET lastSyncAt = ?, lastError = ? WHERE accountId = ?",
        arguments: [ended, error, account])
    }
  }

  /// Keeps the token of a listing of `book` whose every change is now applied here.
  public func saveToken(_ token: String?, book: SyncBook.Key) async throws {
    try await database.writer.write { db in
      try db.execute(
        sql: "UPDATE sync_book SET syncToken = ? WHERE accountId = ? AND number = ?",
        arguments: [token, book.account, book.number])
      // The listing is spent: one still here when a sync starts was cut short (see
      // `listingWasCutShort`).
      try db.execute(
        sql: "DELETE FROM sync_listing WHERE accountId = ? AND book = ?", arguments: [book.account, book.number])
    }
  }

  /// Whether the last sync of `book` stopped between listing and keeping the listing's token.
  /// It may have applied cards newer than the token it kept, and a server whose tokens name its
  /// content (Xandikos) answers from that token with the net change only: a card created and
  /// deleted since then is never reported removed, though this side applied its creation. So
  /// the next sync lists every member instead of trusting the old token.
  public func listingWasCutShort(book: SyncBook.Key) async throws -> Bool {
    try await database.writer.read { db in
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM sync_listing WHERE accountId = ? AND book = ?)",
        arguments: [book.account, book.number]) ?? false
    }
  }

  /// The contacts the server refused, by name, with its reason.
  public func refusals(account: Int64) async throws -> [(name: String, reason: String)] {
    try await database.writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT ifnull(c.name, s.uid) AS name, s.refusedReason AS reason FROM sync_item s
          LEFT JOIN contact c ON c.accountId = s.accountId AND c.uid = s.uid
          WHERE s.accountId = ? AND s.refusedReason IS NOT NULL ORDER BY c.sortKey
          """, arguments: [account]
      ).map { (name: $0["name"], reason: $0["reason"]) }
    }
  }

  /// The server's cards that cannot be read here, by href, with why: left alone on both sides.
  public func problems(account: Int64) async throws -> [(href: String, reason: String)] {
    try await database.writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT href, reason FROM sync_problem WHERE accountId = ? ORDER BY href", arguments: [account]
      ).map { (href: $0["href"], reason: $0["reason"]) }
    }
  }

  /// What waits for the user at the end of a sync: conflicts, contacts the server refused, and
  /// cards on the server that cannot be taken here. Three counts, without the books' (which
  /// `status` reads from every item).
  public func outstanding(account: Int64) async throws -> (conflicts: Int, refused: Int, problems: Int) {
    try await database.writer.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT
            (SELECT count(*) FROM sync_item WHERE accountId = ?1 AND conflictCard IS NOT NULL) AS conflicts,
            (SELECT count(*) FROM sync_item WHERE accountId = ?1 AND refusedReason IS NOT NULL) AS refused,
            (SELECT count(*) FROM sync_problem WHERE accountId = ?1) AS problems
          """, arguments: [account])
      return (row?["conflicts"] ?? 0, row?["refused"] ?? 0, row?["problems"] ?? 0)
    }
  }

  /// Where the link stands: for `contacts sync status` and the app's header.
  public func status(account: Int64) async throws -> SyncStatus? {
    try await database.writer.read { db in
      guard let link = try Self.link(account: account, db) else { return nil }
      let counts = try Row.fetchOne(
        db,
        sql: """
          SELECT
            (SELECT count(*) FROM sync_item WHERE accountId = ?1 AND dirty = 1 AND conflictCard IS NULL AND refusedReason IS NULL) AS pending,
            (SELECT count(*) FROM sync_item WHERE accountId = ?1 AND refusedReason IS NOT NULL) AS refused,
            (SELECT count(*) FROM sync_item WHERE accountId = ?1 AND conflictCard IS NOT NULL) AS conflicts,
            (SELECT count(*) FROM sync_problem WHERE accountId = ?1) AS problems,
            (SELECT count(*) FROM sync_item WHERE accountId = ?1 AND etag IS NOT NULL) AS onServer
          """, arguments: [account])
      // One pass over the account's items for every book's counts.
      var byBook: [Int: (contacts: Int, onServer: Int, pending: Int)] = [:]
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT s.book, count(c.id) AS contacts, count(s.etag) AS onServer,
            sum(s.dirty = 1 AND s.conflictCard IS NULL AND s.refusedReason IS NULL) AS pending
          FROM sync_item s LEFT JOIN contact c ON c.accountId = s.accountId AND c.uid = s.uid
          WHERE s.accountId = ? GROUP BY s.book
          """, arguments: [account])
      while let row = try rows.next() {
        byBook[row["book"]] = (row["contacts"], row["onServer"], row["pending"] ?? 0)
      }
      return SyncStatus(
        link: link, pending: counts?["pending"] ?? 0, conflicts: counts?["conflicts"] ?? 0,
        problems: counts?["problems"] ?? 0, refused: counts?["refused"] ?? 0, onServer: counts?["onServer"] ?? 0,
        books: link.books.map { book in
          let count = byBook[book.key.number]
          return SyncStatus.Book(
            book: book, contacts: count?.contacts ?? 0, onServer: count?.onServer ?? 0, pending: count?.pending ?? 0)
        })
    }
  }

  static func link(account: Int64, _ db: Database) throws -> SyncLink? {
    guard let row = try Row.fetchOne(db, sql: "SELECT * FROM sync_link WHERE accountId = ?", arguments: [account])
    else { return nil }
    let password: SyncLink.PasswordSource
    if let command: String = row["passwordCommand"] {
      password = .command(command)
    } else if let box: Data = row["sealedPassword"], let salt: Data = row["sealSalt"],
      let rounds: Int = row["sealRounds"]
    {
      password = .sealed(SealedPassword(box: box, salt: salt, rounds: rounds))
    } else {
      return nil
    }
    let books = try Row.fetchAll(
      db, sql: "SELECT * FROM sync_book WHERE accountId = ? ORDER BY number", arguments: [account]
    ).compactMap { row -> SyncBook? in
      guard let url = URL(string: row["url"]) else { return nil }
      return SyncBook(
        key: SyncBook.Key(account: account, number: row["number"]), url: url, name: row["name"],
        cardVersion: row["cardVersion"], syncToken: row["syncToken"], isDefault: row["isDefault"],
        goneSince: (row["goneSince"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
    return SyncLink(
      account: account, username: row["username"], password: password, books: books,
      lastSyncAt: (row["lastSyncAt"] as Double?).map(Date.init(timeIntervalSince1970:)), lastError: row["lastError"])
  }
}

/// Where an account's link stands.
public struct SyncStatus: Hashable, Sendable {
  /// Where one of the link's books stands.
  public struct Book: Hashable, Sendable {
    public var book: SyncBook
    /// The account's contacts in this book.
    public var contacts: Int
    /// Its contacts the server has, as far as the last sync knows.
    public var onServer: Int
    /// Changes to its contacts the server does not have yet.
    public var pending: Int
  }

  public var link: SyncLink
  /// Changes made here that the server does not have yet.
  public var pending: Int
  /// Contacts changed differently on both sides, waiting for the user.
  public var conflicts: Int
  /// Cards on the server that cannot be read (kept there, left alone).
  public var problems: Int
  /// Contacts the server refused to store as they are (kept here; sent again once edited).
  public var refused: Int
  /// Contacts the server has, as far as the last sync knows.
  public var onServer: Int
  /// Each book's counts, in the link's order.
  public var books: [Book]
}
