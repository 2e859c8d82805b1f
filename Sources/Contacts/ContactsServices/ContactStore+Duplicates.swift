public import ContactsModel
import Foundation
import GRDB

extension ContactStore {
  /// The account's groups of likely duplicates (see `DuplicateFinder`, phones read as from
  /// ``phoneRegion``), but never two contacts kept apart (``keepApart(_:_:account:)``). Reads one snapshot a contact at a time, holding
  /// only the finder's keys; `progress` is told how many contacts of how many it has read (and
  /// stops the search by throwing).
  /// Blocks the calling thread: run it off the main one.
  public func duplicateGroups(
    account: Int64, progress: (_ done: Int, _ total: Int) throws -> Void = { _, _ in }
  ) throws -> [DuplicateGroup] {
    try database.writer.read { db in
      let total =
        try Int.fetchOne(db, sql: "SELECT contactCount FROM account WHERE id = ?", arguments: [account]) ?? 0
      var finder = DuplicateFinder(phoneRegion: phoneRegion)
      var done = 0
      let rows = try Row.fetchCursor(
        db, sql: "SELECT * FROM contact WHERE accountId = ? ORDER BY sortKey, id", arguments: [account])
      try progress(0, total)
      while let row = try rows.next() {
        finder.add(StoredContact.contact(row))
        done += 1
        if done % Self.duplicateProgressStep == 0 { try progress(done, total) }
      }
      try progress(done, total)
      let groups = finder.groups()
      let apart = try Self.keptApart(account: account, db)
      guard !apart.isEmpty else { return groups.map(DuplicateGroup.init) }
      // The kept-apart pairs among the grouped contacts, found by UID for each group.
      var groupOf: [Int64: Int] = [:]
      for (index, group) in groups.enumerated() { for id in group.ids { groupOf[id] = index } }
      let grouped = Array(groupOf.keys)
      var idOfUID: [String: Int64] = [:]
      for chunk in stride(from: 0, to: grouped.count, by: 500) {
        let ids = Array(grouped[chunk..<min(chunk + 500, grouped.count)])
        let found = try Row.fetchAll(
          db, sql: "SELECT id, uid FROM contact WHERE id IN (\(databaseQuestionMarks(count: ids.count)))",
          arguments: StatementArguments(ids))
        for row in found { idOfUID[row["uid"]] = row["id"] }
      }
      var pairs: [Int: [(Int64, Int64)]] = [:]
      for pair in apart {
        guard let first = idOfUID[pair.first], let second = idOfUID[pair.second], let group = groupOf[first],
          groupOf[second] == group
        else { continue }
        pairs[group, default: []].append((first, second))
      }
      return groups.enumerated().flatMap { index, group in group.separated(keptApart: pairs[index] ?? []) }
        .map(DuplicateGroup.init)
    }
  }

  /// How many contacts ``duplicateGroups(account:progress:)`` reads between two progress reports.
  static let duplicateProgressStep = 10_000

  /// Remembers that the contacts with these UIDs are not duplicates: never proposed again.
  public func keepApart(_ first: String, _ second: String, account: Int64) async throws {
    let pair = UIDPair(first, second)
    try await database.writer.write { db in
      try db.execute(
        sql: "INSERT OR IGNORE INTO not_duplicate (accountId, firstUID, secondUID) VALUES (?, ?, ?)",
        arguments: [account, pair.first, pair.second])
    }
  }

  /// Stores `merged` (``ContactMerge/merged(_:_:takingFromOther:)`` of `survivor` and `other`)
  /// over the survivor and deletes `other`, in one transaction: both or neither. Refused with
  /// ``StoreError/changedElsewhere(current:)`` when either changed since it was read, or
  /// ``StoreError/notFound`` when either is gone. With sync, the survivor's item is marked to
  /// send and the other's becomes a tombstone, by the same triggers as any save and delete.
  public func merge(_ merged: Contact, survivor: Contact, other: Contact, account: Int64) async throws -> Contact {
    let now = now()
    return try await database.writer.write { db in
      let stored = try Self.unchanged(survivor, account: account, db)
      _ = try Self.unchanged(other, account: account, db)
      var contact = merged
      contact.id = survivor.id
      contact.uid = survivor.uid
      contact.revision = Self.revision(after: stored.revision, now: now)
      let card = try Self.update(contact, db)
      try db.execute(sql: "DELETE FROM contact WHERE id = ?", arguments: [other.id])
      return try StoredContact.reread(contact, card: card, id: survivor.id, db)
    }
  }

  /// Undoes ``merge(_:survivor:other:account:)`` in one transaction: the survivor as it was
  /// before (its revision moving on) and the other back with its UID (a new row). Refused with
  /// ``StoreError/changedElsewhere(current:)`` when the merged contact changed since.
  public func undoMerge(
    _ merged: Contact, survivor: Contact, other: Contact, account: Int64
  ) async throws -> (survivor: Contact, other: Contact) {
    let now = now()
    return try await database.writer.write { db in
      let stored = try Self.unchanged(merged, account: account, db)
      var restored = survivor
      restored.id = merged.id
      restored.revision = Self.revision(after: stored.revision, now: now)
      let card = try Self.update(restored, db)
      var back = other
      back.revision = Self.revision(after: other.revision, now: now)
      let (id, otherCard) = try Self.insert(back, account: account, db)
      return (
        try StoredContact.reread(restored, card: card, id: merged.id, db),
        try StoredContact.reread(back, card: otherCard, id: id, db)
      )
    }
  }

  /// The stored contact `contact` was read from, refused when it changed since or is gone.
  private static func unchanged(_ contact: Contact, account: Int64, _ db: Database) throws -> Contact {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT * FROM contact WHERE id = ? AND accountId = ?", arguments: [contact.id, account])
    else { throw StoreError.notFound }
    let stored = StoredContact.contact(row)
    if let revision = contact.revision, let storedRevision = stored.revision,
      abs(storedRevision.timeIntervalSince(revision)) >= 0.001
    {
      throw StoreError.changedElsewhere(current: stored)
    }
    return stored
  }

  private static func keptApart(account: Int64, _ db: Database) throws -> Set<UIDPair> {
    let rows = try Row.fetchCursor(
      db, sql: "SELECT firstUID, secondUID FROM not_duplicate WHERE accountId = ?", arguments: [account])
    var pairs: Set<UIDPair> = []
    while let row = try rows.next() { pairs.insert(UIDPair(row[0], row[1])) }
    return pairs
  }
}

/// Two UIDs in order, so a pair is the same whichever way round it is given.
private struct UIDPair: Hashable {
  let first: String
  let second: String

  init(_ one: String, _ other: String) {
    (first, second) = one < other ? (one, other) : (other, one)
  }
}
