import CardSync
import ContactsModel
import Foundation
import GRDB
import Testing
import VCardFormat

@testable import ContactsServices

/// A card a sync takes from the server is stored as the server's text (schema v8), where it was
/// stored as a 4.0 card written from it before. Whoever reads the row must not be able to tell:
/// for real cards, the contact read from the server's text is the contact read from that 4.0
/// card, field for field, with the same columns, and it writes the same 4.0 card (what a save
/// stores and an export writes). As 3.0 (an upload) it writes a card of the same meaning, by
/// the comparison key sync uses: what differs is how 3.0 spells what the source wrote (its
/// `TYPE=PREF` as written rather than 4.0's `PREF=1` turned back into `pref`, its parameters in
/// its order), which every server rewrites anyway.
@Suite struct ServerCardStorageTests {
  /// `VCardFormatTests`' recordings: the shared corpus (real clients' exports, other projects'
  /// fixtures), cards of our own, and what Radicale stores of our exports of all of them.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("VCardFormatTests/Fixtures/vobject")

  /// Every `.vcf` file of the recordings, by its path under them, with its text.
  static func serverTexts() throws -> [(name: String, text: String)] {
    var texts: [(name: String, text: String)] = []
    let files = try #require(FileManager.default.enumerator(atPath: fixtures.path))
    for case let path as String in files where path.hasSuffix(".vcf") {
      let data = try Data(contentsOf: fixtures.appendingPathComponent(path))
      texts.append((path, String(decoding: data, as: UTF8.self)))
    }
    return texts.sorted { $0.name < $1.name }
  }

  /// The contact in a row holding `card`, as every reader reads a row.
  static func read(card: String, uid: String, revision: Date) -> Contact {
    StoredContact.contact(
      Row(
        ["id": 7, "card": card, "uid": uid, "updatedAt": revision.timeIntervalSince1970]
          as [String: (any DatabaseValueConvertible)?]))
  }

  @Test func aServerCardReadFromItsOwnTextIsTheContactItsStored4CardGave() throws {
    let texts = try Self.serverTexts()
    #expect(texts.count > 100)
    var compared = 0
    for (name, text) in texts {
      // As a sync takes it (`SyncStore.writeNew`).
      let remote = RemoteCard(href: "/book/\(name)", etag: "\"e\"", text: text)
      guard let card = remote.card, let uid = remote.uid else { continue }
      var contact = Contact(card: card)
      contact.uid = uid
      contact.revision = contact.revision ?? Date(timeIntervalSince1970: 1_700_000_000.25)
      let revision = try #require(contact.revision)
      let before = Self.read(card: StoredContact.cardText(of: contact), uid: uid, revision: revision)
      let now = Self.read(card: text, uid: uid, revision: revision)
      #expect(Self.fields(now) == Self.fields(before), "\(name)")
      let writer = VCardWriter(version: .v40)
      #expect(writer.string(now.vCard) == writer.string(before.vCard), "\(name)")
      let upload = try #require(VCardReader.read(VCardWriter(version: .v30).string(now.vCard)).first?.card)
      let uploadBefore = try #require(VCardReader.read(VCardWriter(version: .v30).string(before.vCard)).first?.card)
      #expect(upload.comparisonKey() == uploadBefore.comparisonKey(), "\(name)")
      #expect(CardFingerprint.of(now.vCard) == CardFingerprint.of(card), "\(name)")
      #expect(
        StoredContact.values(of: now, card: "") == StoredContact.values(of: before, card: ""), "\(name)")
      compared += 1
    }
    #expect(compared > 100)
  }

  /// What a person sees of a contact: everything but the properties its fields were read from
  /// (a 3.0 card's `TYPE=pref` is a 4.0 card's `PREF=1`).
  static func fields(_ contact: Contact) -> Contact {
    var contact = contact
    contact.sources = [:]
    contact.kept = []
    contact.emails = contact.emails.map { ContactEntry($0.value, types: $0.types, isPreferred: $0.isPreferred) }
    contact.phones = contact.phones.map { ContactEntry($0.value, types: $0.types, isPreferred: $0.isPreferred) }
    contact.urls = contact.urls.map { ContactEntry($0.value, types: $0.types, isPreferred: $0.isPreferred) }
    contact.addresses = contact.addresses.map { ContactEntry($0.value, types: $0.types, isPreferred: $0.isPreferred) }
    return contact
  }
}
