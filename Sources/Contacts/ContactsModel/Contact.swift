import Foundation
public import VCardFormat

/// A contact as the app shows, edits, imports and exports it: every field a person keeps in an
/// address book, and whatever else its card held.
///
/// The fields the app understands are values to read and edit; every property of the card that
/// they do not cover (`X-` properties, photos, `itemN.` labels, keys, extra names) is in
/// ``kept``, in its order, and goes back out on export and sync. Each entry also remembers the
/// property it was read from, so writing an unchanged field gives back the very same property,
/// parameters and all: editing one field changes that field and the revision, nothing else.
public struct Contact: Hashable, Sendable, Identifiable, Codable {
  /// The row in this database; 0 for a contact not stored yet.
  public var id: Int64
  /// The card's UID: the same contact on every device and server, kept for ever.
  public var uid: String
  /// When the contact last changed (REV); nil when its card never said.
  public var revision: Date?
  /// The name as shown (FN).
  public var name: String
  /// The name in its parts (N), for sorting and for clients that want them.
  public var nameParts: PersonName
  public var nicknames: [String]
  public var emails: [ContactEntry<String>]
  public var phones: [ContactEntry<String>]
  public var addresses: [ContactEntry<PostalAddress>]
  public var urls: [ContactEntry<String>]
  /// The organisation (the first part of ORG); its units stay with the property.
  public var organization: String
  public var title: String
  public var birthday: PartialDate?
  public var anniversary: PartialDate?
  public var categories: [String]
  public var notes: String
  /// The card's properties the fields above do not cover, in their order.
  public var kept: [VCardProperty]
  /// The properties the single-valued fields were read from (FN, N, NICKNAME, ORG, TITLE, BDAY,
  /// ANNIVERSARY, CATEGORIES, NOTE), written back as they were while the field is unchanged.
  public var sources: [String: VCardProperty]
  /// The address book it is kept in (``ContactBook/number``) when its account syncs with a
  /// server; nil when it does not. Where the contact is stored, not what its card says: never
  /// written to a card.
  public var book: Int?

  public init(
    id: Int64 = 0, uid: String = "", revision: Date? = nil, name: String, nameParts: PersonName = PersonName(),
    nicknames: [String] = [], emails: [ContactEntry<String>] = [], phones: [ContactEntry<String>] = [],
    addresses: [ContactEntry<PostalAddress>] = [], urls: [ContactEntry<String>] = [], organization: String = "",
    title: String = "", birthday: PartialDate? = nil, anniversary: PartialDate? = nil, categories: [String] = [],
    notes: String = "", kept: [VCardProperty] = [], sources: [String: VCardProperty] = [:]
  ) {
    self.id = id
    self.uid = uid
    self.revision = revision
    self.name = name
    self.nameParts = nameParts
    self.nicknames = nicknames
    self.emails = emails
    self.phones = phones
    self.addresses = addresses
    self.urls = urls
    self.organization = organization
    self.title = title
    self.birthday = birthday
    self.anniversary = anniversary
    self.categories = categories
    self.notes = notes
    self.kept = kept
    self.sources = sources
  }

  /// A contact with one of each of the list's columns, as tests and the seeder write them.
  public init(
    id: Int64, name: String, email: String = "", phone: String = "", company: String = "", address: String = "",
    notes: String = ""
  ) {
    self.init(
      id: id, name: name, emails: email.isEmpty ? [] : [ContactEntry(email)],
      phones: phone.isEmpty ? [] : [ContactEntry(phone)],
      addresses: address.isEmpty ? [] : [ContactEntry(PostalAddress(street: address))], organization: company,
      notes: notes)
  }

  /// The address mail goes to: the preferred email, else the first.
  public var email: String { ContactEntry.primary(of: emails)?.value ?? "" }
  /// The number to call: the preferred phone, else the first.
  public var phone: String { ContactEntry.primary(of: phones)?.value ?? "" }
  /// The organisation, under the name the list's column has always had.
  public var company: String { organization }
  /// The preferred postal address on one line.
  public var address: String { ContactEntry.primary(of: addresses)?.value.singleLine ?? "" }

  /// Where the contact sits in the sorted list: the keyset for paging.
  public var position: ContactPosition { ContactPosition(sortKey: ContactPosition.sortKey(for: name), id: id) }
}
