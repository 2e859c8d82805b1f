import Testing

@testable import TerminalUI

struct FrameTests {
  /// Filling a rectangle with a one-column cell writes each row as a run: the frame is the one
  /// setting the cells one by one gives, whatever wide clusters the run cuts at its ends.
  @Test func fillingARectangleIsSettingItsCellsOneByOne() {
    var seed: UInt64 = 21
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let pieces = ["中文", "a", "日本語", "─", "é", "👍🏽", " ", "xy"]
    for round in 0..<300 {
      var frame = Frame(size: Size(width: 12, height: 4))
      for y in 0..<4 {
        var text = ""
        for _ in 0..<6 { text += pieces[next(pieces.count)] }
        frame.write(text, at: Point(x: next(3), y: y))
      }
      let rect = Rect(x: next(14) - 1, y: next(5) - 1, width: next(14), height: next(4))
      let cell = Cell(.scalar(["─", "│", " "][next(3)]), style: Style.plain.bold)
      var expected = frame
      for y in rect.minY..<rect.maxY {
        for x in rect.minX..<rect.maxX { expected.set(cell, at: Point(x: x, y: y)) }
      }
      frame.fill(rect, with: cell)
      #expect(frame == expected, "round \(round): \(rect)")
      #expect(frame.isWellFormed, "round \(round)")
    }
  }

