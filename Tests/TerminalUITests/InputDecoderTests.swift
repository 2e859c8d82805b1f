import TestSupport
import Testing

@testable import TerminalUI

/// Decodes `bytes` in one feed and flushes nothing: what the app sees before any escape delay.
private func decode(_ bytes: [UInt8]) -> [InputEvent] {
  var decoder = InputDecoder()
  return decoder.feed(bytes)
}

private func decode(_ text: String) -> [InputEvent] { decode(Array(text.utf8)) }

/// Feeds `chunks` one after another, then lets the escape delay expire.
private func decode(chunks: [[UInt8]]) -> [InputEvent] {
  var decoder = InputDecoder()
  return chunks.flatMap { decoder.feed($0) } + decoder.flushPending()
}

private func keys(_ keys: Key...) -> [InputEvent] { keys.map(InputEvent.key) }

private func characters(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

private let esc: UInt8 = 0x1B

struct InputDecoderTests {
  // MARK: - Text

  @Test func asciiTextBecomesOneKeyPerCharacter() {
    #expect(decode("hi there!") == characters("hi there!"))
  }

  @Test func textInAnyScriptIsDecoded() {
    for text in ["héllo", "привет", "日本語", "한국어", "عربى", "😀👍"] {
      #expect(decode(text) == characters(text), "\(text)")
    }
  }

  @Test func graphemeClustersInOneFeedAreOneKey() {
    let family = "👨‍👩‍👧"
    let decomposed = "e\u{301}"
    let flag = "🇯🇵"
    #expect(decode(family) == keys(.character("👨‍👩‍👧")))
    #expect(decode(decomposed) == keys(.character("e\u{301}")))
    #expect(decode(flag + "x") == keys(.character("🇯🇵"), .character("x")))
  }

  @Test func controlBytesSplitRunsOfText() {
    #expect(decode("ab\rc") == keys(.character("a"), .character("b"), .enter, .character("c")))
  }

  @Test func utf8SplitAcrossFeedsStillDecodes() {
    for text in ["é", "日", "😀"] {
      let bytes = Array(text.utf8)
      for cut in 1..<bytes.count {
        let chunks = [Array(bytes[..<cut]), Array(bytes[cut...])]
        #expect(decode(chunks: chunks) == characters(text), "\(text) cut at \(cut)")
      }
    }
  }

  @Test func aHalfReceivedCharacterIsNotPendingInput() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0xE6, 0x97]) == [])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.feed([0xA5]) == characters("日"))
  }

  @Test func invalidUTF8IsDroppedAndDecodingResumes() {
    let cases: [(name: String, bytes: [UInt8])] = [
      ("stray continuation byte", [0x80]),
      ("stray continuation run", [0xBF, 0x80, 0xA0]),
      ("overlong two-byte lead C0", [0xC0, 0xAF]),
      ("overlong two-byte lead C1", [0xC1, 0xBF]),
      ("overlong three-byte form", [0xE0, 0x80, 0xAF]),
      ("overlong four-byte form", [0xF0, 0x80, 0x80, 0xAF]),
      ("UTF-16 surrogate", [0xED, 0xA0, 0x80]),
      ("beyond U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
      ("lead bytes F5 to FF", Array(0xF5...0xFF)),
      ("truncated two-byte", [0xC3]),
      ("truncated three-byte", [0xE6, 0x97]),
      ("truncated four-byte", [0xF0, 0x9F, 0x98]),
      ("C1 control", [0xC2, 0x85]),
    ]
    for (name, bytes) in cases {
      #expect(decode(Array("a".utf8) + bytes + Array("b€".utf8)) == characters("ab€"), "\(name)")
    }
  }

  @Test func aTruncatedCharacterDoesNotSwallowTheControlAfterIt() {
    #expect(decode([0xE6, 0x97, 0x0D]) == keys(.enter))
    #expect(decode([0xC3, esc, 0x5B, 0x41]) == keys(.up))
  }

  // MARK: - C0 controls

  @Test func c0ControlsBecomeKeys() {
    let cases: [(byte: UInt8, key: Key)] = [
      (0x0D, .enter), (0x0A, .enter), (0x09, .tab), (0x7F, .backspace), (0x08, .backspace),
      (0x01, .ctrl("a")), (0x03, .ctrl("c")), (0x07, .ctrl("g")), (0x0B, .ctrl("k")), (0x0C, .ctrl("l")),
      (0x1A, .ctrl("z")), (0x00, Key(.character(" "), modifiers: .control)),
      (0x1C, .ctrl("\\")), (0x1D, .ctrl("]")), (0x1E, .ctrl("^")), (0x1F, .ctrl("_")),
    ]
    for (byte, key) in cases {
      #expect(decode([byte]) == keys(key), "byte \(byte)")
    }
  }

  @Test func everyCtrlLetterMapsToItsLetter() {
    let skipped: Set<UInt8> = [0x08, 0x09, 0x0A, 0x0D]
    for byte in UInt8(0x01)...0x1A where !skipped.contains(byte) {
      let letter = Character(Unicode.Scalar(byte + 0x60))
      #expect(decode([byte]) == keys(.ctrl(letter)), "byte \(byte)")
    }
  }

  // MARK: - Escape sequences

  @Test func csiCursorAndEditingKeys() {
    let cases: [(sequence: String, key: Key)] = [
      ("[A", .up), ("[B", .down), ("[C", .right), ("[D", .left), ("[H", .home), ("[F", .end),
      ("[1~", .home), ("[7~", .home), ("[2~", Key(.insert)), ("[3~", .delete), ("[4~", .end), ("[8~", .end),
      ("[5~", .pageUp), ("[6~", .pageDown), ("[Z", .backTab),
    ]
    for (sequence, key) in cases {
      #expect(decode("\u{1B}" + sequence) == keys(key), "ESC \(sequence)")
    }
  }

  @Test func csiFunctionKeys() {
    let codes = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]
    for (index, code) in codes.enumerated() {
      #expect(decode("\u{1B}[\(code)~") == keys(Key(.function(index + 1))), "ESC [ \(code) ~")
    }
  }

  @Test func xtermModifierParameter() {
    let cases: [(sequence: String, key: Key)] = [
      ("[1;2A", Key(.up, modifiers: .shift)),
      ("[1;3B", Key(.down, modifiers: .alt)),
      ("[1;5A", Key(.up, modifiers: .control)),
      ("[1;6C", Key(.right, modifiers: [.control, .shift])),
      ("[1;7D", Key(.left, modifiers: [.control, .alt])),
      ("[1;8H", Key(.home, modifiers: [.control, .alt, .shift])),
      ("[1;9F", Key(.end, modifiers: .alt)),
      ("[1;1A", .up),
      ("[3;2~", Key(.delete, modifiers: .shift)),
      ("[5;5~", Key(.pageUp, modifiers: .control)),
      ("[15;3~", Key(.function(5), modifiers: .alt)),
      ("[1;5Z", Key(.tab, modifiers: [.control, .shift])),
    ]
    for (sequence, key) in cases {
      #expect(decode("\u{1B}" + sequence) == keys(key), "ESC \(sequence)")
    }
  }

  @Test func ss3Keys() {
    let cases: [(final: Character, key: Key)] = [
      ("A", .up), ("B", .down), ("C", .right), ("D", .left), ("H", .home), ("F", .end),
      ("P", Key(.function(1))), ("Q", Key(.function(2))), ("R", Key(.function(3))), ("S", Key(.function(4))),
    ]
    for (final, key) in cases {
      #expect(decode("\u{1B}O\(final)") == keys(key), "ESC O \(final)")
    }
  }

  @Test func escapeBeforeAPrintableCharacterIsAlt() {
    #expect(decode("\u{1B}b") == keys(Key(.character("b"), modifiers: .alt)))
    #expect(decode("\u{1B}B") == keys(Key(.character("B"), modifiers: .alt)))
    #expect(decode("\u{1B} ") == keys(Key(.character(" "), modifiers: .alt)))
    #expect(decode("\u{1B}é") == keys(Key(.character("é"), modifiers: .alt)))
    #expect(decode("\u{1B}bx") == keys(Key(.character("b"), modifiers: .alt), .character("x")))
  }

  @Test func escapeBeforeAControlByteIsAlt() {
    #expect(decode([esc, 0x7F]) == keys(Key(.backspace, modifiers: .alt)))
    #expect(decode([esc, 0x0D]) == keys(Key(.enter, modifiers: .alt)))
    #expect(decode([esc, 0x03]) == keys(Key(.character("c"), modifiers: [.control, .alt])))
  }

  @Test func escapeBeforeAnInvalidCharacterIsDropped() {
    #expect(decode([esc, 0xFF, 0x61]) == characters("a"))
    #expect(decode([esc, 0xC3, 0x61]) == characters("a"))
  }

  @Test func doubleEscapeIsEscapeThenDecodesTheSecond() {
    var decoder = InputDecoder()
    #expect(decoder.feed([esc, esc]) == keys(.escape))
    #expect(decoder.hasPendingInput)
    #expect(decoder.flushPending() == keys(.escape))
    #expect(decode([esc, esc, 0x5B, 0x41]) == keys(.escape, .up))
    #expect(decode([esc, esc, 0x62]) == keys(.escape, Key(.character("b"), modifiers: .alt)))
  }

  @Test func aTrailingEscapeStaysPendingUntilFlushed() {
    var decoder = InputDecoder()
    #expect(decoder.feed("ab\u{1B}".utf8) == characters("ab"))
    #expect(decoder.hasPendingInput)
    #expect(decoder.flushPending() == keys(.escape))
    #expect(!decoder.hasPendingInput)
    #expect(decoder.flushPending() == [])
  }

  @Test func bytesAfterAPendingEscapeContinueTheSequence() {
    var decoder = InputDecoder()
    #expect(decoder.feed([esc]) == [])
    #expect(decoder.feed("[".utf8) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.feed("1;5".utf8) == [])
    #expect(decoder.feed("A".utf8) == keys(Key(.up, modifiers: .control)))
    #expect(!decoder.hasPendingInput)
  }

  @Test func flushingDropsAnUnfinishedSequence() {
    for pending in ["\u{1B}[", "\u{1B}[1;5", "\u{1B}O", "\u{1B}[?2026;1$", "\u{1B}[M!"] {
      var decoder = InputDecoder()
      #expect(decoder.feed(pending.utf8) == [], "\(pending.debugDescription)")
      #expect(decoder.hasPendingInput, "\(pending.debugDescription)")
      #expect(decoder.flushPending() == [], "\(pending.debugDescription)")
      #expect(!decoder.hasPendingInput, "\(pending.debugDescription)")
      #expect(decoder.feed("x".utf8) == characters("x"), "\(pending.debugDescription)")
    }
    var decoder = InputDecoder()
    #expect(decoder.feed([esc, 0xC3]) == [])
    #expect(decoder.flushPending() == [])
    #expect(decoder.feed([0xA9]) == [])
  }

  @Test func sequencesSplitAtEveryByteBoundaryDecodeTheSame() {
    let cases: [(input: String, events: [InputEvent])] = [
      ("\u{1B}[A", keys(.up)),
      ("\u{1B}[1;5C", keys(Key(.right, modifiers: .control))),
      ("\u{1B}[15;2~", keys(Key(.function(5), modifiers: .shift))),
      ("\u{1B}OP", keys(Key(.function(1)))),
      ("\u{1B}b", keys(Key(.character("b"), modifiers: .alt))),
      ("x\u{1B}[3~y", keys(.character("x"), .delete, .character("y"))),
      ("\u{1B}[?2026;2$y", [.terminalMode(.synchronizedOutput, supported: true)]),
      ("\u{1B}[200~a\r\nb\u{1B}[201~", [.paste("a\nb")]),
      (
        "\u{1B}[<0;12;5M\u{1B}[D",
        [.mouse(MouseEvent(.press, .left, at: Point(x: 11, y: 4))), .key(.left)]
      ),
    ]
    for (input, events) in cases {
      let bytes = Array(input.utf8)
      for cut in 1..<bytes.count {
        let chunks = [Array(bytes[..<cut]), Array(bytes[cut...])]
        #expect(decode(chunks: chunks) == events, "\(input.debugDescription) cut at \(cut)")
      }
      #expect(decode(chunks: bytes.map { [$0] }) == events, "\(input.debugDescription) byte by byte")
    }
  }

  // MARK: - Reports and garbage

  @Test func terminalModeReports() {
    let cases: [(value: Int, supported: Bool)] = [(0, false), (1, true), (2, true), (3, false), (4, false)]
    for mode in [TerminalMode.synchronizedOutput, .graphemeClustering] {
      for (value, supported) in cases {
        #expect(
          decode("\u{1B}[?\(mode.rawValue);\(value)$y") == [.terminalMode(mode, supported: supported)],
          "mode \(mode.rawValue), Ps = \(value)")
      }
    }
  }

  @Test func statusReportsAreCountedNotDelivered() {
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("a\u{1B}[0n".utf8)) == [.key(.character("a"))])
    #expect(decoder.statusReports == 1)
    // Split anywhere, between keys.
    #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
    #expect(decoder.feed(Array("0nb".utf8)) == [.key(.character("b"))])
    #expect(decoder.statusReports == 2)
    // "Malfunction" (3) is not the answer we wait for.
    #expect(decoder.feed(Array("\u{1B}[3n".utf8)) == [])
    #expect(decoder.statusReports == 2)
  }

  @Test func unusedReportsAreConsumedWhole() {
    let reports = [
      "\u{1B}[?25;1$y",  // DECRPM for another mode
      "\u{1B}[2026;1$y",  // ANSI-mode DECRPM
      "\u{1B}[<0;12M",  // an SGR mouse report short of a parameter
      "\u{1B}[<0;12;5;7M",  // one with a parameter too many
      "\u{1B}[<0;12;5x",  // one with another final byte
      "\u{1B}[<128;12;5M",  // buttons 8 to 11, which no app uses
      "\u{1B}[I",  // focus in
      "\u{1B}[O",  // focus out
      "\u{1B}[24;80R",  // cursor position report
      "\u{1B}[?1;2c",  // device attributes
      "\u{1B}[99~",  // unknown tilde key
      "\u{1B}[~",  // tilde key without a number
      "\u{1B}[201~",  // paste end without a start
      "\u{1B}[97;5u",  // kitty keyboard protocol
      "\u{1B}[1:2A",  // sub-parameters
      "\u{1B}OZ",  // unknown SS3 key
    ]
    for report in reports {
      #expect(decode("a" + report + "b") == characters("ab"), "\(report.debugDescription)")
    }
  }

  @Test func malformedSequencesAreDroppedAndDecodingResyncs() {
    let cases: [(name: String, bytes: [UInt8], events: [InputEvent])] = [
      ("control byte inside CSI", [esc, 0x5B, 0x31, 0x0D, 0x61], characters("a")),
      ("DEL inside CSI", [esc, 0x5B, 0x7F, 0x61], characters("a")),
      ("non-ASCII byte inside CSI", [esc, 0x5B, 0x31, 0xC3, 0xA9, 0x61], characters("a")),
      ("parameter after intermediate", Array("\u{1B}[ 1Ab".utf8), characters("Ab")),
      ("ESC restarts a broken CSI", Array("\u{1B}[1;\u{1B}[B".utf8), keys(.down)),
      ("ESC restarts a broken SS3", Array("\u{1B}O\u{1B}OA".utf8), keys(.up)),
      ("control byte after SS3", [esc, 0x4F, 0x09, 0x61], characters("a")),
    ]
    for (name, bytes, events) in cases {
      #expect(decode(bytes) == events, "\(name)")
    }
  }

  @Test func overlongSequenceIsDroppedWhole() {
    let junk = "\u{1B}[" + String(repeating: "1;", count: 40) + "A"
    #expect(decode("a" + junk + "b\u{1B}[B") == characters("ab") + keys(.down))
    var decoder = InputDecoder()
    #expect(decoder.feed(("\u{1B}[" + String(repeating: "9", count: 100)).utf8) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.flushPending() == [])
    #expect(decoder.feed("x".utf8) == characters("x"))
  }

  @Test func randomGarbageNeverCrashesNorYieldsControlCharacters() {
    var generator = SplitMix64(seed: 2026)
    var decoder = InputDecoder()
    for _ in 0..<2_000 {
      let chunk = (0..<Int.random(in: 1...32, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      for case .key(let key) in decoder.feed(chunk) {
        guard case .character(let character) = key.code else { continue }
        #expect(!character.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(chunk)")
      }
    }
    _ = decoder.feed("\u{1B}[201~".utf8)  // in case the garbage opened a paste
    _ = decoder.flushPending()
    #expect(decoder.feed("ok".utf8) == characters("ok"))
  }

  // MARK: - Bracketed paste

  /// Found by the bad-input test: OSC/DCS replies decoded as Alt keys plus typed text (which
  /// opened the editor and typed into it).
  @Test func terminalStringsAreDroppedWhole() {
    let strings = [
      "\u{1B}]0;title\u{7}", "\u{1B}]52;c;AAAA\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}_apc\u{1B}\\",
      "\u{1B}^pm\u{7}", "\u{1B}Xsos\u{1B}\\", "\u{1B}]11;rgb:0000/0000/0000\u{7}",
    ]
    for string in strings {
      #expect(decode(string + "a") == characters("a"), "\(string.debugDescription)")
    }
    // Split at every byte, it decodes the same.
    let all = strings.joined() + "ok"
    #expect(decode(chunks: all.utf8.map { [$0] }) == characters("ok"))
  }

  @Test func anAltKeyThatCouldStartAStringIsStillAnAltKey() {
    for introducer in ["]", "P", "_", "^", "X"] {
      #expect(
        decode(chunks: [Array("\u{1B}\(introducer)".utf8)]) == [
          .key(Key(.character(Character(introducer)), modifiers: .alt))
        ])
    }
  }

  @Test func anEscapeThatCutsAStringShortStartsTheNextKey() {
    #expect(decode(chunks: [Array("\u{1B}]0;unterminated\u{1B}[A".utf8)]) == [.key(.up)])
  }

  @Test func pasteIsOneEvent() {
    let events = decode("a\u{1B}[200~hello, 世界 😀\u{1B}[201~b")
    #expect(events == [.key(.character("a")), .paste("hello, 世界 😀"), .key(.character("b"))])
    #expect(decode("\u{1B}[200~\u{1B}[201~") == [.paste("")])
  }

  @Test func pasteKeepsWhatWouldOtherwiseBeKeys() {
    #expect(decode("\u{1B}[200~\t\u{1B}[A\u{3}x\u{1B}[201~") == [.paste("\t\u{1B}[A\u{3}x")])
    #expect(decode("\u{1B}[200~\u{1B}[20\u{1B}[201~") == [.paste("\u{1B}[20")])
  }

  @Test func pasteSpansManyFeeds() {
    let text = "first line\nsecond line — ünïcödé\n"
    var decoder = InputDecoder()
    #expect(decoder.feed("\u{1B}[200~".utf8) == [])
    var events: [InputEvent] = []
    for byte in Array((text + "\u{1B}[201~x").utf8) {
      #expect(!decoder.hasPendingInput, "a paste in progress must not arm the escape timer")
      events += decoder.feed([byte])
    }
    #expect(events == [.paste(text)] + characters("x"))
  }

  @Test func pasteNormalizesLineBreaks() {
    #expect(decode("\u{1B}[200~a\r\nb\rc\nd\r\r\n\u{1B}[201~") == [.paste("a\nb\nc\nd\n\n")])
    #expect(decode(chunks: [Array("\u{1B}[200~a\r".utf8), Array("\nb\u{1B}[201~".utf8)]) == [.paste("a\nb")])
  }

  @Test func pasteDropsInvalidUTF8() {
    let bytes =
      Array("\u{1B}[200~a".utf8) + [0xFF, 0xC3] + Array("b".utf8) + [0xED, 0xA0, 0x80, 0xE6, 0x97]
      + Array("\u{1B}[201~".utf8)
    #expect(decode(bytes) == [.paste("ab")])
  }

  @Test func anUnterminatedPasteKeepsCollecting() {
    var decoder = InputDecoder()
    #expect(decoder.feed("\u{1B}[200~abc".utf8) == [])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.flushPending() == [])
    #expect(decoder.feed("\u{1B}".utf8) == [])
    #expect(decoder.flushPending() == [])
    #expect(decoder.feed("[201~".utf8) == [.paste("abc")])
  }

  @Test func megabytePasteInFourKilobyteChunks() {
    let line = Array("The quick brown fox jumps over the lazy dog — 日本語 😀\r\n".utf8)
    var content: [UInt8] = []
    while content.count < 1 << 20 { content += line }
    let input = Array("\u{1B}[200~".utf8) + content + Array("\u{1B}[201~".utf8)
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for start in stride(from: 0, to: input.count, by: 4096) {
      events += decoder.feed(input[start..<min(start + 4096, input.count)])
    }
    let lines = content.count / line.count
    let expected = String(repeating: "The quick brown fox jumps over the lazy dog — 日本語 😀\n", count: lines)
    #expect(events.count == 1)
    #expect(events.first == .paste(expected))
  }
}
