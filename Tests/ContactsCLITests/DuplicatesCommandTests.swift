import Foundation
import Testing

/// `contacts duplicates`, run as a user runs it after moving in from two places.
@Suite struct DuplicatesCommandTests {
  @Test func listsEachGroupWithWhyAndLeavesHomonymsApart() throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try binary.addAccount()
    let none = try binary.run(["duplicates"])
    #expect(none.status == 0 && none.output.contains("No likely duplicates in ada@example.com."), "\(none.output)")
    let cards = crlf(
      "BEGIN:VCARD", "VERSION:4.0", "FN:Ada Lovelace", "EMAIL:Ada@Example.com", "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:Augusta Ada King", "EMAIL:ada@example.com", "TEL:+44 20 7946 0018",
      "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:Lovelace (work)", "TEL:020 7946 0018", "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:John Smith", "N:Smith;John;;;", "EMAIL:john@one.example", "END:VCARD",
      "BEGIN:VCARD", "VERSION:4.0", "FN:John Smith", "N:Smith;John;;;", "EMAIL:john@two.example", "END:VCARD")
    #expect(try binary.run(["import", try binary.file("book.vcf", cards)]).status == 0)
    let found = try binary.run(["duplicates"])
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
}
