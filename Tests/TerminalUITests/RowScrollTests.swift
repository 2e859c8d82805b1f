import Testing

@testable import TerminalUI

/// Moving rows with the terminal's scroll region (``FrameDiff/rowScroll(from:to:changes:)``):
/// found when a list scrolls beside a static pane, never when it would not save cells, and the
/// screen built from the scrolls and the remaining changes is always the frame.
@MainActor
struct RowScrollTests {
  static let firstNames = ["Ada", "Grace", "Zoë", "Li", "José", "Margaret", "Alan", "Hedy", "Edsger", "Barbara"]
  static let lastNames = ["Lovelace", "Hopper", "Ångström", "Xiaolong", "Núñez", "Hamilton", "Turing", "Lamarr"]

  /// A split screen like the contacts list at 120×40: a title row, a list of names and phones
  /// from `top` in the left 30 columns with the selection reversed, a divider, and a static pane
  /// on the right that shows one line of text halfway down.
  static func splitScreen(top: Int, selected: Int, size: Size = Size(width: 60, height: 16)) -> Frame {
    var frame = Frame(size: size)
    frame.write("Contacts  \(selected + 1) of 500", at: Point(x: 0, y: 0))
    let rows = size.height - 2
    for row in 0..<rows {
      let index = top + row
      let style = index == selected ? Style.plain.reverse : .plain
      if index == selected { frame.fill(Rect(x: 0, y: row + 1, width: 30, height: 1), with: .blank(style)) }
      let name = "\(firstNames[index % 10]) \(lastNames[index * 7 % 8])"
      frame.write(name, at: Point(x: 0, y: row + 1), style: style)
      frame.write("+\(index % 89 + 1) \(index * 7919 % 900 + 100)", at: Point(x: 18, y: row + 1), style: style)
      frame.set(Cell("│"), at: Point(x: 30, y: row + 1))
    }
    frame.write("Nothing selected", at: Point(x: 38, y: rows / 2 + 1), style: Style.plain.dim)
    frame.write("↑↓ Move  q Quit", at: Point(x: 0, y: size.height - 1))
    return frame
  }

  @Test func aListScrolledByARowBesideAStaticPaneIsOneScroll() throws {
    let old = Self.splitScreen(top: 10, selected: 23)
    let new = Self.splitScreen(top: 11, selected: 24)
    let plain = FrameDiff.changes(from: old, to: new)
    let found = FrameDiff.rowScroll(from: old, to: new, changes: plain)
    #expect(found?.distance == 1)
    let scroll = try #require(found)
    // The list's rows move as one band, the static pane's line included.
    #expect(scroll.rows.lowerBound <= 2 && scroll.rows.upperBound >= 13, "\(scroll)")
    let remaining = FrameDiff.changes(from: old, scrolledBy: scroll, to: new)
    #expect(remaining == FrameDiff.changes(from: old.scrolled(scroll), to: new))
    let cells = { (spans: [ChangedSpan]) in spans.reduce(0) { $0 + $1.columns.count } }
    #expect(cells(remaining) + FrameDiff.rowScrollCost < cells(plain))
  }

  @Test func aListScrolledUpIsANegativeDistance() throws {
    let old = Self.splitScreen(top: 11, selected: 11)
    let new = Self.splitScreen(top: 10, selected: 10)
    let found = FrameDiff.rowScroll(from: old, to: new, changes: FrameDiff.changes(from: old, to: new))
    #expect(found?.distance == -1)
    let scroll = try #require(found)
    #expect(old.scrolled(scroll).row(3) == old.row(2))
  }

  @Test func nothingScrollsWhenNoRowsMoved() {
    let list = Self.splitScreen(top: 10, selected: 12)
    // The selection moves within the window: two rows change, none moves.
    let moved = Self.splitScreen(top: 10, selected: 13)
    #expect(FrameDiff.rowScroll(from: list, to: moved, changes: FrameDiff.changes(from: list, to: moved)) == nil)
    // A page further on: every row is new.
    let page = Self.splitScreen(top: 200, selected: 200)
    #expect(FrameDiff.rowScroll(from: list, to: page, changes: FrameDiff.changes(from: list, to: page)) == nil)
    // One character typed.
    var typed = list
    typed.write("x", at: Point(x: 40, y: 2))
    #expect(FrameDiff.rowScroll(from: list, to: typed, changes: FrameDiff.changes(from: list, to: typed)) == nil)
  }

  @Test func nothingScrollsWhenRowsThatMovedAreCheaperToRewrite() {
    // Three short rows moved up by one over a screen whose other rows all stay: moving the band
    // would cost more than the few cells it saves.
    var old = Frame(size: Size(width: 40, height: 8))
    var new = old
    for (row, text) in ["ab", "cd", "ef", "gh"].enumerated() { old.write(text, at: Point(x: 0, y: row + 2)) }
    for (row, text) in ["cd", "ef", "gh", "ij"].enumerated() { new.write(text, at: Point(x: 0, y: row + 2)) }
    #expect(FrameDiff.rowScroll(from: old, to: new, changes: FrameDiff.changes(from: old, to: new)) == nil)
  }

  @Test func scrollingMovesTheBandOnlyAndBlanksWhatScrollsIn() {
    var frame = Frame(size: Size(width: 3, height: 5))
    for row in 0..<5 { frame.write("\(row)\(row)\(row)", at: Point(x: 0, y: row)) }
    frame.cursor = Point(x: 1, y: 1)
    let up = frame.scrolled(RowScroll(rows: 1..<4, distance: 1))
    #expect(up.lines == ["000", "222", "333", "   ", "444"])
    #expect(up.cursor == frame.cursor)
    let down = frame.scrolled(RowScroll(rows: 1..<4, distance: -2))
    #expect(down.lines == ["000", "   ", "   ", "111", "444"])
    #expect(frame.scrolled(RowScroll(rows: 0..<5, distance: 0)) == frame)
  }

