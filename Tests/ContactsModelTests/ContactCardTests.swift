import ContactsModel
import Foundation
import Testing
import VCardFormat

/// A card as Apple's Contacts writes one (3.0, itemN groups and labels, a photo, TYPE=pref, a
/// birthday without a year), read into a contact and written back.
@Suite struct ContactCardTests {
  static let appleCard = """
    BEGIN:VCARD
    VERSION:3.0
    PRODID:-//Apple Inc.//iPhone OS 17.0//EN
    N:Lovelace;Ada;;Countess;
    FN:Ada Lovelace
    NICKNAME:Ada,Enchantress of Numbers
    ORG:Analytical Engines Ltd;Research
    TITLE:Mathematician
    EMAIL;type=INTERNET;type=HOME;type=pref:ada@example.com
    EMAIL;type=INTERNET;type=WORK:countess@engines.example
    item1.EMAIL;type=INTERNET:ada@other.example
    item1.X-ABLabel:_$!<Other>!$_
    TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0018
    TEL;type=WORK;type=VOICE:+44 20 7946 0999
    item2.ADR;type=HOME;type=pref:;;12 St James's Square;London;;SW1Y 4JH;United Kingdom
    item2.X-ABADR:gb
    BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10
    ANNIVERSARY:1835-07-08
    URL;type=HOME:https://ada.example
    X-SOCIALPROFILE;type=twitter:https://twitter.com/ada
    PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQAB
    CATEGORIES:friends,maths
    NOTE:First programmer.\\nLoved poetry\\, too.
    REV:2024-03-01T10:20:30Z
    UID:ada-1815
    END:VCARD

    """

  static func card(_ text: String = appleCard) throws -> VCard {
    try #require(VCardReader.read(text).first?.card)
  }

