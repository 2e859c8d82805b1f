import CardSync
public import ContactsModel
import Foundation
import GRDB
import VCardFormat

/// A contact changed differently on both sides in the same property, waiting for the user:
/// both versions, whole, so both can be shown.
public struct SyncConflict: Hashable, Sendable {
  public var uid: String
  /// The contact as it is here.
  public var mine: Contact
  /// The server's version.
  public var theirs: Contact
}

/// How the user settles a conflict.
public enum ConflictChoice: String, Hashable, Sendable, CaseIterable {
  /// Keep this side's version: it is sent over the server's.
  case mine
  /// Take the server's version here.
  case theirs
  /// Keep both: this side's version becomes a new contact (a new UID), the server's takes its place.
  case both
}

extension SyncStore {
  /// The account's conflicts, by name.
  public func conflicts(account: Int64) async throws -> [SyncConflict] {
    try await database.writer.read { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT s.uid, s.conflictCard, c.* FROM sync_item s
          JOIN contact c ON c.accountId = s.accountId AND c.uid = s.uid
          WHERE s.accountId = ? AND s.conflictCard IS NOT NULL ORDER BY c.sortKey
          """, arguments: [account])
      return rows.compactMap { row in
        guard let text: String = row["conflictCard"], let card = VCardReader.read(text).first?.card else { return nil }
        let mine = StoredContact.contact(row)
        return SyncConflict(uid: row["uid"], mine: mine, theirs: Contact(card: card, id: mine.id))
      }
    }
  }

  /// Settles the conflict of `uid` as the user chose; the next sync sends what has to be sent.
  public func resolve(uid: String, keeping choice: ConflictChoice, account: Int64) async throws {
    let now = now()
    try await database.writer.write { db in
      guard
        let item = try Row.fetchOne(
          db, sql: "SELECT * FROM sync_item WHERE accountId = ? AND uid = ? AND conflictCard IS NOT NULL",
          arguments: [account, uid]),
        let text: String = item["conflictCard"], let theirs = VCardReader.read(text).first?.card,
        let etag: String = item["conflictETag"]
      else { throw ContactStore.StoreError.notFound }
      let stored = try Row.fetchOne(
        db, sql: "SELECT * FROM contact WHERE accountId = ? AND uid = ?", arguments: [account, uid]
      ).map(StoredContact.contact)
      let fingerprint = CardFingerprint.of(theirs)
      // Their version becomes the base: what the server holds at `etag`.
      try db.execute(
        sql: """
          UPDATE sync_item SET etag = ?, base = ?, baseHash = ?, conflictCard = NULL, conflictETag = NULL, dirty = 1
          WHERE accountId = ? AND uid = ?
          """, arguments: [etag, text, fingerprint, account, uid])
      switch choice {
      case .mine:
        break
      case .theirs:
        try Self.store(theirs, uid: uid, over: stored, account: account, now: now, db)
        try Self.markClean(uid: uid, account: account, db)
      case .both:
        if var copy = stored {
          copy.uid = ContactUID.random()
          copy.revision = now
          try ContactStore.insert(copy, account: account, db)
        }
        try Self.store(theirs, uid: uid, over: stored, account: account, now: now, db)
        try Self.markClean(uid: uid, account: account, db)
      }
    }
  }
}
