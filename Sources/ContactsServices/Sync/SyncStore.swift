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

  /// The account's link, if it has one.
  public func link(account: Int64) async throws -> SyncLink? {
    try await database.writer.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM sync_link WHERE accountId = ?", arguments: [account]).flatMap(Self.link)
    }
  }

  /// Links the account to an address book, replacing any link it had (and all it remembered).
  /// Every contact the account has is new to the server: each gets an item marked to send.
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
          INSERT INTO sync_link (accountId, addressBookURL, username, sealedPassword, sealSalt, sealRounds,
            passwordCommand, cardVersion, syncToken, lastSyncAt, lastError, createdAt)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, ?)
          """,
        arguments: [
          link.account, link.addressBook.absoluteString, link.username, sealed?.box, sealed?.salt, sealed?.rounds,
          command, link.cardVersion, created,
        ])
      try db.execute(
        sql: "INSERT INTO sync_item (accountId, uid, dirty) SELECT accountId, uid, 1 FROM contact WHERE accountId = ?",
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

  /// Unlinks the account: the link and everything it remembered go; the contacts stay.
  public func forget(account: Int64) async throws {
    try await database.writer.write { db in
      try db.execute(sql: "DELETE FROM sync_link WHERE accountId = ?", arguments: [account])
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

  /// Keeps the token of a listing whose every change is now applied here.
  public func saveToken(_ token: String?, account: Int64) async throws {
    try await database.writer.write { db in
      try db.execute(sql: "UPDATE sync_link SET syncToken = ? WHERE accountId = ?", arguments: [token, account])
      // The listing is spent: one still here when a sync starts was cut short (see
      // `listingWasCutShort`).
      try db.execute(sql: "DELETE FROM sync_listing WHERE accountId = ?", arguments: [account])
    }
  }

  /// Whether the last sync stopped between listing and keeping the listing's token. It may have
  /// applied cards newer than the token it kept, and a server whose tokens name its content
  /// (Xandikos) answers from that token with the net change only: a card created and deleted
  /// since then is never reported removed, though this side applied its creation. So the next
  /// sync lists every member instead of trusting the old token.
  public func listingWasCutShort(account: Int64) async throws -> Bool {
    try await database.writer.read { db in
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM sync_listing WHERE accountId = ?)", arguments: [account]) ?? false
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

  /// Where the link stands: for `contacts sync status` and the app's header.
  public func status(account: Int64) async throws -> SyncStatus? {
    try await database.writer.read { db in
      guard
        let link = try Row.fetchOne(db, sql: "SELECT * FROM sync_link WHERE accountId = ?", arguments: [account])
          .flatMap(Self.link)
      else { return nil }
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
      return SyncStatus(
        link: link, pending: counts?["pending"] ?? 0, conflicts: counts?["conflicts"] ?? 0,
        problems: counts?["problems"] ?? 0, refused: counts?["refused"] ?? 0, onServer: counts?["onServer"] ?? 0)
    }
  }

  static func link(_ row: Row) -> SyncLink? {
    guard let url = URL(string: row["addressBookURL"]) else { return nil }
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
    return SyncLink(
      account: row["accountId"], addressBook: url, username: row["username"], password: password,
      cardVersion: row["cardVersion"], syncToken: row["syncToken"],
      lastSyncAt: (row["lastSyncAt"] as Double?).map(Date.init(timeIntervalSince1970:)), lastError: row["lastError"])
  }
}

/// Where an account's link stands.
public struct SyncStatus: Hashable, Sendable {
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
}
