import Foundation
import Testing

/// `contacts import` of Google and Outlook CSV and `contacts export --format csv-…`, run as a
/// user runs them (the mapping itself is tested in VCardCSVTests).
@Suite struct CSVInterchangeTests {
  static let googleCSV = crlf(
    "First Name,Middle Name,Last Name,Name Prefix,Name Suffix,Nickname,Organization Name,Organization Title,"
      + "Organization Department,Birthday,Notes,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,"
      + "Phone 1 - Value,Phone 2 - Label,Phone 2 - Value,Custom Field 1 - Label,Custom Field 1 - Value",
    "Ada,,Lovelace,,,,Analytical Engines Ltd,,,1815-12-10,\"First programmer.\r\nLoved poetry, too.\","
      + "* myContacts ::: Friends,* Home,ada@example.com ::: ada@other.example,Mobile,+44 7700 900123,"
      + "Work Fax,+44 20 7946 0000,Machine,Difference Engine",
    "Charles,,Babbage,,,,,,,--12-26,,* myContacts,,charles@example.com,,,,,,",
    "Bad,row,with,far,too,many,columns,for,its,header,a,b,c,d,e,f,g,h,i,j,k,l",
    "")

  @Test func googleCSVImportsAndItsExportImportedAgainAddsNothing() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    // A .txt name: the content says it is CSV.
    let file = try binary.file("contacts.txt", Self.googleCSV)
    let first = try await binary.run(["import", file])
    #expect(first.status == 1, "a bad row makes the exit status 1")
    #expect(first.output.contains("2 added, 0 updated, 0 unchanged, 1 skipped"), "\(first.output)")
    #expect(first.errors.contains("contacts.txt:5: the row has 22 columns but the header names 20"), "\(first.errors)")
    #expect(first.output.contains("columns kept as they are (export gives them back): Custom Field 1 - Label"))
    let again = try await binary.run(["import", file])
    #expect(again.output.contains("0 added, 0 updated, 2 unchanged, 1 skipped"), "\(again.output)")

    let vCards = try await binary.run(["export"]).output.replacingOccurrences(of: "\r\n ", with: "")
    for expected in [
      "FN:Ada Lovelace", "EMAIL;TYPE=home;PREF=1:ada@example.com", "EMAIL;TYPE=home:ada@other.example",
      "TEL;TYPE=fax,work:+44 20 7946 0000", "BDAY:18151210", "NOTE:First programmer.\\nLoved poetry\\, too.",
      "CATEGORIES:Friends", "X-CSV-FIELD:Custom Field 1 - Value;Difference Engine", "BDAY:--1226",
    ] {
      #expect(vCards.contains(expected), "\(expected) in \(vCards)")
    }

    let export = try await binary.run(["export", "--format", "csv-google"])
    #expect(export.status == 0, "\(export.errors)")
    #expect(export.output.hasPrefix("First Name,Middle Name,Last Name,"))
    #expect(export.output.contains("\"First programmer.\nLoved poetry, too.\""), "\(export.output)")
    #expect(export.output.contains("E-mail 2 - Value") && !export.output.contains("E-mail 3 - Value"))
    let reimport = try await binary.run(["import", try binary.file("export.csv", export.output)])
    #expect(reimport.status == 0, "\(reimport.errors)")
    #expect(reimport.output.contains("0 added, 0 updated, 2 unchanged, 0 skipped"), "\(reimport.output)")
  }

  /// A contact from a vCard has a UID no CSV column holds: `csv-google` carries it in a custom
  /// field, so importing the export again finds the contact, and what CSV cannot carry (the
  /// photo, other properties) is not lost.
  @Test func aVCardsContactExportedAsCSVAndImportedAgainIsFoundByItsUID() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let card = crlf(
      "BEGIN:VCARD", "VERSION:4.0", "UID:urn:uuid:0f6b3c1e-ada", "FN:Ada Lovelace", "N:Lovelace;Ada;;;",
      "EMAIL;TYPE=work:ada@example.com", "TEL;TYPE=cell:+44 7700 900123", "PHOTO:https://ada.example/ada.jpg",
      "X-SKYPE:ada.l", "END:VCARD")
    #expect(try await binary.run(["import", try binary.file("ada.vcf", card)]).output.contains("1 added"))
    let export = try await binary.run(["export", "--format", "csv-google"])
    #expect(export.status == 0, "\(export.errors)")
    #expect(export.output.contains("Custom Field 1 - Label,Custom Field 1 - Value\r\n"), "\(export.output)")
    #expect(export.output.contains(",UID,urn:uuid:0f6b3c1e-ada\r\n"), "\(export.output)")
    let file = try binary.file("google.csv", export.output)
    let again = try await binary.run(["import", file])
    #expect(again.status == 0, "\(again.errors)")
    #expect(again.output.contains("0 added, 0 updated, 1 unchanged, 0 skipped"), "\(again.output)")
    #expect(!again.output.contains("columns kept"), "the UID's columns are read, not kept: \(again.output)")
    // A row that brings something new adds it, and takes nothing away.
    let edited = export.output.replacingOccurrences(
      of: "ada@example.com", with: "ada@example.com ::: ada@poetry.example")
    let added = try await binary.run(["import", try binary.file("edited.csv", edited)])
    #expect(added.output.contains("0 added, 1 updated, 0 unchanged, 0 skipped"), "\(added.output)")
    let vCards = try await binary.run(["export"]).output.replacingOccurrences(of: "\r\n ", with: "")
    #expect(vCards.components(separatedBy: "BEGIN:VCARD").count == 2, "\(vCards)")
    for expected in [
      "UID:urn:uuid:0f6b3c1e-ada", "PHOTO:https://ada.example/ada.jpg", "X-SKYPE:ada.l", "ada@poetry.example",
    ] {
      #expect(vCards.contains(expected), "\(expected) in \(vCards)")
    }
  }

  @Test func outlookCSVInWindows1252WithSemicolonsImportsAndExportsWithABOM() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let french =
      "Prénom;Nom;Adresse de messagerie;Tél. mobile;Anniversaire;Notes\r\n"
      + "Hélène;Lefèvre;helene@exemple.fr;06 12 34 56 78;03/04/1985;\"Café ; thé\r\nnon\"\r\n"
    let file = try binary.file("outlook.csv", Array(french.data(using: .windowsCP1252)!))
    let first = try await binary.run(["import", file])
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.output.contains("1 added"), "\(first.output)")
    let export = try await binary.run(["export", "--format", "csv-outlook"])
    #expect(export.output.hasPrefix("\u{FEFF}First Name,Middle Name,Last Name,Title,"))
    #expect(export.output.contains("Hélène,,Lefèvre,,,,helene@exemple.fr,"), "\(export.output)")
    #expect(export.output.contains(",4/3/1985,"), "\(export.output)")
    let refused = try await binary.run(["export", "--format", "csv-outlook", "--vdir", binary.directory.path + "/v"])
    #expect(refused.status != 0 && refused.errors.contains("--vdir writes vCards"), "\(refused.errors)")
  }
}
