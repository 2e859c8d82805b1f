import Foundation
import TestSupport
import Testing

@testable import TerminalUI

/// Mouse reports as real terminals write them (xterm and kitty/foot in SGR form, tmux in X10
/// form after a reattach), split anywhere, cut short, out of range: decoded into
/// ``MouseEvent``s, never into keys, never a crash.
struct MouseDecoderTests {
  private func decode(_ text: String) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flushPending()
  }

  private func decode(bytes: [UInt8]) -> [InputEvent] {
    var decoder = InputDecoder()
    return decoder.feed(bytes) + decoder.flushPending()
  }

  private func mouse(
    _ action: MouseEvent.Action, _ button: MouseEvent.Button = .none, _ x: Int, _ y: Int,
    _ modifiers: Key.Modifiers = []
  ) -> InputEvent {
    .mouse(MouseEvent(action, button, at: Point(x: x, y: y), modifiers: modifiers))
  }

  /// xterm: a left click, a drag with the button held, the release, a right click with Ctrl.
  private let xterm = "\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<32;12;6M\u{1B}[<0;12;6m\u{1B}[<18;1;1M\u{1B}[<18;1;1m"
  /// kitty and foot: the wheel both ways, a middle click with Shift and Alt, a click beyond
  /// column 223.
  private let kitty = "\u{1B}[<64;40;20M\u{1B}[<65;40;20M\u{1B}[<13;2;3M\u{1B}[<13;2;3m\u{1B}[<0;300;100M"
  /// tmux after a reattach, before 1006 is asked again: X10, each value plus 32 in one byte.
  private let tmux: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 32 + 10, 32 + 5, 0x1B, 0x5B, 0x4D, 35, 32 + 10, 32 + 5]

  private var expected: [InputEvent] {
    [
      mouse(.press, .left, 9, 4), mouse(.drag, .left, 10, 4), mouse(.drag, .left, 11, 5),
      mouse(.release, .left, 11, 5), mouse(.press, .right, 0, 0, .control), mouse(.release, .right, 0, 0, .control),
      mouse(.scrollUp, .none, 39, 19), mouse(.scrollDown, .none, 39, 19), mouse(.press, .middle, 1, 2, [.shift, .alt]),
      mouse(.release, .middle, 1, 2, [.shift, .alt]), mouse(.press, .left, 299, 99),
      mouse(.press, .left, 9, 4), mouse(.release, .none, 9, 4),
    ]
  }

  private var stream: [UInt8] { Array((xterm + kitty).utf8) + tmux }

  @Test func realTerminalsReportsAreDecoded() {
    #expect(decode(bytes: stream) == expected)
  }

  @Test func legacyReportsAreCountedSoTheSessionAsksForTheSGRFormAgain() {
    var decoder = InputDecoder()
    _ = decoder.feed(Array((xterm + kitty).utf8))
    #expect(decoder.legacyMouseReports == 0)
    _ = decoder.feed(tmux)
    #expect(decoder.legacyMouseReports == 2)
  }

  @Test func aReportSplitAtEveryByteIsTheSame() {
    let bytes = stream
    for split in 0...bytes.count {
      var decoder = InputDecoder()
      let events = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...]) + decoder.flushPending()
      #expect(events == expected, "split at \(split)")
    }
    var decoder = InputDecoder()
    #expect(bytes.flatMap { decoder.feed([$0]) } + decoder.flushPending() == expected, "byte by byte")
  }

  @Test func everyButtonModifierAndWheelCodeIsDecoded() {
    let buttons: [(Int, MouseEvent.Button)] = [(0, .left), (1, .middle), (2, .right)]
    let modifiers: [(Int, Key.Modifiers)] = [
      (0, []), (4, .shift), (8, .alt), (16, .control), (4 + 8 + 16, [.shift, .alt, .control]),
    ]
    for (code, button) in buttons {
      for (bits, held) in modifiers {
        #expect(decode("\u{1B}[<\(code + bits);3;4M") == [mouse(.press, button, 2, 3, held)])
        #expect(decode("\u{1B}[<\(code + bits);3;4m") == [mouse(.release, button, 2, 3, held)])
        #expect(decode("\u{1B}[<\(code + bits + 32);3;4M") == [mouse(.drag, button, 2, 3, held)])
      }
    }
    let wheel: [MouseEvent.Action] = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight]
    for (offset, action) in wheel.enumerated() {
      #expect(decode("\u{1B}[<\(64 + offset);7;8M") == [mouse(action, .none, 6, 7)])
      #expect(decode("\u{1B}[<\(64 + offset + 16);7;8M") == [mouse(action, .none, 6, 7, .control)])
    }
    #expect(decode("\u{1B}[<35;7;8M") == [mouse(.move, .none, 6, 7)], "motion with no button (1003)")
  }

  @Test func coordinatesAtTheEdgesNeverUnderflowOrOverflow() {
    #expect(decode("\u{1B}[<0;0;0M") == [mouse(.press, .left, 0, 0)], "0 is not a valid coordinate: clamped")
    #expect(decode("\u{1B}[<0;1;1M") == [mouse(.press, .left, 0, 0)])
    #expect(decode("\u{1B}[<0;224;224M") == [mouse(.press, .left, 223, 223)])
    #expect(decode("\u{1B}[<0;999999999;5M") == [mouse(.press, .left, 999_999_998, 4)])
    #expect(decode("\u{1B}[<0;9999999999;5M") == [], "too many digits: dropped")
    // X10 cannot say more than 223; a terminal that writes 0 for "beyond" makes no event.
    #expect(decode(bytes: [0x1B, 0x5B, 0x4D, 32, 255, 255]) == [mouse(.press, .left, 222, 222)])
    #expect(decode(bytes: [0x1B, 0x5B, 0x4D, 32, 0, 40]) == [])
  }

  /// Textual #6668: X10 bytes above 0x7F crashed a strict UTF-8 decoder. Here they are raw
  /// coordinates, and the text after them is intact.
  @Test func legacyBytesAboveASCIIAreCoordinatesNotText() {
    let bytes: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 0xC3, 0xA9] + Array("é!".utf8)
    #expect(decode(bytes: bytes) == [mouse(.press, .left, 162, 136), .key(.character("é")), .key(.character("!"))])
  }

  @Test func aTruncatedReportLeaksNothing() {
    for cut in [
      "\u{1B}[<", "\u{1B}[<0", "\u{1B}[<0;1", "\u{1B}[<0;12;", "\u{1B}[<0;12;5", "\u{1B}[M", "\u{1B}[M ", "\u{1B}[M !",
    ] {
      var decoder = InputDecoder()
      #expect(decoder.feed(Array(cut.utf8)) == [], "\(cut.debugDescription)")
      #expect(decoder.hasPendingInput, "\(cut.debugDescription) waits for the rest")
      #expect(decoder.flushPending() == [], "\(cut.debugDescription) is dropped when the delay expires")
      #expect(decoder.feed(Array("ok".utf8)) == [.key(.character("o")), .key(.character("k"))])
    }
  }

  /// opencode #220: a wheel report split after its ESC, the escape delay expiring between the
  /// halves, left `[<65;143;29M` typed into the input. The Escape key is delivered; the rest is
  /// the report it was.
  @Test func aReportSplitByTheEscapeDelayIsStillAReport() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.flushPending() == [.key(.escape)])
    #expect(decoder.feed(Array("[<65;143;29M".utf8)) == [mouse(.scrollDown, .none, 142, 28)])
    // The Escape key and then `[` typed stay what they were.
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.flushPending() == [.key(.escape)])
    #expect(decoder.feed(Array("[x".utf8)) == [.key(.character("[")), .key(.character("x"))])
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.flushPending() == [.key(.escape)])
    #expect(decoder.feed(Array("[".utf8)) == [])
    #expect(decoder.flushPending() == [.key(.character("["))])
  }

  /// Reports and text mixed at random and fed in random chunks: the text comes out as keys,
  /// exactly, and every report as a mouse event; no report's bytes ever become a key.
  @Test func reportsMixedWithTextNeverLeakIntoIt() {
    var random = SplitMix64(seed: 22)
    for _ in 0..<300 {
      var bytes: [UInt8] = []
      var text = ""
      var reports = 0
      for _ in 0..<random.next(in: 1...12) {
        if random.next(in: 0...1) == 0 {
          let word = String(repeating: "aé李;<M[0", count: 1).shuffled(using: &random).prefix(random.next(in: 1...6))
          text += word
          bytes += Array(String(word).utf8)
        } else {
          let report =
            random.next(in: 0...2) == 0
            ? [
              0x1B, 0x5B, 0x4D, UInt8(32 + random.next(in: 0...3)), UInt8(random.next(in: 33...255)),
              UInt8(random.next(in: 33...255)),
            ]
            : Array("\u{1B}[<\(random.next(in: 0...95));\(random.next(in: 0...400));\(random.next(in: 0...400))M".utf8)
          bytes += report
          reports += 1
        }
      }
      var decoder = InputDecoder()
      var events: [InputEvent] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + random.next(in: 1...9))
        events += decoder.feed(bytes[start..<end])
        start = end
      }
      events += decoder.flushPending()
      let typed = events.compactMap { event -> Character? in
        if case .key(let key) = event, case .character(let character) = key.code { return character }
        return nil
      }
      #expect(String(typed) == text, "\(bytes)")
      #expect(events.count { if case .mouse = $0 { true } else { false } } <= reports)
      #expect(events.allSatisfy { if case .key(let key) = $0 { key.modifiers.isEmpty } else { true } })
    }
  }

  @Test func mouseEventsRoundTripThroughRecordings() throws {
    let events: [InputEvent] = expected + [.mouse(MouseEvent(.press, .left, at: Point(x: 3, y: 4), clickCount: 2))]
    for event in events {
      let data = try JSONEncoder().encode(event)
      #expect(
        try JSONDecoder().decode(InputEvent.self, from: data) == event, "\(String(decoding: data, as: UTF8.self))")
    }
    let json = String(decoding: try JSONEncoder().encode(mouse(.press, .right, 3, 4, .control)), as: UTF8.self)
    #expect(json.contains("\"action\":\"press\"") && json.contains("\"button\":\"right\"") && json.contains("Ctrl"))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(InputEvent.self, from: Data(#"{"mouse":{"action":"hover","x":1,"y":1}}"#.utf8))
    }
  }
}
