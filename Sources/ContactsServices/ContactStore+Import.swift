import ContactsModel
import Foundation
import GRDB
public import VCardFormat

/// What an import did with the cards it was given.
public struct ImportTally: Hashable, Sendable {
  public var added = 0
  public var updated = 0
  public var unchanged = 0

  public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0) {
    self.added = added
    self.updated = updated
    self.unchanged = unchanged
  }

  public static func + (left: ImportTally, right: ImportTally) -> ImportTally {
    ImportTally(
      added: left.added + right.added, updated: left.updated + right.updated,
      unchanged: left.unchanged + right.unchanged)
  }
}

extension ContactStore {
  /// Stores `cards` in one transaction: all of them or, when the database fails, none.
  ///
  /// A card whose UID the account has updates that contact; a card without a UID gets one made
  /// from its content (`ContactUID.derived`), so importing it again finds the same contact. A
  /// card that says nothing new (its properties, REV aside, are the stored ones) is left alone.
  /// A card's REV is kept as the contact's revision; a card without one is revised now.
  public func importCards(_ cards: [VCard], account: Int64) async throws -> ImportTally {
    let now = now()
    return try await database.writer.write { db in
      var tally = ImportTally()
      let find = try db.cachedStatement(sql: "SELECT * FROM contact WHERE accountId = ? AND uid = ?")
      for card in cards {
        var contact = Contact(card: card)
        if contact.uid.isEmpty { contact.uid = ContactUID.derived(from: card) }
        guard let row = try Row.fetchOne(find, arguments: [account, contact.uid]) else {
          contact.revision = contact.revision ?? now
          try Self.insert(contact, account: account, db)
          tally.added += 1
          continue
        }
        let stored = StoredContact.contact(row)
        contact.id = stored.id
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

  /// Whether two contacts would be stored as the same card, REV aside.
  static func sameContent(_ first: Contact, _ second: Contact) -> Bool {
    var first = first
    var second = second
    first.revision = nil
    second.revision = nil
    return StoredContact.cardText(of: first) == StoredContact.cardText(of: second)
  }
}