  /// Text is written as its characters would be set one by one, each sanitized, a wide one
  /// that the clip cuts on the right shown as a blank and one cut on the left as a blank at the
  /// clip's edge: whatever mix of printable ASCII (stored a run at once) and other text it is,
  /// wherever it starts and whatever wide clusters it overwrites.
  @Test func writingTextIsSettingItsCharactersOneByOne() {
    var seed: UInt64 = 2026
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let pieces = ["abc", "x", "Zoë", "e\u{301}", "中文", "\u{7}", "👍🏽", " ", "Hello, world", "…", "1\u{FE0F}\u{20E3}"]
    let style = Style.plain.bold
    for round in 0..<500 {
      var frame = Frame(size: Size(width: 14, height: 2))
      frame.write(["日本語の文字", "ab中cd文", "──────"][next(3)], at: Point(x: next(3), y: 1))
      var text = ""
      for _ in 0..<next(5) { text += pieces[next(pieces.count)] }
      let origin = Point(x: next(16) - 2, y: 1)
      let clip = Rect(x: next(6), y: 0, width: next(14), height: 2)
      var expected = frame
      let area = clip.intersection(frame.bounds)
      var x = origin.x
      var fitted = true
      for character in text {
        guard x < area.maxX else {
          fitted = false
          break
        }
        let shown = DisplayWidth.sanitized(character)
        let width = DisplayWidth.of(shown)
        if x >= area.minX {
          expected.set(Cell(shown, style: style), at: Point(x: x, y: origin.y), clip: area)
          if width == 2 && x + 1 >= area.maxX { fitted = false }
        } else if x + width > area.minX {
          expected.set(.blank(style), at: Point(x: area.minX, y: origin.y), clip: area)
        }
        x += width
      }
      let written = frame.writeReportingFit(text, at: origin, style: style, clip: clip)
      let description = "round \(round): \(text.debugDescription) at \(origin.x) in \(clip)"
      #expect(frame == expected, "\(description)")
      #expect(frame.isWellFormed, "\(description)")
      guard origin.x < area.maxX, !area.isEmpty else { continue }
      #expect(written.fitted == (fitted && x <= area.maxX), "\(description)")
      if fitted && x <= area.maxX { #expect(written.columns == x - origin.x, "\(description)") }
    }
  }

  @Test func writeReturnsColumnsAndClipsAtTheEdge() {
    var frame = Frame(size: Size(width: 5, height: 1))
    #expect(frame.write("abcdefgh", at: Point(x: 2, y: 0)) == 3)
    #expect(frame.lines == ["  abc"])
  }

  @Test func wideClusterThatDoesNotFitBecomesABlank() {
    var frame = Frame(size: Size(width: 5, height: 1))
    frame.write("ab李小", at: Point(x: 0, y: 0))
    #expect(frame.lines == ["ab李 "])
    #expect(frame[3, 0].isContinuation)
    #expect(frame[4, 0] == .blank)
    #expect(frame.isWellFormed)
  }

  @Test func overwritingEitherHalfOfAWideClusterBlanksTheOther() {
    var frame = Frame(size: Size(width: 6, height: 1))
    frame.write("李小龍", at: Point(x: 0, y: 0))
    frame.write("x", at: Point(x: 1, y: 0))
    #expect(frame.lines == [" x小龍"])
    frame.write("y", at: Point(x: 2, y: 0))
    #expect(frame.lines == [" xy 龍"])
    #expect(frame.isWellFormed)
  }

  @Test func clipRectangleIsRespected() {
    var frame = Frame(size: Size(width: 8, height: 3))
    let clip = Rect(x: 2, y: 1, width: 3, height: 1)
    frame.write("hello", at: Point(x: 0, y: 1), clip: clip)
    frame.write("nope", at: Point(x: 0, y: 0), clip: clip)
    #expect(frame.lines == ["        ", "  llo   ", "        "])
  }

  @Test func wideClusterHalfClippedOnTheLeftShowsABlank() {
    var frame = Frame(size: Size(width: 6, height: 1), fill: Cell("."))
    frame.write("李x", at: Point(x: 0, y: 0), clip: Rect(x: 1, y: 0, width: 4, height: 1))
    #expect(frame.lines == [". x..."])
  }

  @Test func controlCharactersNeverReachTheFrame() {
    var frame = Frame(size: Size(width: 6, height: 1))
    frame.write("a\u{1B}[2Jb", at: Point(x: 0, y: 0))
    #expect(frame.lines == ["a\u{FFFD}[2Jb"])
  }

  /// Leading text of several spans is written span by span when it fits (the fast path) and
  /// laid out glyph by glyph when it does not; centred text always takes the second way.
  @Test func textOfSeveralSpansLooksTheSameWhicheverWayItIsDrawn() {
    let spans = [
      Span("Zoë ", style: Style.plain.bold), Span("李小龍"), Span(" 👍🏽x", style: Style.plain.dim), Span("e\u{301}\u{7}"),
    ]
    let total = 4 + 6 + 4 + 2
    for width in 0...(total + 3) {
      let region = Rect(x: 2, y: 0, width: width, height: 1)
      var leading = Frame(size: Size(width: 24, height: 1), fill: Cell("#"))
      Text(spans).render(into: &leading, in: region)
      #expect(
        leading.row(0).prefix(2).allSatisfy { $0 == Cell("#") }
          && leading.row(0).dropFirst(2 + width).allSatisfy { $0 == Cell("#") })
      if width >= total {
        var centred = Frame(size: Size(width: 24, height: 1), fill: Cell("#"))
        Text(spans, alignment: .center).render(into: &centred, in: Rect(x: 2, y: 0, width: total, height: 1))
        #expect(leading.row(0).prefix(2 + total) == centred.row(0).prefix(2 + total), "width \(width)")
        #expect(leading.row(0)[2 + 14].text == "e\u{301}" && leading.row(0)[2 + 15].text == "\u{FFFD}")
      } else if width > 0 {
        #expect(leading.row(0).dropFirst(2).prefix(width).contains { $0.text == "…" }, "width \(width)")
      }
    }
  }

  /// Found by the test above: the ASCII fast path wrote "e" of a decomposed "é" alone, and
  /// its accent went into the next cell on its own.
  @Test func anASCIILetterKeepsTheMarksThatFollowIt() {
    var frame = Frame(size: Size(width: 8, height: 1))
    let columns = frame.write("Jose\u{301} 1\u{FE0F}\u{20E3}", at: Point(x: 0, y: 0))
    #expect(columns == 7)
    #expect(frame.row(0).map(\.text) == ["J", "o", "s", "e\u{301}", " ", "1\u{FE0F}\u{20E3}", "", " "])
  }

