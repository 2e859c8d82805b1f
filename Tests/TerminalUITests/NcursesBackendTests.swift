import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The bytes the ncursesw backend writes for a frame, read from the other side of a pty.
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
      // Shown last: the refresh has moved it to the field before. xterm's `cnorm` is
      // `CSI ? 12 l CSI ? 25 h`: what comes before it is the move.
      let normalCursor = "\u{1B}[?12l" + Self.showCursor
      #expect(shown.hasSuffix(normalCursor) && shown.count > normalCursor.count, "\(shown.debugDescription)")

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
}
