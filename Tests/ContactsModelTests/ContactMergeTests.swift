import ContactsModel
import Testing
import VCardFormat

@Suite("ContactMerge: two records of one person made one")
struct ContactMergeTests {
  static func card(_ text: String) -> Contact {
    let lines = text.split(separator: "\n").map(String.init)
    let vcard = "BEGIN:VCARD\r\nVERSION:4.0\r\n" + lines.joined(separator: "\r\n") + "\r\nEND:VCARD\r\n"
    return Contact(card: VCardReader.read(vcard)[0].card!)
  }

  static let ada = card(
    """
    UID:ada-1
    FN:Ada Lovelace
    N:Lovelace;Ada;;;
    ORG:Analytical Engines
    EMAIL;TYPE=work;PREF=1:ada@engines.example
    TEL;TYPE=cell:+44 20 7946 0001
    NOTE:Met at the Royal Society
    NICKNAME:Countess
    X-SKYPE:ada.l
    item1.EMAIL:a@home.example
    item1.X-ABLabel:Home
    """)

  static let adaAgain = card(
    """
    UID:ada-2
    FN:Ada King
    N:King;Ada;;;
    ORG:Analytical Engines Ltd
    TITLE:Programmer
    BDAY:18151210
    EMAIL;TYPE=work:ADA@engines.example
    EMAIL:ada@poetry.example
    TEL:020 7946 0001
    TEL;TYPE=home:020 7946 0999
    NOTE:Likes poetry
    NICKNAME:countess,Enchantress
    CATEGORIES:Friends
    X-SKYPE:ada.l
    X-TWITTER:@ada
    item1.EMAIL:ada@old.example
    item1.X-ABLabel:Old
    """)

  @Test func theChoicesAreTheSingleFieldsBothFillDifferently() {
    #expect(ContactMerge.choices(Self.ada, Self.adaAgain) == [.name, .organization, .notes])
  }

  @Test func theSurvivorsValuesWinUnlessAFieldIsTakenFromTheOther() {
    let kept = ContactMerge.merged(Self.ada, Self.adaAgain)
    #expect(kept.name == "Ada Lovelace")
    #expect(kept.organization == "Analytical Engines")
    #expect(kept.notes == "Met at the Royal Society")
    // What only the other fills comes from it.
    #expect(kept.title == "Programmer")
    #expect(kept.birthday == PartialDate(year: 1815, month: 12, day: 10))

    let picked = ContactMerge.merged(Self.ada, Self.adaAgain, takingFromOther: [.name, .notes])
    #expect(picked.name == "Ada King")
    #expect(picked.nameParts.family == "King")
    #expect(picked.organization == "Analytical Engines")
    #expect(picked.notes == "Likes poetry")
  }

  @Test func listsAreUnitedWithoutRepeatsTheSurvivorsFirstAndPreferred() {
    let merged = ContactMerge.merged(Self.ada, Self.adaAgain, phoneRegion: "GB")
    #expect(
      merged.emails.map(\.value) == [
        "ada@engines.example", "a@home.example", "ada@poetry.example", "ada@old.example",
      ])
    #expect(merged.emails.filter(\.isPreferred).map(\.value) == ["ada@engines.example"])
    #expect(merged.phones.map(\.value) == ["+44 20 7946 0001", "020 7946 0999"])
    // Without a region, 020 7946 0001 could be any country's: both stay.
    #expect(
      ContactMerge.merged(Self.ada, Self.adaAgain).phones.map(\.value) == [
        "+44 20 7946 0001", "020 7946 0001", "020 7946 0999",
      ])
    #expect(merged.nicknames == ["Countess", "Enchantress"])
    #expect(merged.categories == ["Friends"])
  }

  @Test func keptPropertiesOfBothSurviveAndLabelsStayWithTheirValues() {
    let merged = ContactMerge.merged(Self.ada, Self.adaAgain)
    let card = merged.vCard
    #expect(card.properties.filter { $0.name == "X-SKYPE" }.count == 1)
    #expect(card.properties.contains { $0.name == "X-TWITTER" && $0.text == "@ada" })
    // The other's item1 collides with the survivor's: renamed, its label still beside its value.
    let old = card.properties.first { $0.name == "EMAIL" && $0.text == "ada@old.example" }
    let oldGroup = try? #require(old?.group)
    #expect(oldGroup != nil && oldGroup != "item1")
    #expect(card.properties.contains { $0.group == oldGroup && $0.name == "X-ABLABEL" && $0.text == "Old" })
    #expect(card.properties.contains { $0.group == "item1" && $0.name == "X-ABLABEL" && $0.text == "Home" })
  }

  @Test func theSurvivorKeepsItsUIDAndRecordsTheOthers() {
    let merged = ContactMerge.merged(Self.ada, Self.adaAgain)
    #expect(merged.uid == "ada-1")
    #expect(ContactMerge.mergedUIDs(of: merged) == ["ada-2"])
    #expect(merged.vCard.properties.filter { $0.name == "UID" }.map(\.text) == ["ada-1"])
    // Merged again (a third record), both are recorded, once each.
    var third = Self.card("UID:ada-3\nFN:Ada")
    third.id = 3
    let again = ContactMerge.merged(merged, third)
    #expect(ContactMerge.mergedUIDs(of: again) == ["ada-2", "ada-3"])
    #expect(ContactMerge.mergedUIDs(of: ContactMerge.merged(again, third)) == ["ada-2", "ada-3"])
    // The other's own records come along.
    #expect(ContactMerge.mergedUIDs(of: ContactMerge.merged(third, again)) == ["ada-2", "ada-3", "ada-1"])
  }

  @Test func mergingWithItselfAddsNothing() {
    let merged = ContactMerge.merged(Self.ada, Self.ada)
    #expect(merged == Self.ada)
  }
}

@Suite("DuplicateFinder.Group.separated: contacts kept apart")
struct KeptApartTests {
  static func group(_ ids: [Int64]) -> DuplicateFinder.Group {
    var finder = DuplicateFinder()
    for id in ids { finder.add(Contact(id: id, name: "N\(id)", email: "same@example.org")) }
    return finder.groups()[0]
  }

  @Test func aPairKeptApartIsNoGroup() {
    #expect(Self.group([1, 2]).separated(keptApart: [(2, 1)]).isEmpty)
    #expect(Self.group([1, 2]).separated(keptApart: []).map(\.ids) == [[1, 2]])
  }

  @Test func aThirdThatMatchesBothKeepsThemTogetherUntilItIsKeptApartToo() {
    #expect(Self.group([1, 2, 3]).separated(keptApart: [(1, 2)]).map(\.ids) == [[1, 2, 3]])
    #expect(Self.group([1, 2, 3]).separated(keptApart: [(1, 2), (1, 3)]).map(\.ids) == [[2, 3]])
    #expect(Self.group([1, 2, 3]).separated(keptApart: [(1, 2), (1, 3), (2, 3)]).isEmpty)
  }
}
