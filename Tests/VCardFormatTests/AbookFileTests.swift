import Testing
import VCardFormat

@Suite("AbookFile: abook's data file as vCards")
struct AbookFileTests {
  static let file = """
    # abook addressbook file

    [format]
    program=abook
    version=0.6.1


    [0]
    name=Jane Q Doe
    email=jane@example.com, j.doe@work.example
    address=1 Main St.
    address2=Apt 2
    city=Springfield
    state=IL
    zip=62701
    country=USA
    phone=+1 555 0100
    workphone=+1 555 0101
    fax=+1 555 0102
    mobile=+1 555 0103
    nick=jd
    url=https://jane.example
    notes=Met at the conference; likes tea, not coffee
    anniversary=1990-04-30
    groups=friends,work
    custom1=Blue
    favourite colour=green

    [1]
    email=nameless@example.com
    anniversary=--12-24

    """

  @Test func turnsEachEntryIntoA40Card() throws {
    let results = AbookFile.read(Array(Self.file.utf8))
    #expect(results.map(\.startLine) == [8, 29])
    let jane = try #require(results.first?.card)
    #expect(
      jane.properties == [
        VCardProperty(name: "VERSION", value: "4.0"),
        VCardProperty(name: "FN", text: "Jane Q Doe"),
        VCardProperty(name: "N", components: [["Doe"], ["Jane Q"], [""], [""], [""]]),
        VCardProperty(name: "EMAIL", parameters: [VCardParameter("PREF", "1")], text: "jane@example.com"),
        VCardProperty(name: "EMAIL", text: "j.doe@work.example"),
        VCardProperty(
          name: "ADR", parameters: [VCardParameter("TYPE", "home")],
          components: [[""], [""], ["1 Main St.", "Apt 2"], ["Springfield"], ["IL"], ["62701"], ["USA"]]),
        VCardProperty(name: "TEL", parameters: [VCardParameter("TYPE", "home")], text: "+1 555 0100"),
        VCardProperty(name: "TEL", parameters: [VCardParameter("TYPE", "work")], text: "+1 555 0101"),
        VCardProperty(name: "TEL", parameters: [VCardParameter("TYPE", "fax")], text: "+1 555 0102"),
        VCardProperty(name: "TEL", parameters: [VCardParameter("TYPE", "cell")], text: "+1 555 0103"),
        VCardProperty(name: "NICKNAME", text: "jd"),
        VCardProperty(name: "URL", text: "https://jane.example"),
        VCardProperty(name: "NOTE", text: "Met at the conference; likes tea, not coffee"),
        VCardProperty(name: "ANNIVERSARY", value: "19900430"),
        VCardProperty(name: "CATEGORIES", components: [["friends", "work"]]),
        VCardProperty(name: "X-ABOOK-CUSTOM1", text: "Blue"),
        VCardProperty(name: "X-ABOOK-FAVOURITE-COLOUR", text: "green"),
      ])
    #expect(jane.first("NOTE")?.value == #"Met at the conference\; likes tea\, not coffee"#)
  }

  @Test func keepsAnEntryWithoutANameUnderItsEmail() throws {
    let card = try #require(AbookFile.read(Array(Self.file.utf8)).last?.card)
    #expect(card.first("FN")?.text == "nameless@example.com")
    #expect(card.first("N") == nil)
    #expect(card.first("ANNIVERSARY")?.value == "--1224")
  }

  /// Every card as it was, and a card without N with the empty one the writer adds after FN.
  @Test func itsCardsWriteAndReadBackAsVCards() throws {
    for result in AbookFile.read(Array(Self.file.utf8)) {
      var card = try #require(result.card)
      let text = VCardWriter().string(card)
      if card.first("N") == nil, let formattedName = card.properties.firstIndex(where: { $0.hasName("FN") }) {
        card.properties.insert(VCardProperty(name: "N", value: ";;;;"), at: formattedName + 1)
      }
      #expect(VCardReader.read(text).first?.card == card)
    }
  }

  @Test func recognisesAbookFilesAndNothingElse() {
    #expect(AbookFile.isAbookFile(Array(Self.file.utf8)))
    #expect(AbookFile.isAbookFile(Array("[format]\r\nprogram=abook\r\nversion=0.5.6\r\n".utf8)))
    #expect(!AbookFile.isAbookFile(Array("BEGIN:VCARD\r\nFN:x\r\nEND:VCARD\r\n".utf8)))
    #expect(!AbookFile.isAbookFile(Array("[format]\nprogram=other\n[0]\nprogram=abook\n".utf8)))
  }

  @Test func readsLatin1AndCRLFFiles() {
    let bytes = Array("[0]\r\nname=Ren".utf8) + [0xE9] + Array("\r\n".utf8)
    #expect(AbookFile.read(bytes).first?.card?.first("FN")?.text == "René")
    #expect(AbookFile.read(Array("# nothing here\n".utf8)).isEmpty)
  }
}
