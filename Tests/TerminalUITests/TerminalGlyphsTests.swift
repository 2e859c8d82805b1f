import Testing

@testable import TerminalUI

/// `wcwidth` as glibc answers it, so the tests do not depend on the machine's locale or libc:
/// 2 for East Asian Wide and emoji-presentation scalars, 1 for U+2764, regional indicators and
/// other printable scalars, 0 for combining marks, joiners and variation selectors, -1 for
/// unassigned scalars and controls.
private func glibcWidth(_ scalar: Unicode.Scalar) -> Int {
  let properties = scalar.properties
  switch properties.generalCategory {
  case .unassigned, .control, .surrogate: return -1
  case .nonspacingMark, .enclosingMark, .format: return 0
  default: break
  }
  if (0x1F1E6...0x1F1FF).contains(scalar.value) { return 1 }
  if DisplayWidth.isEastAsianWide(scalar.value) || properties.isEmojiPresentation { return 2 }
  return 1
}

/// The pieces for `character`, checked against the invariant every caller relies on: the libc
/// widths of the pieces' first scalars add up to the cell's policy width, and every scalar after
/// the first of a degraded piece is zero-width (ncurses keeps those in the same cell).
private func pieces(_ character: Character, clustering: Bool) -> [[Unicode.Scalar]] {
  let cell = Cell(character)
  let result = TerminalGlyphs.pieces(for: cell, terminalClustersGraphemes: clustering, libcWidth: glibcWidth)
  let columns = result.reduce(0) { $0 + ($1.first.map(glibcWidth) ?? 0) }
  #expect(columns == cell.width, "\(character.unicodeScalars.map(\.value)) clustering: \(clustering)")
  #expect(result.allSatisfy { $0.count <= TerminalGlyphs.maximumScalarsPerCell })
  let original = Array(character.unicodeScalars)
  for piece in result where piece != original {
    #expect(piece.dropFirst().allSatisfy { glibcWidth($0) == 0 }, "a degraded piece holds a spacing scalar: \(piece)")
  }
  return result
}

/// The same pieces whether or not the terminal clusters graphemes.
private func pieces(_ character: Character) -> [[Unicode.Scalar]] {
  let clustered = pieces(character, clustering: true)
  #expect(pieces(character, clustering: false) == clustered, "\(character.unicodeScalars.map(\.value))")
  return clustered
}

struct TerminalGlyphsTests {
  @Test func asciiIsOnePiece() {
    #expect(pieces("a") == [["a"]])
    #expect(pieces(" ") == [[" "]])
  }

  @Test func wideScalarsThatLibcAlsoCallsWideAreOnePiece() {
    #expect(pieces("李") == [["李"]])
    #expect(pieces("가") == [["가"]])
    #expect(pieces("😀") == [["😀"]])
  }

  @Test func textHeartWithEmojiVariationIsPaddedAndLosesTheSelector() {
    #expect(Cell("❤️").width == 2)
    #expect(pieces("❤️") == [["\u{2764}"], [" "]])
    #expect(pieces("❤") == [["\u{2764}"]])
  }

  @Test func keycapKeepsItsEnclosingMarkAndIsPadded() {
    #expect(pieces("1️⃣") == [["1", "\u{20E3}"], [" "]])
  }

  @Test func flagIsTwoNarrowRegionalIndicators() {
    #expect(pieces("🇯🇵") == [["\u{1F1EF}"], ["\u{1F1F5}"]])
  }

  @Test func zwjFamilyIsWholeOnlyWhenTheTerminalClusters() {
    let family: Character = "👨‍👩‍👧"
    #expect(pieces(family, clustering: true) == [Array(family.unicodeScalars)])
    #expect(pieces(family, clustering: false) == [["\u{1F468}"]])
  }

  @Test func skinToneIsWholeOnlyWhenTheTerminalClusters() {
    let thumbs: Character = "👍🏽"
    #expect(pieces(thumbs, clustering: true) == [["\u{1F44D}", "\u{1F3FD}"]])
    #expect(pieces(thumbs, clustering: false) == [["\u{1F44D}"]])
  }

  @Test func combiningAccentStaysWithItsBase() {
    #expect(pieces("e\u{301}") == [["e", "\u{301}"]])
  }

  @Test func clusterLongerThanACellHoldsIsShortened() {
    // Seven scalars: a family of four is its first person alone, even on a clustering terminal.
    #expect(pieces("👨‍👩‍👧‍👦", clustering: true) == [["\u{1F468}"]])
    // A base with six marks keeps the base and the first four marks.
    let stacked = Character("a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}")
    #expect(pieces(stacked) == [["a", "\u{301}", "\u{302}", "\u{303}", "\u{304}"]])
  }

  @Test func unprintableScalarBecomesAReplacementCharacter() {
    #expect(glibcWidth("\u{378}") == -1)
    #expect(pieces("\u{378}") == [["\u{FFFD}"]])
    // Unassigned but in a wide block: the replacement is padded to keep two columns.
    #expect(glibcWidth("\u{3FFFD}") == -1)
    #expect(pieces("\u{3FFFD}") == [["\u{FFFD}"], [" "]])
  }

  @Test func textPresentationOfAWideEmojiBecomesANarrowStandIn() {
    // ⌚ with VS15 is one column by policy, two by libc: never let it push the row right.
    #expect(pieces("⌚︎") == [["\u{FFFD}"]])
  }

  @Test func sequenceOnANarrowBaseDegradesToItsBaseOnEveryTerminal() {
    // 🏳️‍🌈 and ❤️‍🔥 start with a scalar libc calls narrow. Dropping only the joiner would leave
    // 🏳 and 🌈 side by side in one cell: three columns where the row has room for two.
    #expect(pieces("🏳️‍🌈") == [["\u{1F3F3}"], [" "]])
    #expect(pieces("❤️‍🔥") == [["\u{2764}"], [" "]])
  }

  @Test func continuationCellsHaveNoPieces() {
    let pieces = TerminalGlyphs.pieces(
      for: Cell(.continuation), terminalClustersGraphemes: true, libcWidth: glibcWidth)
    #expect(pieces.isEmpty)
  }
}
