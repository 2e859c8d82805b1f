import Testing
import VCardCSV
import VCardFormat

@Suite("CSVCardReader: Google, Outlook and spreadsheet CSV as cards")
struct CSVCardReaderTests {
  /// Google Contacts' current header: packed ` ::: ` cells, `* ` for the primary entry and for
  /// system groups, a custom label, a multi-line note and formatted address, a custom field.
  @Test func readsGooglesCurrentHeader() throws {
    let (reader, rows) = try Fixture.rows(Fixture.bytes("google-current.csv"))
    #expect(reader.encoding == .utf8)
    #expect(rows.map(\.line) == [2, 6, 7])
    let ada = try rows[0].result.get()
    #expect(ada.lines("FN") == ["FN:Lady Ada Augusta Lovelace"])
    #expect(ada.lines("N") == ["N:Lovelace;Ada;Augusta;Lady;"])
    #expect(ada.lines("NICKNAME") == ["NICKNAME:Ada"])
    #expect(ada.lines("ORG") == ["ORG:Analytical Engines Ltd;Research"])
    #expect(ada.lines("TITLE") == ["TITLE:Programmer"])
    #expect(
      ada.lines("EMAIL") == [
        "EMAIL;TYPE=home;PREF=1:ada@example.com", "EMAIL;TYPE=home:ada.lovelace@example.org",
        "EMAIL;TYPE=work:ada@engines.example",
      ])
    #expect(
      ada.lines("TEL") == [
        "TEL;TYPE=cell:+44 7700 900123", "TEL;TYPE=fax,work:+44 20 7946 0000",
        "TEL;X-LABEL=Lab bench:+44 20 7946 0999",
      ])
    #expect(
      ada.properties(named: "ADR").map(\.components) == [
        [[""], [""], ["12 St James's Square"], ["London"], [""], ["SW1Y 4JH"], ["United Kingdom"]]
      ])
    #expect(ada.first("ADR")?.parameterValues("LABEL") == ["12 St James's Square\nLondon SW1Y 4JH\nUnited Kingdom"])
    #expect(ada.lines("URL") == ["URL;X-LABEL=Blog:https://ada.example/blog"])
    #expect(ada.lines("BDAY") == ["BDAY:18151210"])
    #expect(ada.first("NOTE")?.text == "First programmer.\nLikes \"poetical science\", and horses.")
    #expect(ada.properties(named: "CATEGORIES").map(\.components) == [[["Friends"]]])
    #expect(ada.properties(named: "X-GOOGLE-SYSTEM-GROUP").map(\.text) == ["myContacts", "starred"])
    #expect(
      ada.properties(named: "X-CSV-FIELD").map(\.components) == [
        [["Custom Field 1 - Label"], ["Favourite machine"]], [["Custom Field 1 - Value"], ["Difference Engine"]],
      ])
    let charles = try rows[1].result.get()
    #expect(charles.lines("BDAY") == ["BDAY:--1226"])
    #expect(charles.lines("TEL") == ["TEL;TYPE=cell;PREF=1:+44 7700 900456"])
    let engines = try rows[2].result.get()
    #expect(engines.lines("FN") == ["FN:Engines Ltd"])
    #expect(engines.first("N") == nil)
    #expect(
      engines.properties(named: "ADR").map(\.components) == [
        [[""], [""], ["1 Works Lane\nManchester"], [""], [""], [""], [""]]
      ])
  }

  /// Google's current header in today's column order, with `File As` and `Event N` filled: an
  /// anniversary after another event, two dates packed in one cell, a date in words, a relation.
  @Test func readsGooglesEventsAndFileAs() throws {
    let cards = try Fixture.cards("google-events.csv")
    #expect(cards.count == 3)
    let ada = cards[0]
    #expect(ada.properties(named: "X-EVOLUTION-FILE-AS").map(\.text) == ["Lovelace, Ada"])
    #expect(ada.lines("BDAY") == ["BDAY:18151210"])
    #expect(ada.lines("ANNIVERSARY") == ["ANNIVERSARY:18350708"])
    #expect(ada.properties(named: "X-ABDATE").map { "\($0.group ?? "").\($0.value)" } == ["item1.18430901"])
    #expect(ada.properties(named: "X-ABLabel").map { "\($0.group ?? "").\($0.text)" } == ["item1.First program"])
    #expect(
      ada.properties(named: "X-CSV-FIELD").map(\.components) == [
        [["Relation 1 - Label"], ["Spouse"]], [["Relation 1 - Value"], ["William King"]],
      ])
    let charles = cards[1]
    #expect(charles.first("ANNIVERSARY") == nil)
    #expect(
      charles.properties(named: "X-ABDATE").map { "\($0.group ?? "").\($0.value)" } == [
        "item1.--0314", "item2.18280101",
      ])
    #expect(
      charles.properties(named: "X-ABLabel").map { "\($0.group ?? "").\($0.text)" } == ["item1.Other", "item2.Other"])
    let engines = cards[2]
    #expect(engines.properties(named: "X-EVOLUTION-FILE-AS").map(\.text) == ["Engines Ltd (works)"])
    #expect(engines.lines("X-ABDATE") == ["X-ABDATE;VALUE=text:spring 1843"])
  }

  /// Google's older header, as old Gmail exported it: UTF-16 with a BOM, `Type` for labels,
  /// `Group Membership`, `Name`, `Organization 1 - …`, five phones.
  @Test func readsGooglesOlderHeaderInUTF16() throws {
    let (reader, rows) = try Fixture.rows(Fixture.bytes("google-legacy-utf16.csv"))
    #expect(reader.encoding == .utf16LittleEndian)
    #expect(reader.headers.first == "Name")
    let grace = try #require(try rows.first?.result.get())
    #expect(rows.count == 1)
    #expect(grace.lines("FN") == ["FN:Grace Hopper"])
    #expect(grace.lines("N") == ["N:Hopper;Grace;Brewster;Rear Admiral;"])
    #expect(grace.lines("NICKNAME") == ["NICKNAME:Amazing Grace"])
    #expect(
      grace.lines("EMAIL") == ["EMAIL;TYPE=work;PREF=1:grace@navy.example", "EMAIL;TYPE=home:grace@home.example"])
    #expect(grace.properties(named: "TEL").map(\.types) == [["cell"], ["home"], ["work"], ["pager"], ["main"]])
    #expect(grace.lines("ORG") == ["ORG:US Navy"])
    #expect(grace.lines("TITLE") == ["TITLE:Computer Scientist"])
    #expect(grace.lines("BDAY") == ["BDAY:19061209"])
    #expect(grace.first("NOTE")?.text == "Found the moth.\nKept it.")
    #expect(grace.properties(named: "CATEGORIES").map(\.components) == [[["Navy"]]])
    #expect(grace.properties(named: "X-GOOGLE-SYSTEM-GROUP").map(\.text) == ["My Contacts"])
    #expect(grace.properties(named: "X-CSV-FIELD").map(\.components).contains([["Gender"], ["female"]]))
    #expect(grace.lines("URL") == ["URL;X-LABEL=Profile:https://grace.example"])
    #expect(reader.unknownHeaders.contains("Yomi Name") && !reader.unknownHeaders.contains("Given Name"))
  }

  /// Outlook.com's export: a UTF-8 BOM (stripped, not part of the first header), Outlook's
  /// named columns, 1604 for a birthday without a year, `;` between categories.
  @Test func readsOutlookComsExport() throws {
    let (reader, rows) = try Fixture.rows(Fixture.bytes("outlook-com.csv"))
    #expect(reader.headers.first == "First Name")
    #expect(reader.columns.first == .single(.firstName))
    let alan = try #require(try rows.first?.result.get())
    #expect(alan.lines("FN") == ["FN:Alan Turing"])
    #expect(alan.lines("EMAIL") == ["EMAIL:alan@bletchley.example", "EMAIL:alan@manchester.example"])
    #expect(alan.lines("TEL") == ["TEL;TYPE=cell:+44 7700 900789", "TEL;TYPE=work:+44 1908 640404"])
    #expect(alan.lines("ORG") == ["ORG:GC&CS"])
    #expect(alan.lines("BDAY") == ["BDAY:--0623"])
    #expect(
      alan.properties(named: "ADR").map(\.components) == [
        [[""], [""], ["Bletchley Park\nSherwood Drive"], ["Milton Keynes"], [""], ["MK3 6EB"], ["United Kingdom"]]
      ])
    #expect(alan.first("ADR")?.types == ["work"])
    #expect(alan.properties(named: "CATEGORIES").map(\.components) == [[["myContacts", "Colleagues"]]])
    #expect(alan.properties(named: "X-CSV-FIELD").map(\.components) == [[["IMAddress"], ["alan@im.example"]]])
  }

  /// Desktop Outlook's English export: `Title` is the prefix, `0/0/00` is no date, street lines
  /// 2 and 3 join the street, `E-mail Type` and `E-mail Display Name` are kept.
  @Test func readsDesktopOutlooksExport() throws {
    let kj = try #require(try Fixture.cards("outlook-desktop.csv").first)
    #expect(kj.lines("N") == ["N:Johnson;Katherine;;Dr.;"])
    #expect(kj.lines("FN") == ["FN:Dr. Katherine Johnson"])
    #expect(kj.lines("ANNIVERSARY").isEmpty)
    #expect(kj.lines("BDAY") == ["BDAY:19180826"])
    #expect(kj.first("ADR")?.components[2] == ["1 NASA Drive\nBuilding 1236"])
    #expect(kj.lines("TEL") == ["TEL;TYPE=cell:(757) 555-0112", "TEL;TYPE=work:(757) 555-0111"])
    #expect(kj.first("NOTE")?.text == "Orbital mechanics.\nJohn Glenn asked for her.")
    #expect(
      kj.properties(named: "X-CSV-FIELD").map { $0.components[0] } == [["E-mail Type"], ["E-mail Display Name"]])
  }

  /// A French Outlook: `;` between fields, Windows-1252 bytes, French headers, day-first dates.
  @Test func readsAFrenchOutlookInWindows1252WithSemicolons() throws {
    let (reader, rows) = try Fixture.rows(Fixture.bytes("outlook-desktop-fr-1252.csv"))
    #expect(reader.encoding == .windows1252)
    #expect(reader.delimiter == ";")
    #expect(reader.unknownHeaders.isEmpty)
    let helene = try #require(try rows.first?.result.get())
    #expect(helene.lines("FN") == ["FN:Mme Hélène Lefèvre-Dupré"])
    #expect(helene.lines("EMAIL") == ["EMAIL:helene@exemple.fr"])
    #expect(helene.lines("TEL") == ["TEL;TYPE=cell:06 12 34 56 78", "TEL;TYPE=work:03 81 00 00 00"])
    #expect(helene.first("ADR")?.components[2] == ["12, rue de l'Église"])
    #expect(helene.first("ADR")?.components[3] == ["Besançon"])
    #expect(helene.lines("BDAY") == ["BDAY:19850403"])
    #expect(helene.lines("TITLE") == ["TITLE:Ingénieure"])
    #expect(helene.properties(named: "CATEGORIES").map(\.components) == [[["Travail", "Amis"]]])
    #expect(helene.first("NOTE")?.text == "Préfère le café ; pas de thé.\n€ 5 de dette.")
  }

  /// A German Outlook: German headers and `17.5.1970` dates.
  @Test func readsAGermanOutlook() throws {
    let joerg = try #require(try Fixture.cards("outlook-desktop-de.csv").first)
    #expect(joerg.lines("FN") == ["FN:Herr Jörg Müller"])
    #expect(joerg.lines("ORG") == ["ORG:Müller & Söhne GmbH"])
    #expect(joerg.lines("TITLE") == ["TITLE:Geschäftsführer"])
    #expect(joerg.lines("EMAIL") == ["EMAIL:joerg@mueller.example", "EMAIL:j.mueller@soehne.example"])
    #expect(
      joerg.lines("TEL") == [
        "TEL;TYPE=cell:0151 23456789", "TEL;TYPE=home:0711 123456", "TEL;TYPE=fax,work:0711 654321",
      ])
    #expect(joerg.first("ADR")?.types == ["home"])
    #expect(joerg.first("ADR")?.components[2] == ["Königstraße 5"])
    #expect(joerg.lines("BDAY") == ["BDAY:19700517"])
    #expect(joerg.lines("URL") == ["URL:https://mueller.example"])
    #expect(joerg.properties(named: "CATEGORIES").map(\.components) == [[["Familie"]]])
  }

  /// Any CSV with a header row: known names mapped, unknown columns kept; a row with too many
  /// columns or with nobody in it is refused with its line, the others are read.
  @Test func readsASpreadsheetAndRefusesItsBadRowsByLine() throws {
    let (reader, rows) = try Fixture.rows(Fixture.bytes("spreadsheet-with-bad-rows.csv"))
    #expect(reader.unknownHeaders == ["Favourite colour", "Shoe size"])
    #expect(rows.map(\.line) == [2, 3, 4, 6])
    let margaret = try rows[0].result.get()
    #expect(margaret.lines("FN") == ["FN:Margaret Hamilton"])
    #expect(margaret.lines("EMAIL") == ["EMAIL:margaret@apollo.example"])
    #expect(margaret.lines("TEL") == ["TEL:+1 617 555 0199"])
    #expect(
      margaret.properties(named: "X-CSV-FIELD").map(\.components) == [
        [["Favourite colour"], ["Blue"]], [["Shoe size"], ["38"]],
      ])
    #expect(rows[1].result.failure?.reason.contains("7 columns but the header names 5") == true)
    #expect(rows[2].result.failure?.reason == "the row has no name, organisation, e-mail or phone")
    let linus = try rows[3].result.get()
    #expect(linus.lines("FN") == ["FN:Linus \"Tux\" Torvalds"])
    #expect(
      linus.properties(named: "X-CSV-FIELD").map(\.components) == [
        [["Favourite colour"], ["Penguin\nblack and white"]]
      ])
  }

  /// CSV.swift reads a quote that never closes to the end of the file as one field: the row is
  /// refused, naming the line of the quote, and the rows before it are read.
  @Test func refusesTheRowWhoseQuoteNeverCloses() throws {
    let text =
      "Name,Email,Notes\r\nAda,ada@example.com,\"said \"\"hi\"\"\"\r\nBob,bob@example.com,\"oops\r\nCy,cy@example.com,\r\n"
    let rows = try Fixture.rows(Array(text.utf8)).rows
    #expect(rows.count == 2)
    #expect(try rows[0].result.get().first("NOTE")?.text == "said \"hi\"")
    #expect(rows[1].result.failure?.line == 3)
    #expect(rows[1].result.failure?.reason.contains("line 3 is never closed") == true)
    // A quote inside an unquoted field is a character, not an opening.
    let height = try Fixture.rows(Array("Name,Height\r\nAda,5'3\"\r\nBob,\"6'\"\"\"\r\n".utf8)).rows
    #expect(
      try height.map { try $0.result.get().properties(named: "X-CSV-FIELD").map(\.components) } == [
        [[["Height"], ["5'3\""]]], [[["Height"], ["6'\""]]],
      ])
  }

  @Test func refusesAFileWithoutAHeaderRow() {
    #expect(throws: CSVRowError.self) { try CSVCardReader(CSVText(decoding: Array("\n\n".utf8))) }
    // Data where the header should be: no column names a field.
    #expect(throws: CSVRowError.self) {
      try CSVCardReader(CSVText(decoding: Array("Ada Lovelace,ada@example.com\nBob,bob@example.com\n".utf8)))
    }
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