  @Test func wideClustersMoveWithTheirRows() {
    var old = Frame(size: Size(width: 6, height: 6))
    for row in 0..<6 { old.write("李\(row)Zoë", at: Point(x: 0, y: row)) }
    let scroll = RowScroll(rows: 0..<6, distance: 2)
    let moved = old.scrolled(scroll)
    #expect(moved.isWellFormed)
    #expect(moved.lines[0] == "李2Zoë")
    #expect(moved.lines[5].allSatisfy { $0 == " " })
  }

  /// The renderer's screen, built only from row scrolls and the changes left after them, is the
  /// frame after every step of a session that scrolls one row at a time both ways, pages, jumps
  /// and changes size.
  @Test func theScreenBuiltFromScrollsAndChangesIsEveryFrame() {
    let terminal = HeadlessTerminal(size: Size(width: 60, height: 16))
    let renderer = Renderer(backend: terminal)
    var steps: [(top: Int, selected: Int)] = [(0, 0)]
    for selected in 1..<40 { steps.append((max(0, selected - 13), selected)) }
    for selected in stride(from: 38, through: 5, by: -1) { steps.append((min(steps.last!.top, selected), selected)) }
    steps += [(100, 110), (101, 114), (103, 116), (98, 98), (97, 97), (96, 97)]
    var scrolls = 0
    for (index, step) in steps.enumerated() {
      let frame = Self.splitScreen(top: step.top, selected: step.selected)
      renderer.render(frame)
      if renderer.lastScroll != nil { scrolls += 1 }
      #expect(terminal.screen == frame, "step \(index): \(step)")
    }
    #expect(scrolls >= 40, "the list scrolled by one row 26 + 21 times")
    #expect(terminal.rowScrolls == scrolls)

    // A new size repaints everything; a frame of the old size after it too.
    let small = Self.splitScreen(top: 3, selected: 4, size: Size(width: 50, height: 12))
    terminal.resize(to: small.size)
    renderer.render(small)
    #expect(renderer.lastScroll == nil)
    #expect(terminal.screen == small)
  }

  @Test func aBackendThatCannotMoveRowsIsNeverAskedTo() {
    let terminal = HeadlessTerminal(size: Size(width: 60, height: 16))
    terminal.scrollsRows = false
    let renderer = Renderer(backend: terminal)
    for top in 0..<20 {
      let frame = Self.splitScreen(top: top, selected: top + 13)
      renderer.render(frame)
      #expect(renderer.lastScroll == nil)
      #expect(terminal.screen == frame)
    }
    #expect(terminal.rowScrolls == 0)
  }

  /// A list that says where it is (``Frame/listPosition``) is scrolled by what it says, with no
  /// search for the distance, in a band of its rows (its selected row stays out of the band when
  /// it stays in place); a position that lies (rows that did not move) still gives the frame on
  /// screen.
  @Test func aListThatSaysItScrolledIsScrolledAsItSays() {
    let terminal = HeadlessTerminal(size: Size(width: 60, height: 16))
    let renderer = Renderer(backend: terminal)
    var steps: [(top: Int, selected: Int)] = [(0, 0)]
    for selected in 1..<40 { steps.append((max(0, selected - 13), selected)) }
    for selected in stride(from: 38, through: 5, by: -1) { steps.append((min(steps.last!.top, selected), selected)) }
    var scrolls = 0
    for (index, step) in steps.enumerated() {
      var frame = Self.splitScreen(top: step.top, selected: step.selected)
      frame.listPosition = ListPosition(rows: 1..<15, firstItem: step.top)
      let before = steps[max(0, index - 1)].top
      renderer.render(frame)
      #expect(renderer.lastScroll?.distance == (step.top == before ? nil : step.top - before), "step \(index): \(step)")
      if let scroll = renderer.lastScroll {
        #expect(scroll.rows.clamped(to: 1..<15) == scroll.rows, "step \(index): \(scroll)")
        // The selection sits on the list's last row going down, on its first going up.
        let selectedRow = 1 + step.selected - step.top
        #expect(!scroll.rows.contains(selectedRow), "step \(index): \(scroll)")
        scrolls += 1
      }
      #expect(terminal.screen == frame, "step \(index): \(step)")
    }
    #expect(scrolls == 26 + 21)
    // It says it scrolled down by three rows; its rows are those of the list four rows up.
    var lying = Self.splitScreen(top: 1, selected: 3)
    lying.listPosition = ListPosition(rows: 1..<15, firstItem: 8)
    renderer.render(lying)
    #expect(terminal.screen == lying)
  }

  /// After a resize the last frame's rows are other rows: a list that says it scrolled is not
  /// scrolled, the new frame is drawn in full.
  @Test func aListThatSaysItScrolledAcrossAResizeIsDrawnInFull() {
    let terminal = HeadlessTerminal(size: Size(width: 60, height: 16))
    let renderer = Renderer(backend: terminal)
    var narrow = Self.splitScreen(top: 0, selected: 2)
    narrow.listPosition = ListPosition(rows: 1..<15, firstItem: 0)
    renderer.render(narrow)
    let wide = Size(width: 70, height: 16)
    terminal.resize(to: wide)
    var resized = Self.splitScreen(top: 1, selected: 3, size: wide)
    resized.listPosition = ListPosition(rows: 1..<15, firstItem: 1)
    renderer.render(resized)
    #expect(renderer.lastScroll == nil)
    #expect(renderer.lastChangedCellCount == wide.width * wide.height)
    #expect(terminal.screen == resized)
  }
}
