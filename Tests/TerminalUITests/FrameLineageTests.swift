import Testing

@testable import TerminalUI

/// What the wireframe relies on to draw a frame over the last one's cells: a frame knows where
/// it was written to, forgets what it was drawn over at any write, and the renderer compares
/// only where a frame says it can differ.
@MainActor
struct FrameLineageTests {
  @Test func theWrittenAreaHoldsEveryCellWrittenIncludingAWideClustersOtherHalf() {
    var frame = Frame(size: Size(width: 20, height: 6))
    frame.write("李", at: Point(x: 4, y: 1))
    #expect(frame.writtenArea.rect == Rect(x: 4, y: 1, width: 2, height: 1))
    frame.forgetWrites()
    #expect(frame.writtenArea.rect.isEmpty)
    // Overwriting the right half of the cluster blanks its left half, one column further left.
    frame.set(Cell("x"), at: Point(x: 5, y: 1))
    #expect(frame.writtenArea.rect == Rect(x: 4, y: 1, width: 2, height: 1))
    frame.fill(Rect(x: 10, y: 3, width: 3, height: 2), with: Cell("-"))
    frame.restyle(Rect(x: 0, y: 5, width: 1, height: 1)) { $0.bold }
    #expect(frame.writtenArea.rect == Rect(x: 0, y: 1, width: 13, height: 5))
  }

  @Test func anyWriteForgetsWhatTheFrameWasDrawnOver() {
    var frame = Frame(size: Size(width: 10, height: 2))
    let lineage = FrameLineage(number: 2, base: 1, damage: [])
    let writes: [(inout Frame) -> Void] = [
      { $0.set(Cell("a"), at: Point(x: 0, y: 0)) }, { $0.write("ab", at: Point(x: 1, y: 1)) },
      { $0.fill(Rect(x: 0, y: 0, width: 2, height: 1)) },
      { $0.restyle(Rect(x: 0, y: 0, width: 1, height: 1)) { style in style } },
      { $0.copy(rows: 0..<1, from: Frame(size: Size(width: 10, height: 2))) },
      { $0.copy(Rect(x: 0, y: 0, width: 1, height: 1), from: Frame(size: Size(width: 10, height: 2))) },
    ]
    for write in writes {
      frame.lineage = lineage
      write(&frame)
      #expect(frame.lineage == nil)
    }
    frame.lineage = lineage
    #expect(frame.scrolled(RowScroll(rows: 0..<2, distance: 1)).lineage == nil)
  }

  /// A renderer given frames drawn over the last one, each saying where it changed, builds the
  /// same screen as one comparing the whole frames, writing the same cells.
  @Test func comparingOnlyTheDamageFindsEveryChange() {
    var seed: UInt64 = 2026
    func random(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    let size = Size(width: 30, height: 8)
    let damaged = HeadlessTerminal(size: size)
    let whole = HeadlessTerminal(size: size)
    let damagedRenderer = Renderer(backend: damaged)
    let wholeRenderer = Renderer(backend: whole)
    var frame = Frame(size: size)
    frame.lineage = FrameLineage(number: 0, base: nil, damage: [])
    for step in 1...500 {
      var next = frame
      next.forgetWrites()
      for _ in 0..<random(4) {
        let text = ["李", "ab", "x", "🇯🇵", "  ", "é"][random(6)]
        next.write(text, at: Point(x: random(30), y: random(8)), style: random(2) == 0 ? .plain : Style.plain.bold)
      }
      if random(5) == 0 { next.cursor = Point(x: random(30), y: random(8)) }
      next.lineage = FrameLineage(number: step, base: step - 1, damage: [next.writtenArea.rect])
      damagedRenderer.render(next)
      var plain = next
      plain.lineage = nil
      wholeRenderer.render(plain)
      #expect(damaged.screen == next, "step \(step)")
      #expect(damagedRenderer.lastChangedCellCount == wholeRenderer.lastChangedCellCount, "step \(step)")
      frame = next
    }
  }
}
