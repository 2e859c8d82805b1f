import ContactsCore
import Foundation
import TerminalUI
import Testing

@testable import ContactsLive
@testable import SessionRecording

/// A key's line is written by hand on the path from the key to its frame: it must be the
/// encoder's line, byte for byte, for every key it is written for.
struct SessionRecorderKeyLineTests {
  static var keys: [Key] {
    let characters: [Character] =
      (0x20...0x7E).compactMap { Unicode.Scalar($0).map(Character.init) }
      + ["é", "e\u{301}", "李", "가", "😀", "👨‍👩‍👧", "🇯🇵", "\u{2028}", "\u{2029}", "\u{200B}", "\u{FEFF}", "\u{7F}", "\u{1B}"]
    let codes: [Key.Code] =
      characters.map { .character($0) } + [
        .enter, .tab, .escape, .backspace, .delete, .insert, .up, .down, .left, .right, .home, .end, .pageUp,
        .pageDown, .function(1), .function(12), .function(64),
      ]
    let modifiers: [Key.Modifiers] = [[], .control, .alt, .shift, [.control, .alt, .shift]]
    return codes.flatMap { code in modifiers.map { Key(code, modifiers: $0) } }
  }

  @Test func aKeysHandWrittenLineIsTheEncodersLine() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var handWritten = 0
    for key in Self.keys {
      guard let line = SessionRecorder<AppAction>.keyLine(key) else { continue }
      let encoded = try encoder.encode(SessionEntry<AppAction>.input(.input(.key(key)))) + [0x0A]
      #expect(line == Array(encoded), "\(key.name.debugDescription)")
      handWritten += 1
    }
    // Everything typed in practice takes the hand-written way.
    #expect(handWritten > Self.keys.count * 9 / 10)
    for key in [Key.character("a"), .character("/"), .enter, .ctrl("c"), .character("李")] {
      #expect(SessionRecorder<AppAction>.keyLine(key) != nil, "\(key.name)")
    }
  }

  /// So is the line of an action a typed key makes, for the forms and the search.
  @Test func aTypedKeysActionLineIsTheEncodersLine() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var handWritten = 0
    for key in Self.keys {
      let typed = TextInput.edit(for: key).map { AppAction.signIn(.form(.edit($0))) }
      let typedUp = TextInput.edit(for: key).map { AppAction.signUp(.form(.edit($0))) }
      let typedInEditor = TextInput.edit(for: key).map { AppAction.editor(.form(.edit($0))) }
      let actions: [AppAction] = [typed, typedUp, typedInEditor, .search(.key(key))].compactMap { $0 }
      for action in actions {
        guard let line = AppAction.typedKeyLine(action) else { continue }
        let encoded = try encoder.encode(SessionEntry<AppAction>.action(action)) + [0x0A]
        #expect(line == Array(encoded), "\(action)")
        handWritten += 1
      }
    }
    #expect(handWritten > Self.keys.count * 2 * 9 / 10)
    #expect(AppAction.typedKeyLine(.signIn(.form(.edit(.insert("a"))))) != nil)
    #expect(AppAction.typedKeyLine(.signIn(.form(.submit))) == nil)
    #expect(AppAction.typedKeyLine(.signIn(.form(.edit(.deleteBackward)))) == nil)
  }

  /// And the line of a move in the list or the search's results, for every move.
  @Test func aMovesActionLineIsTheEncodersLine() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let moves: [ScrollWindow.Move] = [.up, .down, .pageUp, .pageDown, .home, .end]
    for move in moves {
      for action in [AppAction.browser(.move(move)), .search(.move(move))] {
        let line = try #require(AppAction.moveLine(action), "\(action)")
        let encoded = try encoder.encode(SessionEntry<AppAction>.action(action)) + [0x0A]
        #expect(line == Array(encoded), "\(action)")
      }
    }
    #expect(AppAction.moveLine(.browser(.move(.to(12)))) == nil)
    #expect(AppAction.moveLine(.browser(.retry)) == nil)
    #expect(AppAction.moveLine(.signIn(.form(.next))) == nil)
  }
}
