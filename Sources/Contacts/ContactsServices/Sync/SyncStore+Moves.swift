import ContactsModel
import Foundation
import GRDB
import VCardFormat

/// Why contacts could not be moved to another address book: nothing was moved.
public enum BookMoveError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The book is not one the account's link holds.
  case noSuchBook
  /// The server no longer has the book (`SyncBook.goneSince`).
  case bookGone(String)
  /// The books are on two servers: one request cannot copy a card from one to the other with
  /// the credentials kept for one.
  case otherServer(from: String, to: String)
  /// The contact is still moving from an earlier move to a third book: a sync finishes that
  /// first (moving it back to the book it is leaving is always allowed).
  case stillMoving(String)
  /// The contact waits on a conflict: settled first, then moved.
  case inConflict(String)
  /// The contact is not linked to the server (its account is not).
  case notLinked(String)

  public var description: String {
    switch self {
    case .noSuchBook: "there is no such address book in the account's link"
    case .bookGone(let book): "the server no longer has the book \(book): choose another"
    case .otherServer(let from, let to):
      "“\(from)” and “\(to)” are on different servers: a contact cannot be moved between them"
    case .stillMoving(let name): "“\(name)” is still moving from an earlier move: sync first, then move it again"
    case .inConflict(let name): "“\(name)” waits on a conflict: settle it (`contacts sync resolve`) first"
    case .notLinked(let name): "“\(name)” is not synced with a server"
    }
  }
}

/// What a move did: the contacts moved, and which of them were moved back to the book they
/// were leaving before a sync sent anything to the new one (the move undone: nothing is left
/// to move on the server).
public struct BookMoveOutcome: Hashable, Sendable {
  /// Every contact moved, by name, in the order asked.
  public var names: [String] = []
  /// Those of `names` whose earlier move was undone.
  public var undone: [String] = []

  public init(names: [String] = [], undone: [String] = []) {
    self.names = names
    self.undone = undone
  }

  /// How many contacts the next sync moves on the server.
  public var toMoveOnServer: Int { names.count - undone.count }
}

/// A move of the server's copy of a contact still to finish: the old copy, deleted once the
/// new one is stored.
public struct PendingMove: Hashable, Sendable {
  public var uid: String
  /// The contact's name, for what a sync says.
  public var name: String
  /// The book the old copy is in.
  public var from: Int
  public var href: String
  /// The ETag this side last knew of the old copy (nil: it never had one).
  public var etag: String?
}

extension SyncStore {
  /// Moves the contacts `ids` of the account to its book `book`, all or none, in one
  /// transaction: each one's item becomes the new book's, to create there at the next sync, and
  /// keeps the old copy's href and ETag (`movedFrom`, `movedHref`, `movedETag`, schema v11)
  /// until the new copy's ETag is stored here (`finishedMove`). A contact never sent moves at
  /// once; one already in the book stays; one moved back to the book it is leaving undoes or
  /// turns round its move (`moveBack`). Returns those moved, and which moves were undone.
  public func move(contacts ids: [Int64], to book: SyncBook.Key) async throws -> BookMoveOutcome {
    let account = book.account
    return try await database.writer.write { db in
      guard
        let target = try Row.fetchOne(
          db, sql: "SELECT url, name, goneSince FROM sync_book WHERE accountId = ? AND number = ?",
          arguments: [account, book.number])
      else { throw BookMoveError.noSuchBook }
      let targetURL: String = target["url"]
      let targetTitle = URL(string: targetURL).map { SyncBook.title(name: target["name"], url: $0) } ?? targetURL
      guard target["goneSince"] as Double? == nil else { throw BookMoveError.bookGone(targetTitle) }
      var moved = BookMoveOutcome()
      for id in ids {
        guard
          let row = try Row.fetchOne(
            db,
            sql: """
              SELECT c.name, c.uid, s.book, s.href, s.etag, s.movedFrom, s.conflictCard, b.url, b.name AS bookName
              FROM contact c LEFT JOIN sync_item s ON s.accountId = c.accountId AND s.uid = c.uid
              LEFT JOIN sync_book b ON b.accountId = s.accountId AND b.number = s.book
              WHERE c.accountId = ? AND c.id = ?
              """, arguments: [account, id])
        else { continue }
        let name: String = row["name"]
        guard let from = row["book"] as Int? else { throw BookMoveError.notLinked(name) }
        if from == book.number { continue }
        if let movingFrom = row["movedFrom"] as Int? {
          // Back to the book it is leaving: the pending move is undone, or turned round.
          guard movingFrom == book.number else { throw BookMoveError.stillMoving(name) }
          let newCopySent = row["href"] as String? != nil
          try Self.moveBack(uid: row["uid"], account: account, newCopySent: newCopySent, db)
          moved.names.append(name)
          if !newCopySent { moved.undone.append(name) }
          continue
        }
        guard row["conflictCard"] as String? == nil else { throw BookMoveError.inConflict(name) }
        if let fromURL = (row["url"] as String?).flatMap(URL.init(string:)), let toURL = URL(string: targetURL),
          Self.origin(of: fromURL) != Self.origin(of: toURL)
        {
          throw BookMoveError.otherServer(from: SyncBook.title(name: row["bookName"], url: fromURL), to: targetTitle)
        }
        if row["href"] as String? == nil {
          // Never on the server: it goes to the new book as it is.
          try db.execute(
            sql: "UPDATE sync_item SET book = ? WHERE accountId = ? AND uid = ?",
            arguments: [book.number, account, row["uid"]])
        } else {
          try db.execute(
            sql: """
              UPDATE sync_item SET movedFrom = book, movedHref = href, movedETag = etag, book = ?, href = NULL,
                etag = NULL, base = NULL, baseHash = NULL, pendingCard = NULL, pendingHash = NULL, dirty = 1,
                refusedRevision = NULL, refusedReason = NULL
              WHERE accountId = ? AND uid = ?
              """, arguments: [book.number, account, row["uid"]])
        }
        moved.names.append(name)
      }
      return moved
    }
  }

