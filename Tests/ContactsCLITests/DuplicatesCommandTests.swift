import Foundation
import Testing

/// `contacts duplicates`, run as a user runs it after moving in from two places.
@Suite struct DuplicatesCommandTests {
  @Test func listsEachGroupWithWhyAndLeavesHomonymsApart() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    // 020 7946 0018 is London's only in Britain.
    try binary.writeConfig("[phones]\nregion = \"GB\"\n")
    let none = try await binary.run(["duplicates"])
    #expect(none.status == 0 && none.output.contains("No likely duplicates in ada@example.com."), "\(none.output)")
    let cards = crlf(
      "BEGIN:VCARD", "VERSION:4.0", "FN:Ada Lovelace", "EMAIL:Ada@Example.com", "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:Augusta Ada King", "EMAIL:ada@example.com", "TEL:+44 20 7946 0018",
      "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:Lovelace (work)", "TEL:020 7946 0018", "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:John Smith", "N:Smith;John;;;", "EMAIL:john@one.example", "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:John Smith", "N:Smith;John;;;", "EMAIL:john@two.example", "END:VCARD")
    #expect(try await binary.run(["import", try binary.file("book.vcf", cards)]).status == 0)
    let found = try await binary.run(["duplicates"])
    #expect(found.status == 0, "\(found.errors)")
    let expected = [
      "1. the same e-mail (ada@example.com); the same phone (…460018)",
      "   Ada Lovelace · Ada@Example.com",
      "   Augusta Ada King · ada@example.com · +44 20 7946 0018",
      "   Lovelace (work) · 020 7946 0018",
      "1 group of likely duplicates (3 contacts) in ada@example.com.",
    ]
    #expect(found.output == expected.joined(separator: "\n") + "\n", "\(found.output)")
  }

  /// A number without its country code is read as from the config file's region, else the
  /// locale's, else compared by its digits.
  @Test func nationalNumbersAreReadInTheConfiguredRegionElseTheLocales() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let cards = crlf(
      "BEGIN:VCARD", "VERSION:4.0", "FN:Jürgen Weber", "TEL:+49 30 1234567", "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:J. Weber", "TEL:030 1234567", "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:Jo Weber", "TEL:030/123 45 67", "END:VCARD")
    #expect(try await binary.run(["import", try binary.file("book.vcf", cards)]).status == 0)
    let english = ["LC_ALL": "", "LC_TELEPHONE": "", "LANG": "en_US.UTF-8"]
    let german = ["LC_ALL": "", "LC_TELEPHONE": "de_DE.UTF-8", "LANG": "en_US.UTF-8"]
    let plain = ["LC_ALL": "C", "LANG": "C"]
    func firstLine(_ environment: [String: String]) async throws -> String {
      let run = try await binary.run(["duplicates"], environment: environment)
      #expect(run.status == 0, "\(run.errors)")
      return String(run.output.split(separator: "\n").first ?? "")
    }
    // In Germany all three are one number; in the US the national ones are no Berlin number,
    // and without a region they agree by their digits.
    #expect(try await firstLine(german) == "1. the same phone (…234567)")
    #expect(try await binary.run(["duplicates"], environment: german).output.contains("(3 contacts)"))
    #expect(try await binary.run(["duplicates"], environment: english).output.contains("(2 contacts)"))
    #expect(try await binary.run(["duplicates"], environment: plain).output.contains("(2 contacts)"))
    try binary.writeConfig("[phones]\nregion = \"DE\"\n")
    #expect(try await binary.run(["duplicates"], environment: english).output.contains("(3 contacts)"))
  }

  /// A book where Ada King was merged into Ada Lovelace (her card records it), then an export
  /// from before the merge imported: Ada King goes into Ada Lovelace instead of coming back.
  @Test func anOldExportDoesNotBringAMergedDuplicateBack() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let merged = crlf(
      "BEGIN:VCARD", "VERSION:4.0", "UID:ada-1", "FN:Ada Lovelace", "EMAIL:ada@example.com",
      "TEL:+44 20 7946 0018", "X-TERMFLOW-MERGED-UID:ada-2", "END:VCARD")
    #expect(try await binary.run(["import", try binary.file("merged.vcf", merged)]).status == 0)
    let old = crlf(
      "BEGIN:VCARD", "VERSION:4.0", "UID:ada-1", "FN:Ada Lovelace", "EMAIL:ada@example.com", "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "UID:ada-2", "FN:Augusta Ada King", "EMAIL:Ada@Example.com",
      "TEL:+44 20 7946 0018", "TEL;TYPE=home:+44 20 7946 0999", "END:VCARD")
    let imported = try await binary.run(["import", try binary.file("old.vcf", old)])
    #expect(imported.status == 0, "\(imported.errors)")
    #expect(
      imported.output.contains(
        "0 added, 0 updated, 1 unchanged, 1 into the contacts they had been merged into (nothing came back twice), "
          + "0 skipped."), "\(imported.output)")
    #expect(try await binary.run(["duplicates"]).output.contains("No likely duplicates"))
    let export = try await binary.run(["export"]).output
    #expect(export.components(separatedBy: "BEGIN:VCARD").count == 2, "\(export)")
    #expect(export.contains("FN:Ada Lovelace") && !export.contains("FN:Augusta Ada King"))
    #expect(export.contains("+44 20 7946 0999"), "what the old card had new went into the one kept")
  }
}
