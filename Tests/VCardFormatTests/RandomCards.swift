import TestSupport
import VCardFormat

/// Random cards for the round-trip property: values full of what breaks vCard writers.
struct RandomCards {
  var generator: SplitMix64

  /// Text pieces: separators and escapes, quotes, carets, line breaks, tabs, accents (precomposed
  /// and combining), CJK, right-to-left, emoji (with ZWJ and skin tone), and plain ASCII.
  static let pieces: [String] = [
    "a", "Z", "0", " ", ",", ";", ":", "\\", "\"", "^", "=", "\t", "\n", "\r\n", "é", "e\u{301}", "\u{301}", "ß", "漢字",
    "한", "שלום", "🙂", "👩‍👩‍👧", "👍🏽", "\u{200B}", "item1.", "BEGIN:VCARD", "END:VCARD", "=0D=0A", "^n", "\\n", "data:",
  ]
  static let propertyNames = [
    "NOTE", "TITLE", "EMAIL", "TEL", "URL", "NICKNAME", "CATEGORIES", "X-ABLABEL", "UID", "ROLE",
  ]
  static let structuredNames = ["ADR", "ORG", "X-PHONETIC"]
  // PREF is left out: each version writes the preferred mark its own way (VersionConversion).
  static let parameterNames = ["TYPE", "MEDIATYPE", "LANGUAGE", "LABEL", "ALTID", "PID", "SORT-AS", "X-SERVICE", "GEO"]
  static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-")

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
  mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

  mutating func text(maximumPieces: Int = 12) -> String {
    // One value in ten is long, to cross many folds.
    let count = chance(10) ? int(40...400) : int(0...maximumPieces)
    return (0..<count).map { _ in Self.pieces[int(0...Self.pieces.count - 1)] }.joined()
  }

  mutating func token(_ length: ClosedRange<Int>) -> String {
    String((0..<int(length)).map { _ in Self.letters[int(0...Self.letters.count - 1)] })
  }

  /// Works on scalars: "\r\n" is one Character, which `replacing("\r", ...)` would not see.
  func withoutCarriageReturns(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" }))
  }

  func withoutLineBreaks(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }))
  }

  mutating func group() -> String? {
    guard chance(30) else { return nil }
    return chance(50) ? "item\(int(1...20))" : token(1...8)
  }

  mutating func parameters() -> [VCardParameter] {
    (0..<int(0...3)).map { _ in
      let name =
        chance(80) ? Self.parameterNames[int(0...Self.parameterNames.count - 1)] : "X-" + token(1...6).uppercased()
      // Parameter values cannot hold a carriage return: RFC 6868 has no escape for it.
      let values = (0..<int(1...3)).map { _ in withoutCarriageReturns(text(maximumPieces: 4)) }
      return VCardParameter(name: name, values: values)
    }
  }

  mutating func property() -> VCardProperty {
    switch int(1...3) {
    case 1:
      return VCardProperty(
        group: group(), name: Self.propertyNames[int(0...Self.propertyNames.count - 1)], parameters: parameters(),
        text: text())
    case 2:
      let name = Self.structuredNames[int(0...Self.structuredNames.count - 1)]
      // ORG's components are one text each (RFC 6350 §6.6.4); N and ADR's are lists.
      let components = (0..<int(1...7)).map { _ in
        (0..<(name == "ORG" ? 1 : int(1...3))).map { _ in text(maximumPieces: 4) }
      }
      return VCardProperty(
        group: group(), name: name, parameters: parameters(), components: components)
    default:
      // A value as some other client escaped it (`\:`, a lone `\`, a bare comma): written with
      // the same meaning, not the same bytes (see `VCardValueShape`).
      let value = withoutLineBreaks(text())
      return VCardProperty(
        group: group(), name: "X-" + token(1...10).uppercased(), parameters: parameters(), value: value)
    }
  }

  /// A card as the writer writes it back: VERSION first, then FN and N (the writer's empty one
  /// for half of the 4.0 cards, which come without), then the rest.
  mutating func card(version: VCardVersion) -> VCard {
    var properties = [VCardProperty(name: "VERSION", value: version.rawValue)]
    properties.append(VCardProperty(group: group(), name: "FN", parameters: parameters(), text: text()))
    if version == .v30 || chance(50) {
      properties.append(VCardProperty(name: "N", components: (0..<5).map { _ in [text(maximumPieces: 3)] }))
    } else {
      properties.append(VCardProperty(name: "N", value: ";;;;"))
    }
    for _ in 0..<int(0...10) { properties.append(property()) }
    return VCard(properties: properties)
  }
}
