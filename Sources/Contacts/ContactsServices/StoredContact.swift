import ContactsModel
import Foundation
import GRDB
import VCardFormat

/// How a contact lies in a row: its whole card in `card`, and the columns the list, the sort
/// order and the search index read, made from it.
///
/// The card is vCard 4.0 as this side writes it, or, for a contact a sync took from the server
/// and nobody has saved since, the server's text as it came (any version it reads as). Whoever
/// reads a row reads the card (`contact(_:)`), whatever its version, and a save writes 4.0. The
/// server's text is kept rather than a 4.0 card made from it because it is also the sync's
/// merge base (`sync_item.base`, schema v8): stored once, and not written again for each of
/// the 100,000 cards of a first download.
enum StoredContact {
  /// The columns a save writes, in this order.
  static let columns = [
    "name", "sortKey", "email", "phone", "phoneWords", "company", "address", "notes", "updatedAt", "uid", "card",
  ]

  /// The values for `columns`, `card` being `cardText(of: contact)`.
  static func values(of contact: Contact, card: String) -> StatementArguments {
    [
      contact.name, ContactPosition.sortKey(for: contact.name), contact.email, contact.phone,
      ExtraSearchWords.of(contact), contact.company, contact.address, contact.notes,
      (contact.revision ?? Date()).timeIntervalSince1970, contact.uid, card,
    ]
  }

  /// The card as a save stores it: vCard 4.0 text.
  static func cardText(of contact: Contact) -> String {
    VCardWriter(version: .v40).string(contact.vCard)
  }

  /// The contact as reading it back from the database gives it: what a save returns, so that
  /// it equals what the next read gives (each field with the property it is stored as).
  /// `card` is the text the save wrote; the book is the row's (the triggers give a new contact
  /// of a linked account its book).
  static func reread(_ contact: Contact, card text: String, id: Int64, _ db: Database) throws -> Contact {
    guard let card = VCardReader.read(text).first?.card else { return contact }
    var stored = Contact(card: card, id: id)
    stored.revision = contact.revision.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970) }
    stored.book = try Int.fetchOne(db, sql: "SELECT book FROM contact WHERE id = ?", arguments: [id])
    return stored
  }

  /// The contact in `row` (all columns): read from its card, or, for a contact stored before
  /// cards were (v5), from its columns.
  static func contact(_ row: Row) -> Contact {
    let id: Int64 = row["id"]
    if let text: String = row["card"], let card = VCardReader.read(text).first?.card {
      var contact = Contact(card: card, id: id)
      if contact.uid.isEmpty { contact.uid = row["uid"] ?? "" }
      // The card's REV has whole seconds; the column has the revision a save compares.
      contact.revision = Date(timeIntervalSince1970: row["updatedAt"])
      contact.book = row["book"]
      return contact
    }
    var contact = Contact(
      id: id, name: row["name"], email: row["email"], phone: row["phone"], company: row["company"],
      address: row["address"], notes: row["notes"])
    contact.uid = row["uid"] ?? ""
    contact.revision = Date(timeIntervalSince1970: row["updatedAt"])
    contact.book = row["book"]
    return contact
  }
}