  /// A contact moving from one book to another is moved back to the first before the move
  /// finished. When nothing was sent to the new book yet (no href there: `willSend` names it
  /// before the PUT), the move is cancelled: the item is the old copy's again, sent once more
  /// (its base went with the move) as an update at the ETag known. When the new copy may be on
  /// the server, the move turns round: the old copy is the one to keep (updated at its ETag, or
  /// sent again as new if it was deleted meanwhile), and the new copy becomes the old one,
  /// deleted only once the first is stored again (`movesToFinish`), so the card is never lost
  /// and ends in one book.
  static func moveBack(uid: String, account: Int64, newCopySent: Bool, _ db: Database) throws {
    let turned =
      newCopySent
      ? "movedFrom = book, movedHref = href, movedETag = etag" : "movedFrom = NULL, movedHref = NULL, movedETag = NULL"
    try db.execute(
      sql: """
        UPDATE sync_item SET book = movedFrom, href = movedHref, etag = movedETag, \(turned), base = NULL,
          baseHash = NULL, pendingCard = NULL, pendingHash = NULL, dirty = 1, refusedRevision = NULL,
          refusedReason = NULL
        WHERE accountId = ? AND uid = ?
        """, arguments: [account, uid])
  }

  /// The scheme, host and port of `url`: two books are on one server when theirs are equal.
  static func origin(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }

  /// The moves whose new copy is stored (its ETag here, nothing of it pending): their old
  /// copies are to delete.
  public func movesToFinish(account: Int64) async throws -> [PendingMove] {
    try await database.writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT s.uid, s.movedFrom, s.movedHref, s.movedETag, c.name FROM sync_item s
          LEFT JOIN contact c ON c.accountId = s.accountId AND c.uid = s.uid
          WHERE s.accountId = ? AND s.movedHref IS NOT NULL AND s.etag IS NOT NULL AND s.dirty = 0
            AND s.pendingCard IS NULL
          ORDER BY s.uid
          """, arguments: [account]
      ).map { row in
        PendingMove(
          uid: row["uid"], name: row["name"] ?? row["uid"], from: row["movedFrom"], href: row["movedHref"],
          etag: row["movedETag"])
      }
    }
  }

  /// The old copy of a move is deleted on the server (or was gone already): the move is done.
  public func finishedMove(uid: String, account: Int64) async throws {
    try await database.writer.write { db in
      try db.execute(
        sql:
          "UPDATE sync_item SET movedFrom = NULL, movedHref = NULL, movedETag = NULL WHERE accountId = ? AND uid = ?",
        arguments: [account, uid])
    }
  }

  /// The old copy changed on the server while the contact moved (its ETag now `etag`, its card
  /// `text`): the newer version by revision is kept. When it is the server's, it becomes the
  /// contact's (the next sync sends it to the new book, then deletes the old copy) and this
  /// returns true; either way the old copy's new ETag is the one to delete.
  public func oldCopyChanged(uid: String, etag: String, text: String, account: Int64) async throws -> Bool {
    let now = now()
    return try await database.writer.write { db in
      var theirsIsNewer = false
      if let card = VCardReader.read(text).first?.card,
        let row = try Row.fetchOne(
          db, sql: "SELECT * FROM contact WHERE accountId = ? AND uid = ?", arguments: [account, uid])
      {
        let stored = StoredContact.contact(row)
        var theirs = Contact(card: card, id: stored.id)
        if let revision = theirs.revision, stored.revision.map({ revision > $0 }) ?? true {
          theirsIsNewer = true
          theirs.uid = stored.uid
          theirs.revision = ContactStore.revision(after: stored.revision, now: max(revision, now))
          try ContactStore.update(theirs, db)
        }
      }
      try db.execute(
        sql: "UPDATE sync_item SET movedETag = ? WHERE accountId = ? AND uid = ?", arguments: [etag, account, uid])
      return theirsIsNewer
    }
  }

  /// `cards` without the old copies of contacts moving to another book.
  static func leavingOutOldCopies(_ cards: [RemoteCard], account: Int64, _ db: Database) throws -> [RemoteCard] {
    let moving = try Set(
      String.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT movedHref FROM sync_item INDEXED BY sync_item_by_moved_href
            WHERE accountId = ? AND movedHref IN (SELECT value FROM json_each(?))
            """),
        arguments: [account, try SQLStringList.json(cards.map(\.href))]))
    return moving.isEmpty ? cards : cards.filter { !moving.contains($0.href) }
  }
}
