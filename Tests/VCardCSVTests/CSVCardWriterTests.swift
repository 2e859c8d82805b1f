import Testing
import VCardCSV
import VCardFormat

@Suite("CSVCardWriter: Google and Outlook CSV from cards")
struct CSVCardWriterTests {
  static func export(_ cards: [VCard], _ flavour: CSVCardWriter.Flavour) throws -> [UInt8] {
    var writer = CSVCardWriter(flavour: flavour)
    for card in cards { writer.measure(card) }
    return try cards.reduce(writer.header) { $0 + (try writer.row($1)) }
  }

  /// What Google's CSV gives, written and read again, is the same cards: an export imported
  /// again adds nothing (a card without UID is recognised by its content).
  @Test(arguments: ["google-current.csv", "google-legacy-utf16.csv", "google-events.csv"])
  func googleCSVReadWrittenAndReadAgainGivesTheSameCards(fixture: String) throws {
    let cards = try Fixture.cards(fixture)
    let exported = try Self.export(cards, .google)
    let again = try Fixture.rows(exported).rows.map { try $0.result.get() }
    #expect(again == cards)
    #expect(try Self.export(again, .google) == exported)
  }

  /// `File As` and the events go back to Google's columns, the anniversary first and Apple's
  /// labels (`_$!<Other>!$_`) in words; Outlook's CSV has no column for other dates, which are
  /// counted as left out.
  @Test func writesFileAsAndEvents() throws {
    let card = VCard(properties: [
      VCardProperty(name: "FN", text: "Ada Lovelace"), VCardProperty(name: "N", components: [["Lovelace"], ["Ada"]]),
      VCardProperty(name: "X-EVOLUTION-FILE-AS", text: "Lovelace, Ada"),
      VCardProperty(group: "item3", name: "X-ABDATE", value: "1843-09-01"),
      VCardProperty(group: "item3", name: "X-ABLabel", text: "_$!<Other>!$_"),
      VCardProperty(name: "ANNIVERSARY", value: "--0708"),
    ])
    let (_, rows) = try Fixture.rows(Self.export([card], .google))
    let again = try rows[0].result.get()
    #expect(again.properties(named: "X-EVOLUTION-FILE-AS").map(\.text) == ["Lovelace, Ada"])
    #expect(again.lines("ANNIVERSARY") == ["ANNIVERSARY:--0708"])
    #expect(again.lines("X-ABDATE") == ["X-ABDATE:18430901"])
    #expect(again.properties(named: "X-ABLabel").map(\.text) == ["Other"])
    let text = String(decoding: try Self.export([card], .google), as: UTF8.self)
    #expect(text.contains("Event 1 - Label,Event 1 - Value,Event 2 - Label,Event 2 - Value"))
    #expect(text.contains("Anniversary,--07-08,Other,1843-09-01"))
    #expect(CSVCardWriter(flavour: .outlook).entriesLeftOut(card) == 1)
    #expect(CSVCardWriter(flavour: .google).entriesLeftOut(card) == 0)
  }

  /// RFC 4180: CRLF after every record, a field with a line break, a comma or a quote quoted
  /// and its quotes doubled; UTF-8 without a BOM for Google.
  @Test func writesRFC4180() throws {
    let card = VCard(properties: [
      VCardProperty(name: "FN", text: "Ada Lovelace"), VCardProperty(name: "N", components: [["Lovelace"], ["Ada"]]),
      VCardProperty(name: "NOTE", text: "Line one,\nsaid \"two\""),
    ])
    let text = String(decoding: try Self.export([card], .google), as: UTF8.self)
    #expect(text.hasPrefix("First Name,Middle Name,Last Name,"))
    #expect(text.contains(",,\"Line one,\nsaid \"\"two\"\"\",,"))
    #expect(text.hasSuffix(",\r\n"))
    #expect(text.components(separatedBy: "\r\n").count == 3)
  }

