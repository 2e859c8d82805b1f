import ContactsModel
import Foundation
import GRDB
public import VCardFormat

/// What an import did with the cards it was given.
public struct ImportTally: Hashable, Sendable {
  public var added = 0
  public var updated = 0
  public var unchanged = 0
  /// Cards of contacts merged into another since (an old export's): they went into the contact
  /// that survived the merge, adding only what it lacked, instead of bringing the duplicate back.
  public var intoSurvivors = 0

  public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, intoSurvivors: Int = 0) {
    self.added = added
    self.updated = updated
    self.unchanged = unchanged
    self.intoSurvivors = intoSurvivors
  }

  /// Every card the tally counts.
  public var total: Int { added + updated + unchanged + intoSurvivors }

  public static func + (left: ImportTally, right: ImportTally) -> ImportTally {
    ImportTally(
      added: left.added + right.added, updated: left.updated + right.updated,
      unchanged: left.unchanged + right.unchanged, intoSurvivors: left.intoSurvivors + right.intoSurvivors)
  }
}

/// Where the contacts merged away went: each merged UID and the UID of the contact it was
/// merged into (from the survivors' `X-TERMFLOW-MERGED-UID`, see `ContactMerge`).
public struct MergedUIDs: Sendable {
  private var survivors: [String: String] = [:]

  public init() {}

  /// The UID of the contact `uid` was merged into, if it was.
  public func survivor(of uid: String) -> String? {
    survivors[uid]
  }

  /// Notes the merges `card` records (nothing for a card that records none).
  public mutating func note(_ card: VCard) {
    let survivor = card.first("UID")?.text ?? ""
    guard !survivor.isEmpty else { return }
    for record in card.properties(named: ContactMerge.mergedUIDProperty) where !record.text.isEmpty {
      survivors[record.text] = survivor
    }
  }

  mutating func note(_ contact: Contact) {
    for uid in ContactMerge.mergedUIDs(of: contact) where !uid.isEmpty && !contact.uid.isEmpty {
      survivors[uid] = contact.uid
    }
  }
}

extension ContactStore {
  /// The account's merges, for ``importCards(_:account:merged:)``: reads only the contacts
  /// whose cards record one.
  public func mergedUIDs(account: Int64) throws -> MergedUIDs {
    try database.writer.read { db in try Self.mergedUIDs(account: account, db) }
  }

  static func mergedUIDs(account: Int64, _ db: Database) throws -> MergedUIDs {
    var merged = MergedUIDs()
    let rows = try Row.fetchCursor(
      db, sql: "SELECT * FROM contact WHERE accountId = ? AND instr(card, ?) > 0",
      arguments: [account, ContactMerge.mergedUIDProperty])
    while let row = try rows.next() { merged.note(StoredContact.contact(row)) }
    return merged
  }

  /// Stores `cards` in one transaction: all of them or, when the database fails, none.
  ///
  /// A card whose UID the account has updates that contact; a card without a UID gets one made
  /// from its content (`ContactUID.derived`), so importing it again finds the same contact. A
  /// card that says nothing new (its properties, REV aside, are the stored ones) is left alone.
  /// A card's REV is kept as the contact's revision; a card without one is revised now.
  ///
  /// A card of a contact merged into another since (an old export, read after the merge) is
  /// not added back as the duplicate the user merged away: it goes into the survivor as the
  /// merge took it (``ContactMerge/merged(_:_:takingFromOther:)``, the survivor's values kept,
  /// lists united), so what it adds is kept and nothing comes back twice. The survivor's own
  /// card from before the merge goes into it the same way rather than replacing it. `merged` says where
  /// merged contacts went (``mergedUIDs(account:)``, read once for an import of many batches);
  /// without it the account's are read when a card is not found by its UID.
  ///
  /// `partial` cards hold only part of a contact (a CSV row: no photo, no property CSV has no
  /// column for). One whose UID the account has goes into that contact as a merge would take it
  /// (its values kept, lists united) rather than replacing it, so a contact exported to CSV and
  /// imported again loses nothing a CSV cannot carry, and is left alone when nothing is new.
  public func importCards(
    _ cards: [VCard], account: Int64, merged: MergedUIDs? = nil, partial: Bool = false
  ) async throws -> ImportTally {
    let now = now()
    let phoneRegion = phoneRegion
    return try await database.writer.write { db in
      var tally = ImportTally()
      var merged = merged
      let find = try db.cachedStatement(sql: "SELECT * FROM contact WHERE accountId = ? AND uid = ?")
      for card in cards {
        var contact = Contact(card: card)
        if contact.uid.isEmpty { contact.uid = ContactUID.derived(from: card) }
        guard let row = try Row.fetchOne(find, arguments: [account, contact.uid]) else {
          if merged == nil { merged = try Self.mergedUIDs(account: account, db) }
          if let survivorUID = merged?.survivor(of: contact.uid),
            let survivorRow = try Row.fetchOne(find, arguments: [account, survivorUID])
          {
            let survivor = StoredContact.contact(survivorRow)
            var into = ContactMerge.merged(survivor, contact, phoneRegion: phoneRegion)
            tally.intoSurvivors += 1
            if Self.sameContent(into, survivor) { continue }
            into.revision = Self.revision(after: survivor.revision, now: now)
            try Self.update(into, db)
            continue
          }
          contact.revision = contact.revision ?? now
          try Self.insert(contact, account: account, db)
          tally.added += 1
          continue
        }
        let stored = StoredContact.contact(row)
        contact.id = stored.id
        // The survivor's own card from before a merge (it lacks a merge recorded since, and is no
        // newer) goes into it the same way: replacing the survivor would drop what the merge
        // gathered. A newer card without the record (edited by a program that drops X-
        // properties) replaces it as any newer card does.
        let isFromBeforeAMerge =
          !Set(ContactMerge.mergedUIDs(of: stored)).isSubset(of: ContactMerge.mergedUIDs(of: contact))
          && !Self.isNewer(contact, than: stored)
        if isFromBeforeAMerge || partial {
          contact = ContactMerge.merged(stored, contact, phoneRegion: phoneRegion)
          contact.revision = nil
        }
        if Self.sameContent(contact, stored) {
          tally.unchanged += 1
          continue
        }
        contact.revision = contact.revision ?? Self.revision(after: stored.revision, now: now)
        try Self.update(contact, db)
        tally.updated += 1
      }
      return tally
    }
  }

  /// Whether `card`'s revision (its REV) is later than `stored`'s: edited since.
  static func isNewer(_ card: Contact, than stored: Contact) -> Bool {
    guard let revision = card.revision, let storedRevision = stored.revision else { return false }
    return revision.timeIntervalSince(storedRevision) >= 1
  }

  /// Whether two contacts would be stored as the same card, REV aside.
  static func sameContent(_ first: Contact, _ second: Contact) -> Bool {
    var first = first
    var second = second
    first.revision = nil
    second.revision = nil
    return StoredContact.cardText(of: first) == StoredContact.cardText(of: second)
  }
}