  /// The scalars text is written with one at a time, without clusters (punctuation, arrows,
  /// box drawing, ...), come out as the cluster by cluster way would write them: alone, before
  /// a mark, before an emoji selector, and as the format characters among them.
  @Test func scalarsWrittenOneByOneMatchTheClusterByClusterWay() {
    for value in 0x2000...0x2FFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for suffix in ["x", "\u{301}y", "\u{FE0F}y", "\u{200D}y"] {
        let text = String(Character(scalar)) + suffix
        var written = Frame(size: Size(width: 6, height: 1))
        let columns = written.write(text, at: Point(x: 0, y: 0))
        var expected = Frame(size: Size(width: 6, height: 1))
        var x = 0
        for character in text {
          let shown = DisplayWidth.sanitized(character)
          expected.set(Cell(shown), at: Point(x: x, y: 0))
          x += DisplayWidth.of(shown)
        }
        #expect(
          written == expected && columns == x, "U+\(String(value, radix: 16)) \(suffix.unicodeScalars.map(\.value))")
      }
    }
  }

  @Test func drawingOutsideTheFrameIsIgnored() {
    var frame = Frame(size: Size(width: 3, height: 2))
    frame.write("x", at: Point(x: -5, y: 0))
    frame.write("x", at: Point(x: 0, y: 7))
    frame.set(Cell("y"), at: Point(x: 3, y: 0))
    frame.fill(Rect(x: -10, y: -10, width: 5, height: 5), with: Cell("z"))
    #expect(frame == Frame(size: Size(width: 3, height: 2)))
  }
}

@MainActor
struct DiffAndRendererTests {
  @Test func changingOneCellReportsOneCell() {
    var old = Frame(size: Size(width: 80, height: 24))
    old.write(String(repeating: "x", count: 80), at: Point(x: 0, y: 5))
    var new = old
    new.set(Cell("y"), at: Point(x: 40, y: 5))
    #expect(FrameDiff.changes(from: old, to: new) == [ChangedSpan(row: 5, columns: 40..<41)])
  }

  @Test func separateChangesOnARowAreSeparateSpans() {
    let old = Frame(size: Size(width: 10, height: 1))
    var new = old
    new.write("a", at: Point(x: 1, y: 0))
    new.write("b", at: Point(x: 7, y: 0))
    #expect(
      FrameDiff.changes(from: old, to: new) == [
        ChangedSpan(row: 0, columns: 1..<2), ChangedSpan(row: 0, columns: 7..<8),
      ])
  }

  @Test func aSpanNeverStartsOnTheRightHalfOfAWideCluster() {
    var old = Frame(size: Size(width: 4, height: 1))
    old.write("李", at: Point(x: 0, y: 0))
    var new = old
    new.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.bold }
    #expect(FrameDiff.changes(from: old, to: new) == [ChangedSpan(row: 0, columns: 0..<2)])
  }

  @Test func noPreviousFrameOrNewSizeRepaintsEverything() {
    let frame = Frame(size: Size(width: 3, height: 2))
    #expect(FrameDiff.changes(from: nil, to: frame).count == 2)
    #expect(FrameDiff.changes(from: Frame(size: Size(width: 2, height: 2)), to: frame).count == 2)
  }

  @Test func headlessScreenBuiltFromDiffsMatchesEveryFrame() {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 3))
    let renderer = Renderer(backend: terminal)
    let texts = ["Zoë 李小龍", "ab👨‍👩‍👧cd", "x李y", "plain", "🇯🇵🇫🇷xx"]
    for (index, text) in texts.enumerated() {
      var frame = Frame(size: Size(width: 12, height: 3))
      frame.write(
        text, at: Point(x: index % 3, y: index % 3), style: index.isMultiple(of: 2) ? .plain : Style.plain.bold)
      frame.cursor = Point(x: index, y: 0)
      renderer.render(frame)
      #expect(terminal.screen == frame, "after drawing \(text)")
    }
  }

  @Test func anUnchangedFrameWritesNothing() {
    let terminal = HeadlessTerminal(size: Size(width: 5, height: 1))
    let renderer = Renderer(backend: terminal)
    var frame = Frame(size: Size(width: 5, height: 1))
    frame.write("hi", at: Point(x: 0, y: 0))
    renderer.render(frame)
    renderer.render(frame)
    #expect(terminal.frames.count == 1)
    #expect(renderer.lastChangedCellCount == 0)
    renderer.invalidate()
    renderer.render(frame)
    #expect(terminal.frames.count == 2)
  }
}
