import Foundation
import Testing

@testable import TerminalUI

/// The width policy's hard cases: where other toolkits drift.
struct DisplayWidthTests {
  static let cases: [(String, Character, Int)] = [
    ("ASCII letter", "a", 1),
    ("precomposed é", "\u{E9}", 1),
    ("e + combining acute", "e\u{301}", 1),
    ("Thai with vowel mark", "\u{E01}\u{E31}", 1),
    ("CJK ideograph", "李", 2),
    ("Hangul syllable", "가", 2),
    ("Hangul jamo L+V+T", "\u{1100}\u{1161}\u{11A8}", 2),
    ("fullwidth Latin A", "Ａ", 2),
    ("halfwidth katakana", "ｱ", 1),
    ("ideographic space", "\u{3000}", 2),
    ("emoji", "😀", 2),
    ("emoji with skin tone", "👍🏽", 2),
    ("ZWJ family", "👨‍👩‍👧", 2),
    ("ZWJ profession", "🧑‍💻", 2),
    ("flag", "🇯🇵", 2),
    ("lone regional indicator", "🇯", 1),
    ("heart, text default", "❤", 1),
    ("heart + VS16", "❤️", 2),
    ("rainbow flag (VS16 + ZWJ)", "🏳️‍🌈", 2),
    ("keycap", "1️⃣", 2),
    ("watch, emoji default", "⌚", 2),
    ("watch + VS15", "⌚︎", 1),
    ("smiley + VS15", "☺︎", 1),
    ("CJK extension B", "𠀀", 2),
    ("box drawing", "─", 1),
    ("ellipsis", "…", 1),
  ]

  @Test(arguments: cases)
  func clusterWidth(name: String, character: Character, expected: Int) {
    #expect(DisplayWidth.of(character) == expected, "\(name)")
  }

  /// The blocks `of` answers without property lookups hold nothing the rules make wide.
  @Test func theNarrowShortcutAgreesWithTheRules() {
    let shortcut = (0x1100...0x2FFF).compactMap(Unicode.Scalar.init).filter(DisplayWidth.isNarrowWithoutLookup)
    #expect(shortcut.count > 900)
    let wide = shortcut.filter { $0.properties.isEmojiPresentation || DisplayWidth.isEastAsianWide($0.value) }
    #expect(wide.isEmpty, "\(wide.map { String(format: "U+%04X", $0.value) })")
    #expect(!DisplayWidth.isNarrowWithoutLookup("⌚") && !DisplayWidth.isNarrowWithoutLookup("李"))
    #expect(DisplayWidth.of("┃" as Unicode.Scalar) == 1 && DisplayWidth.of("⌚" as Unicode.Scalar) == 2)
  }

  @Test func stringWidthSumsClusters() {
    #expect(DisplayWidth.of("Zoë Ångström") == 12)
    #expect(DisplayWidth.of("李小龍") == 6)
    #expect(DisplayWidth.of("a👨‍👩‍👧b") == 4)
    #expect(DisplayWidth.of("plain ascii") == 11)
  }

  @Test func controlsAreMadeVisibleAndHarmless() {
    #expect(DisplayWidth.sanitized("\u{1B}") == "\u{FFFD}")
    #expect(DisplayWidth.sanitized("\u{7}") == "\u{FFFD}")
    #expect(DisplayWidth.sanitized("\u{9B}") == "\u{FFFD}")
    #expect(DisplayWidth.sanitized("\t") == " ")
    #expect(DisplayWidth.sanitized("\r\n") == "\u{FFFD}")
  }

  /// Found by the monkey test: a lone zero-width space typed into a field trapped.
  @Test(arguments: ["\u{200B}", "\u{FEFF}", "\u{200E}", "\u{200F}", "\u{2060}", "\u{2028}"] as [Character])
  func aLoneFormatCharacterThatCannotTakeABaseIsReplaced(character: Character) {
    let sanitized = DisplayWidth.sanitized(character)
    #expect(DisplayWidth.of(sanitized) == 1)
    #expect(String(sanitized).count == 1)
  }

  @Test func aLeadingCombiningMarkGetsItsOwnBase() {
    let sanitized = DisplayWidth.sanitized("\u{301}")
    #expect(sanitized.unicodeScalars.first == "\u{A0}")
    #expect(DisplayWidth.of(sanitized) == 1)
  }

  @Test func wideTableIsSortedAndDisjoint() {
    for (previous, next) in zip(eastAsianWideRanges, eastAsianWideRanges.dropFirst()) {
      #expect(previous.upperBound < next.lowerBound)
    }
  }
}
