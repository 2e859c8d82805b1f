import ContactsModel
import Testing

@Suite("DuplicateFinder: which contacts are likely one person, and why")
struct DuplicateFinderTests {
  static func contact(
    _ id: Int64, _ name: String, emails: [String] = [], phones: [(String, [String])] = [], organization: String = "",
    birthday: PartialDate? = nil, nameParts: PersonName? = nil
  ) -> Contact {
    var contact = Contact(id: id, name: name)
    contact.nameParts = nameParts ?? PersonName()
    contact.emails = emails.map { ContactEntry($0) }
    contact.phones = phones.map { ContactEntry($0.0, types: $0.1) }
    contact.organization = organization
    contact.birthday = birthday
    return contact
  }

  static func groups(_ contacts: [Contact], phoneRegion: String? = nil) -> [DuplicateFinder.Group] {
    var finder = DuplicateFinder(phoneRegion: phoneRegion)
    for contact in contacts { finder.add(contact) }
    return finder.groups()
  }

  @Test func theSameEmailLinksWhateverItsCaseAndGmailsDotsAndTags() {
    let groups = Self.groups([
      Self.contact(1, "Ada", emails: ["Ada@Example.com"]),
      Self.contact(2, "Ada L", emails: ["ada@example.COM"]),
      Self.contact(3, "Jörg", emails: ["j.o.e.r.g+shop@googlemail.com"]),
      Self.contact(4, "Joerg", emails: ["joerg@gmail.com"]),
      // Dots count outside Gmail.
      Self.contact(5, "A B", emails: ["a.b@example.org"]),
      Self.contact(6, "AB", emails: ["ab@example.org"]),
    ])
    #expect(groups.map(\.ids) == [[1, 2], [3, 4]])
    #expect(groups.map(\.summary) == ["the same e-mail (ada@example.com)", "the same e-mail (joerg@gmail.com)"])
  }

  /// In E.164: a national number read as German, `00` as Germany's international prefix.
  @Test func theSamePhoneLinksNationalAndInternationalFormsButNotFaxesOrShortNumbers() {
    let groups = Self.groups(
      [
        Self.contact(1, "Jürgen", phones: [("+49 89 12345678", ["cell"])]),
        Self.contact(2, "J. W.", phones: [("089/1234-5678", [])]),
        Self.contact(3, "Tom", phones: [("+1 (415) 555-0142", [])]),
        Self.contact(4, "Thomas", phones: [("0014155550142", ["work"])]),
        Self.contact(5, "Office A", phones: [("+44 20 7946 0000", ["fax", "work"])]),
        Self.contact(6, "Office B", phones: [("+44 20 7946 0000", ["fax"])]),
        Self.contact(7, "Desk 1", phones: [("ext. 123", [])]),
        Self.contact(8, "Desk 2", phones: [("ext. 123", [])]),
      ], phoneRegion: "DE")
    #expect(groups.map(\.ids) == [[1, 2], [3, 4]])
    #expect(groups.first?.summary == "the same phone (…345678)")
  }

  /// Two different people called John Smith stay apart; with one more field in common they are
  /// grouped, whatever the order, case and accents of their names.
  @Test func aNameAloneIsNeverEnough() {
    let smith = PersonName(family: "Smith", given: "John")
    #expect(
      Self.groups([
        Self.contact(1, "John Smith", emails: ["john@a.example"], nameParts: smith),
        Self.contact(2, "John Smith", phones: [("+1 555 0100 999", [])], nameParts: smith),
      ]).isEmpty)
    let groups = Self.groups([
      Self.contact(1, "John Smith", organization: "Acme Ltd", nameParts: smith),
      Self.contact(2, "Smith, John", organization: "ACME ltd"),
      Self.contact(3, "John Smith", organization: "Other Corp", nameParts: smith),
      Self.contact(4, "Jörg Müller", birthday: PartialDate(year: 1970, month: 5, day: 17)),
      Self.contact(5, "Joerg Mueller", birthday: PartialDate(year: 1970, month: 5, day: 17)),
      Self.contact(6, "Jorg Muller", birthday: PartialDate(year: 1970, month: 5, day: 17)),
      Self.contact(7, "Jörg Müller", birthday: PartialDate(year: 1981, month: 1, day: 2)),
    ])
    #expect(groups.map(\.ids) == [[1, 2], [4, 5, 6]])
    #expect(groups[0].summary == "the same name (Smith, John) and organisation")
  }

  /// Links are transitive: A shares an e-mail with B, B a phone with C.
  @Test func groupsAreEveryContactReachableByLinks() {
    let groups = Self.groups(
      [
        Self.contact(10, "A", emails: ["x@example.com"]),
        Self.contact(20, "Other", emails: ["other@example.com"]),
        Self.contact(30, "B", emails: ["X@example.com"], phones: [("+44 7700 900123", [])]),
        Self.contact(40, "C", phones: [("07700 900123", [])]),
      ], phoneRegion: "GB")
    #expect(groups.map(\.ids) == [[10, 30, 40]])
    #expect(groups.first?.summary == "the same e-mail (x@example.com); the same phone (…900123)")
  }

  @Test func matchKeysNormaliseAsDocumented() {
    #expect(MatchKey.email("  First.Last+news@GoogleMail.com ") == "firstlast@gmail.com")
    #expect(MatchKey.email("no-at-sign") == nil)
    #expect(MatchKey.phone("+49 (0)89 1234 5678", region: nil) == "+498912345678")
    #expect(MatchKey.phone("12345", region: "DE") == nil)
    #expect(
      MatchKey.names(Contact(id: 1, name: "Lovelace, Ada")) == MatchKey.names(Contact(id: 2, name: "ada LOVELACE")))
    // ASCII is read by its bytes, anything else with Foundation: the two agree.
    #expect(MatchKey.email("\t Ada@Example.COM ") == "ada@example.com")
    #expect(MatchKey.email("Zoë@Example.COM") == "zoë@example.com")
    #expect(MatchKey.email("@example.com") == nil && MatchKey.email("ada@") == nil && MatchKey.email(" ") == nil)
    #expect(MatchKey.email("a@b@Example.com") == "a@b@example.com")
    #expect(MatchKey.phone("٠١٢٣٤٥٦٧٨٩", region: "EG") == nil)  // only ASCII digits count
    #expect(MatchKey.phone("(415) 555-0142", region: "US") == "+14155550142")
    #expect(MatchKey.phone("(415) 555-0142", region: nil) == "4155550142")  // no country: its digits
    #expect(MatchKey.text("O'Brien & Sons, Ltd.") == "brien ltd o sons")
    #expect(MatchKey.text("Müller & Söhne") == "muller sohne")
    #expect(MatchKey.text(" ,; ") == nil && MatchKey.text("") == nil)
    #expect(MatchKey.names(Contact(id: 1, name: "   ")).isEmpty)
  }
}
