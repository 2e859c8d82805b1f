import Foundation
import Testing

/// `contacts import`, `export` and `query`, run as a user (or a mail client) runs them.
@Suite struct InterchangeTests {
  /// A 3.0 card as Apple's Contacts writes one: itemN groups with labels, a photo, TYPE=pref,
  /// a birthday without a year (--MMDD), folded lines.
  static let appleCard = crlf(
    "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.0//EN", "N:Lovelace;Ada;;Countess;",
    "FN:Ada Lovelace", "NICKNAME:Ada,Enchantress of Numbers", "ORG:Analytical Engines Ltd;Research",
    "TITLE:Mathematician", "EMAIL;type=INTERNET;type=HOME;type=pref:ada@example.com",
    "EMAIL;type=INTERNET;type=WORK:countess@engines.example", "item1.EMAIL;type=INTERNET:ada@other.example",
    "item1.X-ABLabel:_$!<Other>!$_", "TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0018",
    "TEL;type=WORK;type=VOICE:+44 20 7946 0999",
    "item2.ADR;type=HOME;type=pref:;;12 St James's Square;London;;SW1Y 4JH;United Kingdom",
    "item2.X-ABADR:gb", "BDAY;X-APPLE-OMIT-YEAR=1604:1604-12-10", "URL;type=HOME:https://ada.example",
    "X-SOCIALPROFILE;type=twitter:https://twitter.com/ada", "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQAAAQAB",
    " AAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQ",
    "CATEGORIES:friends,maths", "NOTE:First programmer.\\nLoved poetry\\, too.", "UID:ada-1815", "END:VCARD")

  /// A 2.1 card as old Android and Outlook write them: quoted-printable with soft breaks, a
  /// CHARSET, bare types, no UID.
  static let androidCard = crlf(
    "BEGIN:VCARD", "VERSION:2.1", "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;",
    "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BC=",
    "ller", "TEL;CELL:+49 30 1234567", "EMAIL;HOME:juergen@example.de", "END:VCARD")

