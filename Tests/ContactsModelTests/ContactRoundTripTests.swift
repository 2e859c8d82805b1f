import ContactsModel
import Foundation
import TestSupport
import Testing
import VCardFormat

/// Random contacts, with the characters vCard must escape, line breaks and emoji in every
/// field, written as 4.0 and 3.0 and read back: the same contact, lines within 75 octets.
@Suite struct ContactRoundTripTests {
  static let pieces = [
    "a", "Zoë", ",", ";", "\\", ":", "\"", "\n", "👩‍👩‍👧", "漢字", " ", "שלום", "^", "=", "item1.", "END:VCARD", "é",
  ]

  static func text(_ random: inout SplitMix64, nonEmpty: Bool = false) -> String {
    let count = Int.random(in: (nonEmpty ? 1 : 0)...6, using: &random)
    var text = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
    if nonEmpty && text.trimmingCharacters(in: .whitespaces).isEmpty { text = "x" + text }
    return text
  }

  /// Text for fields kept as lists split at commas (nicknames, categories): no comma, and not blank.
  static func item(_ random: inout SplitMix64) -> String {
    let text = text(&random, nonEmpty: true).replacingOccurrences(of: ",", with: "")
    return text.isEmpty ? "x" : text
  }

  static func contact(_ random: inout SplitMix64) -> Contact {
    let entry = { (random: inout SplitMix64) -> ContactEntry<String> in
      ContactEntry(
        text(&random, nonEmpty: true), types: Bool.random(using: &random) ? ["work"] : [],
        isPreferred: Bool.random(using: &random))
    }
    return Contact(
      uid: UUID().uuidString.lowercased(), name: text(&random, nonEmpty: true),
      nameParts: PersonName(
        family: text(&random).replacingOccurrences(of: ",", with: ""),
        given: text(&random).replacingOccurrences(of: ",", with: "")),
      nicknames: (0..<Int.random(in: 0...2, using: &random)).map { _ in item(&random) },
      emails: (0..<Int.random(in: 0...3, using: &random)).map { _ in entry(&random) },
      phones: (0..<Int.random(in: 0...3, using: &random)).map { _ in entry(&random) },
      addresses: (0..<Int.random(in: 0...2, using: &random)).map { _ in
        ContactEntry(
          PostalAddress(
            street: text(&random).replacingOccurrences(of: ",", with: ""),
            locality: text(&random, nonEmpty: true).replacingOccurrences(of: ",", with: "x")),
          types: ["home"])
      },
      urls: (0..<Int.random(in: 0...1, using: &random)).map { _ in
        // A URL has no line breaks (the form refuses whitespace in one), and no colon after its
        // scheme's here: `\:` is how Apple and Google escape a colon in a URL, and the writer
        // writes it as the colon it means.
        ContactEntry(
          "https://example.com/" + text(&random).filter { !$0.isNewline && $0 != " " && $0 != ":" }, types: ["home"])
      },
      organization: text(&random).replacingOccurrences(of: ",", with: ""), title: text(&random),
      birthday: Bool.random(using: &random)
        ? PartialDate(month: 2, day: 29) : PartialDate(year: 1999, month: 12, day: 31),
      categories: (0..<Int.random(in: 0...2, using: &random)).map { _ in item(&random) },
      notes: text(&random),
      kept: [VCardProperty(group: "item9", name: "X-ABLABEL", text: text(&random))])
  }

  /// What a person sees of a contact: everything but the properties it was read from.
  static func fields(_ contact: Contact) -> Contact {
    var contact = contact
    contact.sources = [:]
    contact.emails = contact.emails.map(\.withoutSource)
    contact.phones = contact.phones.map(\.withoutSource)
    contact.urls = contact.urls.map(\.withoutSource)
    contact.addresses = contact.addresses.map(\.withoutSource)
    return contact
  }

  @Test(arguments: [VCardVersion.v40, .v30])
  func randomContactsComeBackTheSame(_ version: VCardVersion) throws {
    var random = SplitMix64(seed: version == .v40 ? 40 : 30)
    let writer = VCardWriter(version: version)
    for index in 0..<300 {
      let contact = Self.contact(&random)
      let bytes = writer.bytes(contact.vCard)
      let lines = bytes.split(separator: 0x0A)
      #expect(lines.allSatisfy { $0.count <= 76 }, "case \(index): a line over 75 octets and CR")
      let card = try #require(VCardReader.read(bytes).first?.card, "case \(index)")
      let read = Contact(card: card)
      let (got, expected) = (Self.fields(read), Self.fields(contact))
      #expect(got.name == expected.name, "case \(index)")
      #expect(got.nameParts == expected.nameParts, "case \(index)")
      #expect(got.nicknames == expected.nicknames, "case \(index)")
      #expect(got.emails == expected.emails, "case \(index)")
      #expect(got.phones == expected.phones, "case \(index)")
      #expect(got.addresses == expected.addresses, "case \(index)")
      #expect(got.urls == expected.urls, "case \(index)")
      #expect(got.organization == expected.organization, "case \(index)")
      #expect(got.title == expected.title, "case \(index)")
      #expect(got.birthday == expected.birthday, "case \(index)")
      #expect(got.categories == expected.categories, "case \(index)")
      #expect(got.notes == expected.notes, "case \(index)")
      #expect(got.kept == expected.kept, "case \(index)")
      #expect(got == expected, "case \(index)")
      // Written again, the card read back gives the same bytes.
      #expect(writer.bytes(read.vCard) == bytes, "case \(index)")
    }
  }
}
