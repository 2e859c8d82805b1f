import Testing

@testable import TerminalUI

/// Editing a field is checked against a plain model — characters in an array, a cursor index —
/// over seeded random edits that go in and out of the plain ASCII text the field edits byte by
/// byte (typing, pastes, Backspace, Ctrl-W, moves, a full field), so the fast way and the
/// general way must agree.
struct TextInputModelTests {
  private struct Model {
    var characters: [Character] = []
    var cursor = 0
    let maxLength: Int

    mutating func insert(_ text: String) {
      let kept = Array(text.prefix(max(0, maxLength - characters.count)))
      characters.insert(contentsOf: kept, at: cursor)
      cursor += kept.count
    }

    mutating func deleteBackward(_ count: Int) {
      let removed = min(count, cursor)
      characters.removeSubrange((cursor - removed)..<cursor)
      cursor -= removed
    }
  }

  /// Insertions that never join the character before them, so the model's arithmetic holds.
  private static let insertions = ["a", "Z", "@", ".", " ", "~", "ab.cd", "é", "李", "Zoë", "x李y", "0123456789"]

  @Test(arguments: [1 as UInt64, 2, 3, 4])
  func randomEditsMatchTheModel(seed: UInt64) {
    // Knuth's MMIX linear congruential generator: a seeded, repeatable stream of edits.
    var state = seed
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    var field = TextInput("", maxLength: 40)
    var model = Model(maxLength: 40)
    for step in 0..<2_000 {
      switch next() % 6 {
      case 0, 1:
        let text = Self.insertions[Int(next() % UInt64(Self.insertions.count))]
        field.insert(text)
        model.insert(text)
      case 2:
        _ = field.handle(.backspace)
        model.deleteBackward(1)
      case 3:
        _ = field.handle(.left)
        model.cursor = max(0, model.cursor - 1)
      case 4:
        _ = field.handle(.right)
        model.cursor = min(model.characters.count, model.cursor + 1)
      default:
        _ = field.handle(.home)
        model.cursor = 0
      }
      #expect(field.text == String(model.characters), "step \(step)")
      #expect(field.cursor == model.cursor, "step \(step)")
      if field.text != String(model.characters) || field.cursor != model.cursor { return }
    }
  }

  @Test func aFullPlainFieldKeepsWhatFitsAndSaysWhatDidNot() {
    var field = TextInput("abc", maxLength: 5)
    #expect(field.insert("defgh") == 3)
    #expect(field.text == "abcde" && field.cursor == 5)
    var mixed = TextInput("李", maxLength: 3)
    #expect(mixed.insert("abc") == 1)
    #expect(mixed.text == "李ab" && mixed.cursor == 3)
  }
}