  @Test func importingTheSameFilesTwiceAddsNothing() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let apple = try binary.file("apple.vcf", Self.appleCard)
    let android = try binary.file("android.vcf", Self.androidCard)
    let first = try await binary.run(["import", apple, android])
    #expect(first.status == 0, "\(first.errors)")
    #expect(first.output.contains("2 added, 0 updated, 0 unchanged, 0 skipped"), "\(first.output)")
    let second = try await binary.run(["import", apple, android])
    #expect(second.output.contains("0 added, 0 updated, 2 unchanged, 0 skipped"), "\(second.output)")
    // The same card from standard input, with LF line ends, is still the same contact.
    let piped = try await binary.run(
      ["import", "-"], input: Self.androidCard.replacingOccurrences(of: "\r\n", with: "\n"))
    #expect(piped.output.contains("0 added, 0 updated, 1 unchanged"), "\(piped.output)")
    let changed = try binary.file("apple2.vcf", Self.appleCard.replacingOccurrences(of: "Mathematician", with: "Poet"))
    let update = try await binary.run(["import", changed])
    #expect(update.output.contains("0 added, 1 updated"), "a known UID updates: \(update.output)")
  }

  @Test func exportKeepsEveryPropertyAndWritesTheSameBytesTwice() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    _ = try await binary.run(["import", try binary.file("apple.vcf", Self.appleCard)])
    let export = try await binary.run(["export"])
    #expect(export.status == 0, "\(export.errors)")
    #expect(try await binary.run(["export"]).output == export.output, "exporting twice gives the same bytes")
    let lines = export.output.components(separatedBy: "\r\n")
    #expect(lines[0] == "BEGIN:VCARD" && lines[1] == "VERSION:4.0")
    #expect(!export.output.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
    #expect(lines.allSatisfy { $0.utf8.count <= 75 }, "folded at 75 octets")
    let unfolded = export.output.replacingOccurrences(of: "\r\n ", with: "")
    for expected in [
      "FN:Ada Lovelace", "N:Lovelace;Ada;;Countess;", "UID:ada-1815", "ORG:Analytical Engines Ltd;Research",
      "item1.EMAIL;TYPE=INTERNET:ada@other.example", "item1.X-ABLABEL:_$!<Other>!$_", "item2.X-ABADR:gb",
      "X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/ada", "PHOTO:data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQAB",
      "NOTE:First programmer.\\nLoved poetry\\, too.", "X-APPLE-OMIT-YEAR=1604", "PRODID:",
    ] {
      #expect(unfolded.contains(expected), "\(expected) in \(unfolded)")
    }
    #expect(unfolded.contains("EMAIL;TYPE=INTERNET;TYPE=HOME;PREF=1:ada@example.com"), "\(unfolded)")

    // Import the export into another database: its export is the same bytes.
    let other = try ContactsBinary()
    defer { other.cleanUp() }
    try await other.addAccount()
    _ = try await other.run(["import", try other.file("export.vcf", export.output)])
    #expect(try await other.run(["export"]).output == export.output)
    // And as 3.0: TYPE=pref and ENCODING=b again, read back to the same 4.0.
    let v3 = try await binary.run(["export", "--format", "vcard3"]).output
    #expect(v3.contains("VERSION:3.0") && v3.contains("PHOTO;ENCODING=b;TYPE=JPEG:"))
    #expect(
      v3.replacingOccurrences(of: "\r\n ", with: "").contains("EMAIL;TYPE=INTERNET,pref;TYPE=HOME:ada@example.com"))
    let third = try ContactsBinary()
    defer { third.cleanUp() }
    try await third.addAccount()
    _ = try await third.run(["import", try third.file("v3.vcf", v3)])
    #expect(try await third.run(["export"]).output == export.output)
  }

  @Test func exportWritesAFileAndAVdirAtomically() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    _ = try await binary.run(["import", try binary.file("a.vcf", Self.appleCard + Self.androidCard)])
    let output = binary.directory.appendingPathComponent("out.vcf").path
    let toFile = try await binary.run(["export", "--output", output])
    #expect(toFile.status == 0 && toFile.output.isEmpty, "\(toFile.errors)")
    let toStandardOutput = try await binary.run(["export"])
    #expect(try String(contentsOfFile: output, encoding: .utf8) == toStandardOutput.output)
    let vdir = binary.directory.appendingPathComponent("vdir").path
    let toVdir = try await binary.run(["export", "--vdir", vdir])
    #expect(toVdir.status == 0, "\(toVdir.errors)")
    let files = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted()
    #expect(files.count == 2)
    #expect(files.contains("ada-1815.vcf"), "\(files)")
    #expect(files.allSatisfy { $0.hasSuffix(".vcf") && !$0.hasPrefix(".") }, "no temporary file is left")
    let ada = try String(contentsOfFile: vdir + "/ada-1815.vcf", encoding: .utf8)
    #expect(ada.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n") && ada.components(separatedBy: "BEGIN:VCARD").count == 2)
    // The vdir imports back as a directory: every card found again, none added.
    let back = try await binary.run(["import", vdir])
    #expect(
      back.status == 0 && back.output.contains("0 added, 0 updated, 2 unchanged"), "\(back.output) \(back.errors)")
  }

  @Test func exportWithAQueryWritesTheMatchesOnly() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    _ = try await binary.run(["import", try binary.file("a.vcf", Self.appleCard + Self.androidCard)])
    let matches = try await binary.run(["export", "--query", "enchantress"]).output
    #expect(matches.contains("FN:Ada Lovelace") && !matches.contains("Müller"), "found by a nickname")
    let none = try await binary.run(["export", "--query", "nobody-at-all"])
    #expect(none.status == 0 && none.output.isEmpty)
  }

  @Test func badCardsAreReportedWithFileLineAndReasonAndTheRestImported() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    var bytes = Array(crlf("BEGIN:VCARD", "VERSION:3.0", "FN:Good One", "END:VCARD").utf8)
    bytes += Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bad ".utf8) + [0xFF, 0xFE] + Array("\r\nEND:VCARD\r\n".utf8)
    bytes += Array(crlf("BEGIN:VCARD", "VERSION:3.0", "FN:Good Two", "END:VCARD").utf8)
    bytes += Array(crlf("BEGIN:VCARD", "VERSION:3.0", "FN:Never Ends").utf8)
    let mixed = try binary.file("mixed.vcf", bytes)
    let notACard = try binary.file("notes.txt", "just some text\nno cards here\n")
    let missing = binary.directory.appendingPathComponent("missing.vcf").path
    let run = try await binary.run(["import", mixed, notACard, missing])
    #expect(run.status == 1)
    #expect(run.output.contains("2 added, 0 updated, 0 unchanged, 3 skipped"), "\(run.output)")
    #expect(
      run.errors.contains("mixed.vcf:7: line 7 of the card starting on line 5 is not valid UTF-8"), "\(run.errors)")
    #expect(run.errors.contains("mixed.vcf:13: the card starting on line 13 has no END:VCARD"), "\(run.errors)")
    #expect(run.errors.contains("notes.txt:1: this is not a vCard file"), "\(run.errors)")
    #expect(run.errors.contains("cannot read \(missing): No such file or directory"), "\(run.errors)")
    let names = try await binary.run(["export"]).output
    #expect(names.contains("FN:Good One") && names.contains("FN:Good Two") && !names.contains("Never Ends"))
  }

  @Test func aTwentyMegabytePhotoIsSkippedAndALongLineIsRead() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    var bytes = Array(crlf("BEGIN:VCARD", "VERSION:3.0", "FN:Before", "END:VCARD").utf8)
    bytes += Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Huge Photo\r\nPHOTO;ENCODING=b;TYPE=JPEG:".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "A"), count: 20_000_000) + Array("\r\nEND:VCARD\r\n".utf8)
    let note = String(repeating: "long line ", count: 100_000)
    bytes += Array(crlf("BEGIN:VCARD", "VERSION:3.0", "FN:After", "NOTE:" + note, "END:VCARD").utf8)
    let run = try await binary.run(["import", try binary.file("big.vcf", bytes)])
    #expect(run.status == 1)
    #expect(run.output.contains("2 added, 0 updated, 0 unchanged, 1 skipped"), "\(run.output)")
    #expect(
      run.errors.contains("big.vcf:5: the card starting on line 5 is 20 MB, over the 10 MB limit"), "\(run.errors)")
    let export = try await binary.run(["export"]).output.replacingOccurrences(of: "\r\n ", with: "")
    #expect(export.contains("FN:Before") && export.contains("NOTE:" + note) && !export.contains("Huge Photo"))
  }

  @Test func importsAbooksDataFile() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let abook = try binary.file(
      "addressbook",
      """
      # abook addressbook file

      [format]
      program=abook
      version=0.6.1

      [0]
      name=Grace Hopper
      email=grace@navy.example,hopper@example.com
      mobile=+1 555 0100
      nick=Amazing Grace

      """)
    let run = try await binary.run(["import", abook])
    #expect(run.status == 0 && run.output.contains("1 added"), "\(run.output) \(run.errors)")
    let query = try await binary.run(["query", "amazing"])
    #expect(query.output.contains("grace@navy.example\tGrace Hopper"), "\(query.output)")
    #expect(query.output.contains("hopper@example.com\tGrace Hopper"), "every email: \(query.output)")
  }

  @Test func queryAnswersMuttAndAerc() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let tabbed = crlf("BEGIN:VCARD", "VERSION:4.0", "FN:Tab\tName", "EMAIL:tab@example.com", "END:VCARD")
    _ = try await binary.run(["import", try binary.file("a.vcf", Self.appleCard + Self.androidCard + tabbed)])
    let mutt = try await binary.run(["query", "countess@engines"])
    #expect(mutt.status == 0)
    let lines = mutt.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 5, "a message line, then one per address: \(lines)")
    #expect(!lines[0].contains("\t"))
    #expect(lines[1] == "ada@example.com\tAda Lovelace\thome, Analytical Engines Ltd", "the preferred first")
    #expect(lines[2] == "countess@engines.example\tAda Lovelace\twork, Analytical Engines Ltd")
    #expect(lines[3] == "ada@other.example\tAda Lovelace\tAnalytical Engines Ltd")
    let byOrganisation = try await binary.run(["query", "--format", "aerc", "analytical"])
    #expect(byOrganisation.output.split(separator: "\n").count == 3 && !byOrganisation.output.contains("addresses"))
    let tab = try await binary.run(["query", "--format", "aerc", "tab"])
    #expect(tab.output == "tab@example.com\tTab Name\t\n", "no field holds a tab")
    let nothing = try await binary.run(["query", "zebra"])
    #expect(nothing.status == 1)
    #expect(nothing.output.split(separator: "\n").count == 1)
    let aercNothing = try await binary.run(["query", "--format", "aerc", "zebra"])
    #expect(aercNothing.output.isEmpty)
  }

  @Test func severalAccountsNeedOneNamed() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount("ada@example.com")
    try await binary.addAccount("grace@example.com")
    let card = try binary.file("a.vcf", Self.androidCard)
    let unnamed = try await binary.run(["import", card])
    #expect(unnamed.status != 0)
    #expect(unnamed.errors.contains("2 accounts (ada@example.com, grace@example.com): name one with --account"))
    let named = try await binary.run(["import", "--account", "grace@example.com", card])
    #expect(named.status == 0 && named.output.contains("Imported into grace@example.com: 1 added"))
    #expect(try await binary.run(["query", "--account", "ada@example.com", "juergen"]).status == 1)
    #expect(try await binary.run(["query", "--account", "grace@example.com", "juergen"]).status == 0)
    let unknown = try await binary.run(["export", "--account", "nobody@example.com"])
    #expect(unknown.status != 0 && unknown.errors.contains("no account nobody@example.com"))
  }
}
