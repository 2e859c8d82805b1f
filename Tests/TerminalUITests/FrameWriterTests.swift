import TestSupport
import Testing

@testable import TerminalUI

/// What ``FrameWriter``'s bytes put on a screen (``VTScreen``, a terminal as xterm behaves) is
/// the frame, cell for cell, with the cursor where the frame has it, after every frame of long
/// random walks: text of every kind in every look, rows cleared and moved, the cursor shown
/// and hidden, through the renderer that diffs the frames and finds the rows that moved.
@Suite
@MainActor
struct FrameWriterTests {
  /// The writer over a `VTScreen`, as a backend: what the renderer hands it goes on that screen.
  final class EmulatedBackend: TerminalBackend {
    let size: Size
    let scrollsRows: Bool
    let colorDepth: ColorDepth
    var writer: FrameWriter
    var screen: VTScreen
    var synchronized = false
    private(set) var bytesWritten: [Int] = []

    init(size: Size, depth: ColorDepth, scrollsRows: Bool = true) {
      // libc's widths, which the writer and the screen both go by, as the real backend has them.
      _ = TerminalLocale.activateUTF8()
      self.size = size
      self.scrollsRows = scrollsRows
      colorDepth = depth
      writer = FrameWriter(colorDepth: depth)
      screen = VTScreen(size: size)
    }

    func draw(_ frame: Frame, scrolling: RowScroll?, changes: [ChangedSpan]) {
      writer.write(frame, scrolling: scrolling, changes: changes, synchronized: synchronized)
      screen.feed(writer.bytes)
      bytesWritten.append(writer.bytes.count)
    }
  }

  static let words = ["Ada", "Lovelace", "Zoë", "José", "李小龙", "e\u{301}te\u{301}", "Ørjan", "  ", "—", "x", "東京"]
  static let colors: [Color] = [
    .default, .red, .brightBlack, .palette(67), .palette(234), .rgb(0x5F, 0x87, 0xAF), .rgb(1, 2, 3),
  ]
  static let attributeSets: [Style.Attributes] = [[], [], .bold, .dim, .reverse, [.bold, .underline], .italic]

  static func randomStyle(_ generator: inout SplitMix64) -> Style {
    Style(
      foreground: colors.randomElement(using: &generator)!, background: colors.randomElement(using: &generator)!,
      attributes: attributeSets.randomElement(using: &generator)!)
  }

  /// The next frame of a walk: a few random edits of `frame`.
  static func step(_ frame: Frame, _ generator: inout SplitMix64) -> Frame {
    var next = frame
    let size = frame.size
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<5:
        let point = Point(
          x: Int.random(in: 0..<size.width, using: &generator), y: Int.random(in: 0..<size.height, using: &generator))
        next.write(words.randomElement(using: &generator)!, at: point, style: randomStyle(&generator))
      case 5:
        // A row cleared, to a background or none.
        let y = Int.random(in: 0..<size.height, using: &generator)
        let style = Bool.random(using: &generator) ? Style.plain : randomStyle(&generator)
        for x in 0..<size.width { next.set(.blank(style), at: Point(x: x, y: y)) }
      case 6, 7:
        // A band of rows moved up or down, as a list scrolls.
        let top = Int.random(in: 0..<size.height, using: &generator)
        let bottom = Int.random(in: top..<size.height, using: &generator) + 1
        let distance = Int.random(in: -2...2, using: &generator)
        let old = next
        for y in top..<bottom {
          let from = y + distance
          for x in 0..<size.width {
            let cell = (top..<bottom).contains(from) ? old[x, from] : .blank
            next.set(cell, at: Point(x: x, y: y))
          }
        }
      case 8:
        next.cursor =
          Bool.random(using: &generator)
          ? nil
          : Point(
            x: Int.random(in: 0..<size.width, using: &generator), y: Int.random(in: 0..<size.height, using: &generator))
      default:
        break
      }
    }
    return next
  }

  @Test(arguments: [
    (Size(width: 80, height: 24), ColorDepth.trueColor, false),
    (Size(width: 33, height: 9), ColorDepth.palette256, true),
    (Size(width: 20, height: 5), ColorDepth.ansi8, false),
    (Size(width: 3, height: 2), ColorDepth.monochrome, true),
    (Size(width: 1, height: 1), ColorDepth.ansi16, false),
  ])
  func aRandomWalkShowsEveryFrameOnTheScreen(size: Size, depth: ColorDepth, synchronized: Bool) {
    var generator = SplitMix64(seed: UInt64(size.width * 1000 + size.height))
    let backend = EmulatedBackend(size: size, depth: depth)
    backend.synchronized = synchronized
    let renderer = Renderer(backend: backend)
    var frame = Frame(size: size)
    for index in 0..<400 {
      frame = Self.step(frame, &generator)
      renderer.render(frame)
      if let (point, shown, expected) = backend.screen.firstDifference(from: frame, depth: depth) {
        Issue.record("frame \(index) at \(point): shown \(shown), expected \(expected)")
        return
      }
      #expect(backend.screen.unknownSequences.isEmpty, "\(backend.screen.unknownSequences)")
      if let cursor = frame.cursor {
        #expect(backend.screen.cursorIsVisible && backend.screen.cursor == cursor, "frame \(index)")
      } else {
        #expect(!backend.screen.cursorIsVisible, "frame \(index)")
      }
    }
  }

  /// A character typed at the cursor is the character alone: no move, no cursor, and from the
  /// second on no look either.
  @Test func aCharacterTypedAtTheCursorIsOneByte() {
    let size = Size(width: 40, height: 5)
    let field = Style.plain.underline
    let backend = EmulatedBackend(size: size, depth: .palette256)
    let renderer = Renderer(backend: backend)
    var frame = Frame(size: size)
    frame.write("Email", at: Point(x: 0, y: 2))
    frame.write(String(repeating: " ", count: 20), at: Point(x: 8, y: 2), style: field)
    frame.cursor = Point(x: 8, y: 2)
    renderer.render(frame)
    for (offset, character) in "ada@example.com".enumerated() {
      frame.write(String(character), at: Point(x: 8 + offset, y: 2), style: field)
      frame.cursor = Point(x: 9 + offset, y: 2)
      renderer.render(frame)
      let written = String(decoding: backend.writer.bytes, as: UTF8.self)
      if offset == 0 {
        // The first takes the field's look (the frame before ended in another).
        #expect(written == "\u{1B}[4m\(character)", "\(written.debugDescription)")
      } else {
        #expect(written == String(character), "\(written.debugDescription)")
      }
    }
    #expect(backend.screen.firstDifference(from: frame, depth: .palette256) == nil)
  }

  /// A list scrolled beside a pane costs fewer bytes with the scroll region than without, and
  /// shows every frame either way.
  @Test func rowsMovedByTheScrollRegionCostFewerBytes() {
    let scrolled = ListScrollBytesTests.downs(pane: true)
    var totals: [Int] = []
    for scrolls in [true, false] {
      let backend = EmulatedBackend(size: ListScrollBytesTests.size, depth: .palette256, scrollsRows: scrolls)
      let renderer = Renderer(backend: backend)
      for frame in scrolled {
        renderer.render(frame)
        #expect(backend.screen.firstDifference(from: frame, depth: .palette256) == nil)
      }
      totals.append(backend.bytesWritten.reduce(0, +))
    }
    #expect(totals[0] < totals[1], "\(totals)")
  }
}