  @Test func readsEveryFieldAndKeepsTheRest() throws {
    let contact = Contact(card: try Self.card())
    #expect(contact.uid == "ada-1815")
    #expect(contact.name == "Ada Lovelace")
    #expect(contact.nameParts == PersonName(family: "Lovelace", given: "Ada", prefixes: "Countess"))
    #expect(contact.nicknames == ["Ada", "Enchantress of Numbers"])
    #expect(contact.organization == "Analytical Engines Ltd" && contact.title == "Mathematician")
    #expect(contact.emails.map(\.value) == ["ada@example.com", "countess@engines.example", "ada@other.example"])
    #expect(contact.emails.map(\.isPreferred) == [true, false, false])
    #expect(contact.emails[0].types == ["internet", "home"])
    #expect(contact.email == "ada@example.com" && contact.phone == "+44 20 7946 0018")
    #expect(contact.phones[1].typeLabel == "work")
    #expect(
      contact.addresses.first?.value
        == PostalAddress(
          street: "12 St James's Square", locality: "London", postalCode: "SW1Y 4JH", country: "United Kingdom"))
    #expect(contact.address == "12 St James's Square, SW1Y 4JH London, United Kingdom")
    #expect(contact.birthday == PartialDate(month: 12, day: 10), "Apple's omitted year is no year")
    #expect(contact.anniversary == PartialDate(year: 1835, month: 7, day: 8))
    #expect(contact.urls.map(\.value) == ["https://ada.example"])
    #expect(contact.categories == ["friends", "maths"])
    #expect(contact.notes == "First programmer.\nLoved poetry, too.")
    #expect(contact.revision == Date(timeIntervalSince1970: 1_709_288_430))
    #expect(contact.kept.map(\.name) == ["PRODID", "X-ABLABEL", "X-ABADR", "X-SOCIALPROFILE", "PHOTO"])
    #expect(contact.kept.map(\.group) == [nil, "item1", "item2", nil, nil])
  }

  @Test func anUnchangedContactGivesBackEveryProperty() throws {
    let card = try Self.card()
    let written = Contact(card: card).vCard
    let expected = card.properties.filter { !$0.hasName("VERSION") && !$0.hasName("REV") }
    #expect(Set(written.properties.filter { !$0.hasName("REV") }) == Set(expected))
    #expect(written.properties.count == card.properties.count - 1, "everything but VERSION, once")
  }

  /// Apple and Google write a URL's colon escaped (`http\://`), which the writer writes as the
  /// colon it means: the URL reads as that colon from either card, and a backslash that is
  /// part of a URI stays. Unchanged, the property goes back out as it was read.
  @Test func aURLReadsItsEscapedColonAsTheColon() throws {
    let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nURL:http\\://www.ibm.com/a\\b\r\nEND:VCARD\r\n"
    let contact = Contact(card: try Self.card(text))
    #expect(contact.urls.map(\.value) == ["http://www.ibm.com/a\\b"])
    #expect(contact.vCard.first("URL")?.value == "http\\://www.ibm.com/a\\b")
    let written = VCardWriter(version: .v40).string(contact.vCard)
    #expect(Contact(card: try Self.card(written)).urls.map(\.value) == ["http://www.ibm.com/a\\b"])
  }

  /// khard#38: editing one field rewrote the whole card. Here it changes that property only.
  @Test func editingOneFieldChangesThatPropertyAndNothingElse() throws {
    let contact = Contact(card: try Self.card())
    var draft = ContactDraft(contact)
    draft.emails[2].value = "ada@elsewhere.example"
    let edited = draft.applied(to: contact)
    let before = contact.vCard.properties
    let after = edited.vCard.properties
    #expect(before.count == after.count)
    let changed = zip(before, after).filter { $0 != $1 }
    #expect(changed.count == 1)
    let (old, new) = try #require(changed.first)
    #expect(old.value == "ada@other.example" && new.value == "ada@elsewhere.example")
    #expect(new.group == "item1" && new.parameters == old.parameters, "its group and parameters stay as written")
    // A draft applied unchanged changes nothing at all.
    #expect(ContactDraft(contact).applied(to: contact) == contact)
  }

  @Test func listEntriesAreAddedAndRemovedByPosition() throws {
    let contact = Contact(card: try Self.card())
    var draft = ContactDraft(contact)
    draft.phones.remove(at: 0)
    draft.phones.append(ContactDraft.Entry("+1 555 0100", label: "fax"))
    draft.emails[1].label = "work, pref-less"
    let edited = draft.applied(to: contact)
    #expect(edited.phones.map(\.value) == ["+44 20 7946 0999", "+1 555 0100"])
    #expect(edited.phones[1].types == ["fax"])
    let tel = edited.vCard.properties.filter { $0.hasName("TEL") }
    #expect(tel.map(\.value) == ["+44 20 7946 0999", "+1 555 0100"])
    #expect(tel[1].parameters == [VCardParameter("TYPE", "fax")])
    #expect(edited.emails[1].types == ["work", "pref-less"])
    #expect(edited.kept == contact.kept)
  }

  @Test func aNewContactGetsNAndFN() throws {
    var draft = ContactDraft(name: "Grace Brewster Hopper", email: "grace@navy.example")
    draft.birthday = "--12-09"
    let contact = draft.applied(to: Contact(name: ""))
    #expect(contact.nameParts == PersonName(family: "Hopper", given: "Grace Brewster"))
    let text = VCardWriter().string(contact.vCard)
    #expect(text.contains("FN:Grace Brewster Hopper\r\nN:Hopper;Grace Brewster;;;\r\n"))
    #expect(text.contains("BDAY:--1209\r\n"))
  }

  @Test func draftProblemsNameTheEntry() {
    var draft = ContactDraft(name: "Ada", email: "ada@example.com")
    draft.emails.append(ContactDraft.Entry("not an email"))
    draft.phones.append(ContactDraft.Entry("call me"))
    draft.birthday = "tomorrow"
    #expect(
      draft.problems == [
        .email(1): "Enter a valid email address", .phone(0): "Use digits, spaces and + - ( ) . / x",
        .birthday: "Use YYYY-MM-DD, or --MM-DD without a year",
      ])
  }

  @Test(arguments: [
    ("1985-04-15", PartialDate(year: 1985, month: 4, day: 15)),
    ("19850415", PartialDate(year: 1985, month: 4, day: 15)),
    ("--0415", PartialDate(month: 4, day: 15)), ("--04-15", PartialDate(month: 4, day: 15)),
    ("1985-04", PartialDate(year: 1985, month: 4)), ("1985", PartialDate(year: 1985)),
    ("1985-04-15T10:00:00Z", PartialDate(year: 1985, month: 4, day: 15)), ("1985-13-01", nil), ("April", nil),
    ("", nil), ("---15", nil),
  ])
  func partialDatesAreReadAsCardsWriteThem(_ text: String, _ expected: PartialDate?) {
    #expect(PartialDate(parsing: text) == expected)
    if let expected {
      #expect(PartialDate(parsing: expected.vCard4Text) == expected)
      #expect(PartialDate(parsing: expected.description) == expected)
    }
  }
}