  /// As many numbered columns as the widest contact needs, and none fewer than one.
  @Test func numbersAsManyColumnsAsTheWidestContactNeeds() throws {
    let emails = (1...5).map { VCardProperty(name: "EMAIL", text: "a\($0)@example.com") }
    let wide = VCard(properties: [VCardProperty(name: "FN", text: "Wide")] + emails)
    let narrow = VCard(properties: [VCardProperty(name: "FN", text: "Narrow")])
    var writer = CSVCardWriter(flavour: .google)
    writer.measure(narrow)
    #expect(writer.headers.contains("E-mail 1 - Value") && !writer.headers.contains("E-mail 2 - Value"))
    #expect(throws: CSVCardWriter.LayoutChanged.self) { try writer.row(wide) }
    writer.measure(wide)
    #expect(writer.headers.contains("E-mail 5 - Value") && !writer.headers.contains("E-mail 6 - Value"))
    let outlook = String(decoding: try Self.export([wide, narrow], .outlook), as: UTF8.self)
    #expect(outlook.hasPrefix("\u{FEFF}First Name,"))
    #expect(outlook.contains("E-mail 3 Address,E-mail 4 Address,E-mail 5 Address,"))
  }

  /// A card's UID goes into a Google custom field labelled `UID`, after any custom field an
  /// import kept, and comes back as the card's UID rather than as kept columns.
  @Test func theUIDTravelsInACustomFieldAndComesBack() throws {
    let fromVCard = VCard(properties: [
      VCardProperty(name: "UID", text: "urn:uuid:8f1c-ada"), VCardProperty(name: "FN", text: "Ada Lovelace"),
      VCardProperty(name: "N", components: [["Lovelace"], ["Ada"]]),
      VCardProperty(name: "X-CSV-FIELD", components: [["Custom Field 1 - Label"], ["Machine"]]),
      VCardProperty(name: "X-CSV-FIELD", components: [["Custom Field 1 - Value"], ["Difference Engine"]]),
    ])
    let withoutUID = VCard(properties: [VCardProperty(name: "FN", text: "Charles Babbage")])
    let exported = try Self.export([fromVCard, withoutUID], .google)
    let text = String(decoding: exported, as: UTF8.self)
    #expect(
      text.components(separatedBy: "\r\n")[0].hasSuffix(
        "Custom Field 1 - Label,Custom Field 1 - Value,Custom Field 2 - Label,Custom Field 2 - Value"))
    #expect(text.contains(",Machine,Difference Engine,UID,urn:uuid:8f1c-ada\r\n"))
    let (reader, rows) = try Fixture.rows(exported)
    let again = try rows.map { try $0.result.get() }
    #expect(again[0].properties(named: "UID").map(\.text) == ["urn:uuid:8f1c-ada"])
    #expect(
      again[0].properties(named: "X-CSV-FIELD").map(\.components)
        == fromVCard.properties(named: "X-CSV-FIELD").map(\.components))
    #expect(again[1].properties(named: "UID").isEmpty)
    // The UID's columns are read, not kept: the summary does not list them.
    #expect(reader.keptHeaders == ["Custom Field 1 - Label", "Custom Field 1 - Value"])
    #expect(reader.unknownHeaders.count == 4)
    // Outlook's layout has no custom fields: no UID there.
    #expect(!String(decoding: try Self.export([fromVCard], .outlook), as: UTF8.self).contains("8f1c-ada"))
  }

  /// Outlook's layout read back gives the same names, e-mails, phones, addresses and dates.
  @Test(arguments: ["outlook-com.csv", "outlook-desktop.csv", "outlook-desktop-de.csv", "outlook-desktop-fr-1252.csv"])
  func outlookCSVReadWrittenAndReadAgain(fixture: String) throws {
    let cards = try Fixture.cards(fixture)
    let again = try Fixture.rows(Self.export(cards, .outlook)).rows.map { try $0.result.get() }
    for name in ["FN", "N", "EMAIL", "TEL", "ADR", "BDAY", "ORG", "TITLE", "NOTE", "CATEGORIES", "URL"] {
      #expect(again.map { $0.lines(name) } == cards.map { $0.lines(name) }, "\(name)")
    }
  }
}
