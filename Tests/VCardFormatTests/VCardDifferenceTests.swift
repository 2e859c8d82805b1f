import Testing
import VCardFormat

/// What sync calls a server's change of a card it was sent: the rewrites every server makes are
/// none, a value lost or altered is named by its property.
@Suite struct VCardDifferenceTests {
  static func card(_ lines: String...) -> VCard {
    let text = (["BEGIN:VCARD"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n")
    return VCardReader.read(text).first!.card!
  }

  static let sent = card(
    "VERSION:4.0", "UID:ada", "FN:Ada Lovelace", "N:Lovelace;Ada;Augusta,Byron;;",
    "item1.EMAIL;TYPE=work:ada@example.com", "item1.X-ABLabel:_$!<Other>!$_", "NOTE:first\\, second",
    "ADR;TYPE=home:;;Silicon Alley 5,;New York;;12345;USA", "PHOTO:data:image/png;base64,iVBORw0KGgo=",
    "PRODID:-//TermFlow//contacts//EN", "REV:20260101T000000Z")

  @Test func whatServersRewriteIsNoDifference() {
    // Cyrus's and Radicale's ways: 3.0, ENCODING=b, upper-cased parameters, renumbered groups,
    // folded lines, its own PRODID and REV, properties in another order, lists of N and ADR
    // components written as one text.
    let stored = Self.card(
      "VERSION:3.0", "PRODID:-//CyrusIMAP.org//Cyrus 3.6.1//EN", "UID:ada", "N:Lovelace;Ada;Augusta\\,Byron;;",
      "FN:Ada Lovelace", "NOTE:first\\, sec", " ond", "item7.EMAIL;TYPE=WORK:ada@example.com",
      "item7.X-ABLABEL:_$!<Other>!$_", "ADR;TYPE=HOME:;;Silicon Alley 5\\,;New York;;12345;USA",
      "PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgo=", "REV:20261207T025740Z")
    let difference = VCardDifference(from: Self.sent, to: stored)
    #expect(difference.isEmpty, "\(difference)")
  }

  @Test func aValueLostOrChangedIsNamed() {
    // Cyrus's 3.0 of a 4.0 photo, Radicale's cut of an unescaped comma, a label gone, an X- added.
    let stored = Self.card(
      "VERSION:3.0", "UID:ada", "FN:Ada Lovelace", "N:Lovelace;Ada;Augusta,Byron;;",
      "item1.EMAIL;TYPE=work:ada@example.com", "NOTE:first", "ADR;TYPE=home:;;Silicon Alley 5,;New York;;12345;USA",
      "PHOTO:data:image/png", "X-SERVER-ID:42")
    let difference = VCardDifference(from: Self.sent, to: stored)
    #expect(difference.changed == ["EMAIL", "NOTE", "PHOTO"])
    #expect(difference.dropped.isEmpty)
    #expect(difference.added == ["X-SERVER-ID"])
    #expect(!difference.isEmpty)

    let withoutPhoto = Self.card(
      "VERSION:4.0", "UID:ada", "FN:Ada Lovelace", "N:Lovelace;Ada;Augusta,Byron;;",
      "item1.EMAIL;TYPE=work:ada@example.com", "item1.X-ABLabel:_$!<Other>!$_", "NOTE:first\\, second",
      "ADR;TYPE=home:;;Silicon Alley 5,;New York;;12345;USA")
    #expect(VCardDifference(from: Self.sent, to: withoutPhoto).dropped == ["PHOTO"])
  }

  @Test func aCommaWithinAComponentIsNotAListSeparatorOfAnother() {
    // The list written as one text is the same; another split of the same letters is not.
    let sent = Self.card("VERSION:4.0", "FN:A", "N:Doe;John;Richter,James;;")
    #expect(VCardDifference(from: sent, to: Self.card("VERSION:4.0", "FN:A", "N:Doe;John;Richter\\,James;;")).isEmpty)
    #expect(
      VCardDifference(from: sent, to: Self.card("VERSION:4.0", "FN:A", "N:Doe;John,Richter;James;;")).changed == ["N"])
  }
}
