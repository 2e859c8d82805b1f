import Foundation
import GRDB
public import VCardFormat

/// A change made here that the server does not have yet: a contact to send (new when it has no
/// ETag), or a contact deleted here (`card` nil) to delete there.
public struct Departure: Hashable, Sendable {
  public var uid: String
  /// Where the server keeps it, or will: nil for a contact never sent.
  public var href: String?
  /// The server's ETag for `href`: nil when the card is to be created.
  public var etag: String?
  /// The contact's card as stored here; nil when it was deleted here.
  public var card: VCard?
  /// The contact's revision when read: a send records the card as agreed only if the contact
  /// did not change again meanwhile.
  public var revision: Double?
}

extension SyncStore {
  /// The next `limit` changes to send to `book`, after `uid` in UID order (contacts waiting on a conflict
  /// are not sent, nor contacts the server refused, until they change again). With `deletes`,
  /// only the deletes (true) or only the cards (false): a sync sends every card before any
  /// delete, so that a merge's survivor is on the server before the other is deleted there, and
  /// a sync stopped between the two leaves a duplicate rather than a loss.
  public func departures(
    book: SyncBook.Key, after uid: String?, limit: Int, deletes: Bool? = nil
  ) async throws -> [Departure] {
    let account = book.account
    let kind =
      switch deletes {
      case true?: "AND c.id IS NULL"
      case false?: "AND c.id IS NOT NULL"
      case nil: ""
      }
    return try await database.writer.read { db in
      let items = try Row.fetchAll(
        db,
        sql: """
          SELECT s.uid, s.href, s.etag FROM sync_item s
          LEFT JOIN contact c ON c.accountId = s.accountId AND c.uid = s.uid
          WHERE s.accountId = ? AND s.dirty = 1 AND s.book = ? AND s.conflictCard IS NULL AND s.uid > ?
            AND (s.refusedRevision IS NULL OR c.updatedAt IS NOT s.refusedRevision) \(kind)
          ORDER BY s.uid LIMIT ?
          """, arguments: [account, book.number, uid ?? "", limit])
      let find = try db.cachedStatement(sql: "SELECT * FROM contact WHERE accountId = ? AND uid = ?")
      return try items.map { item in
        let row = try Row.fetchOne(find, arguments: [account, item["uid"]])
        return Departure(
          uid: item["uid"], href: item["href"], etag: item["etag"], card: row.map { StoredContact.contact($0).vCard },
          revision: row?["updatedAt"])
      }
    }
  }

  /// Remembers, before a card is sent, where it goes and what it is: a sync killed after the
  /// server took it then recognises its own write instead of seeing a change made elsewhere.
  public func willSend(_ departure: Departure, href: String, fingerprint: String, account: Int64) async throws {
    let card = departure.card.map { VCardWriter(version: .v40).string($0) }
    try await database.writer.write { db in
      try db.execute(
        sql: "UPDATE sync_item SET href = ?, pendingCard = ?, pendingHash = ? WHERE accountId = ? AND uid = ?",
        arguments: [href, card, fingerprint, account, departure.uid])
    }
  }

  /// The server refused `departure`'s card for certain (a 412, or an error it answered with):
  /// what was sent is not pending any more.
  public func notSent(_ departure: Departure, account: Int64) async throws {
    try await database.writer.write { db in
      try db.execute(
        sql: "UPDATE sync_item SET pendingCard = NULL, pendingHash = NULL WHERE accountId = ? AND uid = ?",
        arguments: [account, departure.uid])
    }
  }

  /// The server refused `departure`'s card for good (it cannot store it as it is): kept here,
  /// reported, and not sent again until the contact changes.
  public func refused(_ departure: Departure, reason: String, account: Int64) async throws {
    try await database.writer.write { db in
      try db.execute(
        sql: """
          UPDATE sync_item SET refusedRevision = ?, refusedReason = ?, pendingCard = NULL, pendingHash = NULL
          WHERE accountId = ? AND uid = ?
          """, arguments: [departure.revision, reason, account, departure.uid])
    }
  }

  /// The server took `departure`'s card: both sides now agree on it (and the item is clean
  /// unless the contact changed again since it was read).
  public func sent(
    _ departure: Departure, href: String, etag: String?, fingerprint: String, account: Int64
  ) async throws {
    let base = departure.card.map { VCardWriter(version: .v40).string($0) }
    try await database.writer.write { db in
      let current = try Double.fetchOne(
        db, sql: "SELECT updatedAt FROM contact WHERE accountId = ? AND uid = ?", arguments: [account, departure.uid])
      try db.execute(
        sql: """
          UPDATE sync_item SET href = ?, etag = ?, base = ?, baseHash = ?, pendingCard = NULL, pendingHash = NULL, dirty = ?,
            refusedRevision = NULL, refusedReason = NULL
          WHERE accountId = ? AND uid = ?
          """,
        arguments: [href, etag, base, fingerprint, current != departure.revision, account, departure.uid])
    }
  }

  /// The server deleted the card of a contact deleted here: forget it, unless a contact with
  /// its UID came back meanwhile (an import), which is then new to the server.
  public func deletedOnServer(uid: String, account: Int64) async throws {
    try await database.writer.write { db in
      let exists = try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM contact WHERE accountId = ? AND uid = ?)", arguments: [account, uid])
      if exists == true {
        try db.execute(
          sql: """
            UPDATE sync_item SET etag = NULL, base = NULL, baseHash = NULL, pendingCard = NULL, pendingHash = NULL, dirty = 1
            WHERE accountId = ? AND uid = ?
            """, arguments: [account, uid])
      } else {
        try db.execute(sql: "DELETE FROM sync_item WHERE accountId = ? AND uid = ?", arguments: [account, uid])
      }
    }
  }
}
