import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The bytes the ncursesw backend writes for a frame, read from the other side of a pty (what
/// they put on a screen is checked by `FrameWriterTests` and, on tmux, `PtySmokeTests`).
@Suite(.serialized)
@MainActor
struct NcursesBackendTests {
  static let size = Size(width: 20, height: 6)
  static let showCursor = "\u{1B}[?25h"
  static let hideCursor = "\u{1B}[?25l"

  /// A form with a field: the cursor is shown on the field or nowhere.
  static func frame(_ text: String, cursor: Point?) -> Frame {
    var frame = Frame(size: size)
    frame.write("Name " + text, at: Point(x: 0, y: 3))
    frame.cursor = cursor
    return frame
  }

  /// Draws `first` on an xterm in a pty, then hands over a function that draws a frame and
  /// returns what it wrote.
  static func drawing(after first: Frame, _ body: (_ draw: (Frame) -> String) throws -> Void) throws {
    let pty = try #require(PseudoTerminal(size: size))
    defer { pty.close() }
    let backend = try NcursesBackend(input: pty.follower, output: pty.follower, terminalType: "xterm-256color")
    defer { backend.stop() }
    let renderer = Renderer(backend: backend)
    renderer.render(first)
    _ = pty.readAvailable()
    try body { frame in
      renderer.render(frame)
      return String(decoding: pty.readAvailable(), as: UTF8.self)
    }
  }

  @Test func theCursorIsShownOnlyOnceItIsOnTheField() throws {
    try Self.drawing(after: Self.frame("Ada", cursor: nil)) { draw in
      // Away from where the last frame's text left the terminal's cursor.
      let shown = draw(Self.frame("Ada", cursor: Point(x: 12, y: 3)))
      // Shown last, once it has moved to the field: what comes before is the move.
      #expect(shown == "\u{1B}[4;13H" + Self.showCursor, "\(shown.debugDescription)")

      let hidden = draw(Self.frame("Adaz", cursor: nil))
      // Hidden first: the cell is written with the cursor already out of sight.
      let hide = try #require(hidden.range(of: Self.hideCursor), "\(hidden.debugDescription)")
      let cell = try #require(hidden.range(of: "z"), "\(hidden.debugDescription)")
      #expect(hide.upperBound <= cell.lowerBound, "\(hidden.debugDescription)")
      #expect(!hidden.contains(Self.showCursor))
    }
  }

  @Test func aFrameThatKeepsTheCursorWritesNoVisibilityChange() throws {
    try Self.drawing(after: Self.frame("Ada", cursor: Point(x: 8, y: 3))) { draw in
      let typed = draw(Self.frame("Adaz", cursor: Point(x: 9, y: 3)))
      #expect(typed.contains("z"), "\(typed.debugDescription)")
      #expect(!typed.contains(Self.showCursor) && !typed.contains(Self.hideCursor), "\(typed.debugDescription)")
    }
  }

  /// On an 8-colour terminal (`TERM=xterm`) bright black is drawn as the nearest colour the
  /// terminal has (white, `setaf 7`), not wrapped around to black (`setaf 0`), which made
  /// borders vanish; the backend says it has 8 colours.
  @Test func aColourTheTerminalLacksIsDrawnAsTheNearestOne() throws {
    let pty = try #require(PseudoTerminal(size: Self.size))
    defer { pty.close() }
    let backend = try NcursesBackend(input: pty.follower, output: pty.follower, terminalType: "xterm")
    defer { backend.stop() }
    let renderer = Renderer(backend: backend)
    renderer.render(Frame(size: Self.size))
    _ = pty.readAvailable()
    var frame = Frame(size: Self.size)
    frame.write("│border│", at: Point(x: 2, y: 1), style: Style.plain.foreground(.brightBlack))
    renderer.render(frame)
    let written = String(decoding: pty.readAvailable(), as: UTF8.self)
    #expect(written.contains("border"), "\(written.debugDescription)")
    if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 {
      #expect(backend.colorDepth == .monochrome)
      #expect(!written.contains("\u{1B}[3"), "\(written.debugDescription)")
    } else {
      #expect(backend.colorDepth == .ansi8)
      #expect(written.contains("\u{1B}[37m"), "\(written.debugDescription)")
      #expect(!written.contains("\u{1B}[30m"), "\(written.debugDescription)")
    }
  }

  // MARK: Colour depths

  /// What the backend at `depth` writes for `frames`, each drawn after the one before, from an
  /// empty screen, on `terminalType` with `environment` (the process's is never read).
  static func written(
    _ frames: [Frame], terminalType: String = "xterm-256color", environment: [String: String],
    colorDepth: ColorDepth? = nil
  ) throws -> (depth: ColorDepth, bytes: [String]) {
    let pty = try #require(PseudoTerminal(size: size))
    defer { pty.close() }
    let backend = try NcursesBackend(
      input: pty.follower, output: pty.follower, terminalType: terminalType, colorDepth: colorDepth,
      environment: environment)
    defer { backend.stop() }
    let renderer = Renderer(backend: backend)
    renderer.render(Frame(size: size))
    _ = pty.readAvailable()
    let bytes = frames.map { frame in
      renderer.render(frame)
      return String(decoding: pty.readAvailable(), as: UTF8.self)
    }
    return (backend.colorDepth, bytes)
  }

  static let steelBlue = Color.rgb(0x5F, 0x87, 0xAF)
  static let ink = Color.rgb(0x10, 0x20, 0x30)
  static let truecolor = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]

  /// "Steel" in bold, 24-bit steel blue on a 24-bit dark blue, at column 3 of row 2.
  static func steel(_ style: Style = Style(foreground: steelBlue, background: ink, attributes: .bold)) -> Frame {
    var frame = Frame(size: size)
    frame.write("Steel", at: Point(x: 2, y: 1), style: style)
    return frame
  }

  /// The SGR parameters of a palette colour, in the forms `xterm-256color`'s `setaf`/`setab` use.
  static func sgr(_ color: Color, background: Bool = false) -> [String] {
    guard case .palette(let index) = color else { return ["none"] }
    let (normal, bright) = background ? (40, 100) : (30, 90)
    return switch index {
    case 0..<8: ["\(normal + Int(index))"]
    case 8..<16: ["\(bright + Int(index) - 8)"]
    default: ["\(background ? 48 : 38)", "5", "\(index)"]
    }
  }

  /// On a truecolor terminal, even under `xterm-256color`, whose `setaf` takes palette indexes
  /// only, a cell in 24-bit colour is written in it: a move to the cell, its look as SGR with
  /// `38;2` and `48;2` (from the plain look, the attribute and colours added), the text once.
  @Test func aCellInTwentyFourBitColourIsWrittenInItAsSGR() throws {
    let (depth, bytes) = try Self.written([Self.steel()], environment: Self.truecolor)
    #expect(depth == .trueColor)
    let written = bytes[0]
    #expect(written == "\u{1B}[2;3H\u{1B}[1;38;2;95;135;175;48;2;16;32;48mSteel", "\(written.debugDescription)")
  }

  /// The parameters of each SGR sequence (`CSI … m`) in `written`.
  static func renditions(in written: String) -> [[String]] {
    written.components(separatedBy: "\u{1B}[").dropFirst().compactMap { sequence in
      guard let end = sequence.firstIndex(where: { $0.isLetter }), sequence[end] == "m" else { return nil }
      return sequence[..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// Whether some SGR sequence of `written` has `codes` among its parameters, in a row.
  static func renders(_ written: String, _ codes: [String]) -> Bool {
    renditions(in: written).contains { parameters in
      parameters.count >= codes.count
        && (0...(parameters.count - codes.count)).contains { Array(parameters[$0..<($0 + codes.count)]) == codes }
    }
  }

  /// Below truecolor the same cell is the nearest colours the terminal has; with no colour at
  /// all, only its attribute.
  @Test func belowTruecolorTheCellIsTheNearestColoursTheTerminalHas() throws {
    let cases: [(String, [String: String], ColorDepth?, ColorDepth)] = [
      ("xterm-256color", ["TERM": "xterm-256color"], nil, .palette256),
      ("xterm-256color", Self.truecolor, .ansi16, .ansi16),
      ("xterm", ["TERM": "xterm", "COLORTERM": "truecolor"], nil, .ansi8),
      ("xterm-256color", Self.truecolor.merging(["NO_COLOR": "1"]) { $1 }, nil, .monochrome),
    ]
    for (terminalType, environment, configured, expected) in cases {
      let (depth, bytes) = try Self.written(
        [Self.steel()], terminalType: terminalType, environment: environment, colorDepth: configured)
      let written = bytes[0]
      #expect(depth == expected, "\(terminalType) \(environment)")
      #expect(written.contains("Steel") && !written.contains("38;2"))
      #expect(Self.renders(written, ["1"]), "bold: \(written.debugDescription)")
      if depth == .monochrome {
        #expect(Self.renditions(in: written) == [["1"]], "\(written.debugDescription)")
      } else {
        let foreground = depth.approximating(Self.steelBlue)
        let background = depth.approximating(Self.ink)
        #expect(Self.renders(written, Self.sgr(foreground)), "\(depth): \(foreground) in \(written.debugDescription)")
        #expect(Self.renders(written, Self.sgr(background, background: true)), "\(depth): \(written.debugDescription)")
      }
    }
  }

  /// Frames in palette colours (every built-in theme) cost a truecolor terminal exactly the bytes
  /// they cost a 256-colour one.
  @Test func paletteColoursAreTheSameBytesWithOrWithoutTruecolor() throws {
    var frame = Frame(size: Self.size)
    frame.write("Name", at: Point(x: 0, y: 0), style: Theme.light.header)
    frame.write("Ada Lovelace", at: Point(x: 0, y: 1), style: Theme.light.selection)
    frame.write("q Quit", at: Point(x: 0, y: 5), style: Theme.light.helpKey)
    var next = frame
    next.write("Grace Hopper", at: Point(x: 0, y: 2), style: Theme.light.selection)
    next.write("Ada Lovelace", at: Point(x: 0, y: 1), style: Theme.light.secondary)
    let palette = try Self.written([frame, next], environment: ["TERM": "xterm-256color"])
    let truecolor = try Self.written([frame, next], environment: Self.truecolor)
    #expect(palette.depth == .palette256 && truecolor.depth == .trueColor)
    #expect(palette.bytes == truecolor.bytes)
    #expect(palette.bytes[0].contains("Ada Lovelace") && palette.bytes[1].contains("Grace Hopper"))
  }

  /// A cell that changes from 24-bit colour to its nearest palette colours is written again (the
  /// look differs though the palette would not tell), a frame that changes nothing writes
  /// nothing, and a cell whose text changes in a look the pen already has is the move and the
  /// character alone.
  @Test func aCellLeavingTwentyFourBitColourForItsNearestIsStillWritten() throws {
    let nearest = Style(
      foreground: .xterm256(0x5F, 0x87, 0xAF), background: .xterm256(0x10, 0x20, 0x30), attributes: .bold)
    var renamed = Self.steel()
    renamed.write(
      "Steal", at: Point(x: 2, y: 1), style: Style(foreground: Self.steelBlue, background: Self.ink, attributes: .bold))
    let (_, bytes) = try Self.written(
      [Self.steel(), Self.steel(nearest), Self.steel(nearest), Self.steel(), renamed], environment: Self.truecolor)
    guard case .palette(let index) = nearest.foreground else { return }
    #expect(bytes[1].contains("Steel") && bytes[1].contains("38;5;\(index);"), "\(bytes[1].debugDescription)")
    #expect(!bytes[1].contains("38;2"))
    #expect(bytes[2].isEmpty, "\(bytes[2].debugDescription)")
    #expect(bytes[3].contains("38;2;95;135;175") && bytes[3].contains("Steel"), "\(bytes[3].debugDescription)")
    // From the end of "Steel" two columns back, the pen as it was.
    #expect(bytes[4] == "\u{1B}[2Da", "only the changed cell: \(bytes[4].debugDescription)")
  }

  /// With synchronized output, each Down of a scrolling list, the cursor shown on it, comes whole
  /// between the marks of DEC mode 2026, scroll region and all, and no mark inside.
  @Test func eachFrameOfAScrollingListComesBetweenItsMarks() throws {
    let frames = ListScrollBytesTests.downs(pane: false).map { frame in
      var frame = frame
      frame.cursor = Point(x: 2, y: 0)
      return frame
    }
    try onXtermInPty(size: ListScrollBytesTests.size) { pty, backend, renderer in
      renderer.render(frames[0])
      _ = pty.readAvailable()
      backend.usesSynchronizedOutput = true
      var scrolls = 0
      for (index, frame) in frames.enumerated().dropFirst() {
        renderer.render(frame)
        let written = String(decoding: pty.readAvailable(), as: UTF8.self)
        let begin = NcursesBackend.synchronizedOutputBegin
        let end = NcursesBackend.synchronizedOutputEnd
        #expect(written.hasPrefix(begin) && written.hasSuffix(end), "Down \(index): \(written.debugDescription)")
        let inside = written.dropFirst(begin.count).dropLast(end.count)
        #expect(!inside.contains("\u{1B}[?2026"), "Down \(index): \(written.debugDescription)")
        if renderer.lastScroll != nil {
          scrolls += 1
          // The scroll region set and reset inside the marks.
          #expect(inside.hasSuffix("\u{1B}[r") || inside.contains("\u{1B}[r\u{1B}"), "Down \(index)")
        }
      }
      #expect(scrolls > 10)
    }
  }
}
