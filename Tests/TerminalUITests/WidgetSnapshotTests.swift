import SnapshotTesting
import TerminalTesting
import Testing

@testable import TermFlowDemo
@testable import TerminalUI

/// Checks that `frame` is well formed and matches its golden under
/// `__Snapshots__/WidgetSnapshotTests/`, named after the calling test and `name`.
@MainActor
private func assertFrame(
  _ frame: Frame, named name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  let location = SourceLocation(
    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  #expect(frame.isWellFormed, "\(name) is not well formed", sourceLocation: location)
  assertSnapshot(
    of: frame, as: .frame, named: name, fileID: fileID, file: filePath, testName: testName, line: line,
    column: column)
}

/// `view` alone in a new frame of `width` x `height`.
@MainActor
private func render(_ view: any View, _ width: Int, _ height: Int) -> Frame {
  view.frame(size: Size(width: width, height: height))
}

/// Several one-row views stacked, one per row, to compare variants side by side.
@MainActor
private func rows(_ views: [any View], width: Int) -> Frame {
  render(VStack(views.map { StackItem.fixed(1, $0) }), width, views.count)
}

private let tableColumns = [
  ListColumn("Name", .fill), ListColumn("Phone", .fixed(8)), ListColumn("#", .fixed(5), alignment: .trailing),
]

private func tableRow(_ index: Int) -> ListRow {
  ListRow(["Person \(index + 1)", "555-\(index % 1_000)", "\(index + 1)"])
}

@MainActor
struct GallerySnapshotTests {
  @Test func galleryAtStandardNarrowAndWideSizes() {
    for size in [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 160, height: 50)] {
      let frame = Gallery.render(GalleryState(), size: size)
      #expect(frame.size == size)
      assertFrame(frame, named: "\(size)")
    }
  }

  @Test func galleryWithTheListFocusedAndScrolled() {
    var state = GalleryState()
    for _ in 0..<3 { #expect(Gallery.handle(.tab, state: &state)) }
    #expect(state.focus.focused == .list)
    // End, then a page up: the list is scrolled near its end with the selection mid-screen.
    #expect(Gallery.handle(.end, state: &state))
    #expect(Gallery.handle(.pageUp, state: &state))
    #expect(state.window.selected == 990)
    let frame = Gallery.render(state, size: Size(width: 80, height: 24))
    #expect(frame.cursor == nil)
    #expect(frame.lines.contains { $0.contains("#991") })
    assertFrame(frame, named: "80x24")
  }

  @Test func galleryWithTheModalShown() {
    var state = GalleryState()
    #expect(Gallery.handle(.ctrl("o"), state: &state))
    #expect(state.showsModal)
    let frame = Gallery.render(state, size: Size(width: 80, height: 24))
    #expect(frame.cursor == nil)
    assertFrame(frame, named: "80x24")
  }

  @Test func galleryWhileBusy() {
    var state = GalleryState()
    #expect(Gallery.handle(.ctrl("s"), state: &state))
    #expect(Gallery.handle(.tab, state: &state))
    state.spinnerTick = 3
    #expect(state.isBusy)
    #expect(state.focus.focused == .password)
    let frame = Gallery.render(state, size: Size(width: 80, height: 24))
    // The focused password field is disabled, so it shows no cursor.
    #expect(frame.cursor == nil)
    #expect(frame.lines.contains { $0.contains("⠸ Working…") })
    assertFrame(frame, named: "80x24")
  }

  /// The list's window is as tall as the rows the list shows (it says so on the frame), so the
  /// selection never moves off screen.
  @Test func galleryKeepsTheSelectedRowOnScreen() {
    var state = GalleryState()
    for _ in 0..<3 { _ = Gallery.handle(.tab, state: &state) }
    // What DemoApp does after each frame.
    #expect(Gallery.fit(&state, to: Gallery.render(state, size: Size(width: 80, height: 24))))
    #expect(state.window.visible == 13)
    for _ in 0..<13 { _ = Gallery.handle(.down, state: &state) }
    #expect(state.window.selected == 13)
    let frame = Gallery.render(state, size: Size(width: 80, height: 24))
    // The phone number ("+1 555 0013") names the row uniquely.
    let selectedPhone = state.row(state.window.selected).cells[1]
    #expect(frame.lines.contains { $0.contains(state.row(state.window.selected - 1).cells[1]) })
    #expect(frame.lines.contains { $0.contains(selectedPhone) })
  }

  /// PgDn pages by the rows the list shows, at any height: a page down from the top selects the
  /// last row shown (a page keeps one row of the last in sight), a second the last of the next
  /// page, at the bottom of the list.
  @Test(arguments: [24, 40])
  func galleryPagesByTheRowsItsListShows(height: Int) {
    let size = Size(width: 80, height: height)
    var state = GalleryState()
    for _ in 0..<3 { _ = Gallery.handle(.tab, state: &state) }
    Gallery.fit(&state, to: Gallery.render(state, size: size))
    let shown = Gallery.render(state, size: size).lines.filter { $0.contains("+1 555 ") }.count
    #expect(shown == state.window.visible)
    _ = Gallery.handle(.pageDown, state: &state)
    #expect(state.window.selected == shown - 1)
    _ = Gallery.handle(.pageDown, state: &state)
    #expect(state.window.selected == 2 * (shown - 1))
    let rows = Gallery.render(state, size: size).lines.filter { $0.contains("+1 555 ") }
    #expect(rows.count == shown)
    #expect(rows.last?.contains("#\(2 * shown - 1)") == true)
  }
}

@MainActor
struct TextFieldSnapshotTests {
  @Test func placeholderShowsWhenEmpty() {
    let unfocused = render(TextField(TextInput(), placeholder: "Full name"), 14, 1)
    #expect(unfocused.cursor == nil)
    assertFrame(unfocused, named: "unfocused")
    let focused = render(TextField(TextInput(), placeholder: "Full name", isFocused: true), 14, 1)
    #expect(focused.cursor == Point(x: 0, y: 0))
    assertFrame(focused, named: "focused")
    let cut = render(TextField(TextInput(), placeholder: "8 characters or more"), 10, 1)
    assertFrame(cut, named: "truncated")
  }

  @Test func focusedFieldPlacesTheCursorAtTheInsertionPoint() {
    var input = TextInput("hello world")
    for _ in 0..<6 { input.handle(.left) }
    let focused = render(TextField(input, isFocused: true), 16, 1)
    #expect(focused.cursor == Point(x: 5, y: 0))
    assertFrame(focused, named: "focused")
    let unfocused = render(TextField(input), 16, 1)
    #expect(unfocused.cursor == nil)
    assertFrame(unfocused, named: "unfocused")
  }

  @Test func lineBreaksShowAsReturnSymbols() {
    let frame = render(TextField(TextInput("First line.\nSecond."), isFocused: true), 24, 1)
    #expect(frame.lines == ["First line.↵Second.     "])
    #expect(frame.cursor == Point(x: 19, y: 0))
  }

  @Test func cursorAfterWideCharactersCountsColumns() {
    let frame = render(TextField(TextInput("李小龍 ok"), isFocused: true), 12, 1)
    #expect(frame.cursor == Point(x: 9, y: 0))
    assertFrame(frame, named: "end")
  }

  @Test func maskedFieldShowsOneBulletPerCharacter() {
    let frame = render(TextField(TextInput("hunter2"), isMasked: true, isFocused: true), 12, 1)
    #expect(frame.lines == ["•••••••     "])
    #expect(frame.cursor == Point(x: 7, y: 0))
    assertFrame(frame, named: "focused")
  }

  @Test func disabledFieldIsDimAndHasNoCursor() {
    let frame = render(TextField(TextInput("ada@example.com"), isFocused: true, isDisabled: true), 18, 1)
    #expect(frame.cursor == nil)
    assertFrame(frame, named: "disabled")
  }

  @Test func longTextScrollsToKeepTheCursorVisible() {
    var input = TextInput("The quick brown fox jumps over the lazy dog")
    let atEnd = render(TextField(input, isFocused: true), 12, 1)
    // Scrolled in a half-field jump: the cursor sits short of the edge.
    #expect(atEnd.lines == ["…lazy dog   "])
    #expect(atEnd.cursor == Point(x: 9, y: 0))
    assertFrame(atEnd, named: "end")

    input.handle(.home)
    let atStart = render(TextField(input, isFocused: true), 12, 1)
    #expect(atStart.lines == ["The quick br"])
    #expect(atStart.cursor == Point(x: 0, y: 0))
    assertFrame(atStart, named: "start")

    for _ in 0..<16 { input.handle(.right) }
    let inside = render(TextField(input, isFocused: true), 12, 1)
    #expect(inside.cursor.map { $0.x > 0 && $0.x < 12 } == true)
    assertFrame(inside, named: "middle")
  }

  @Test func typingAtTheRightEdgeScrollsInHalfFieldJumps() {
    var input = TextInput()
    var previous = render(TextField(input, isFocused: true), 12, 1)
    var rewrites = 0
    for character in "abcdefghijklmnopqrstuvwxyz0123456789ABCD" {
      input.insert(String(character))
      let next = render(TextField(input, isFocused: true), 12, 1)
      let changed = FrameDiff.changes(from: previous, to: next).reduce(0) { $0 + $1.columns.count }
      if changed > 1 { rewrites += 1 }
      #expect(next.cursor.map { $0.x >= 1 && $0.x <= 11 } == true)
      #expect(next.lines[0].contains(character), "the character typed is in view")
      previous = next
    }
    // 40 keys into an 11-column field: one cell each, but for a rewrite every 5 keys.
    #expect(rewrites == 6)
  }

  @Test func longWideTextScrollsWithoutSplittingACharacter() {
    var input = TextInput("李小龍李小龍李小龍")
    let atEnd = render(TextField(input, isFocused: true), 8, 1)
    #expect(atEnd.cursor == Point(x: 7, y: 0))
    assertFrame(atEnd, named: "end")
    // From the start, the fourth character would straddle the right edge: it is left out whole.
    input.handle(.home)
    let atStart = render(TextField(input, isFocused: true), 7, 1)
    #expect(atStart.lines == ["李小龍 "])
    #expect(atStart.cursor == Point(x: 0, y: 0))
    assertFrame(atStart, named: "start")
  }
}

@MainActor
struct ButtonAndSpinnerSnapshotTests {
  @Test func buttonStates() {
    let frame = rows(
      [Button("Submit"), Button("Submit", isFocused: true), Button("Submit", isDisabled: true)], width: 12)
    #expect(frame.lines.allSatisfy { $0 == "[ Submit ]  " })
    assertFrame(frame, named: "normal-focused-disabled")
  }

  @Test func buttonTooNarrowIsCut() {
    assertFrame(render(Button("Delete contact"), 10, 1), named: "narrow")
  }

  @Test func spinnerCyclesThroughItsFramesForAnyTick() {
    let ticks = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1]
    let frame = rows(ticks.map { Spinner(tick: $0, label: "tick \($0)") }, width: 10)
    #expect(frame.lines[10].first == frame.lines[0].first)
    #expect(frame.lines[11].first == frame.lines[9].first)
    assertFrame(frame, named: "ticks")
    assertFrame(render(Spinner(tick: 0), 3, 1), named: "no-label")
  }
}

@MainActor
struct TextSnapshotTests {
  @Test func overflowingTextEndsInAnEllipsis() {
    let frame = render(Text("Hello, wonderful world"), 10, 1)
    #expect(frame.lines == ["Hello, wo…"])
    assertFrame(frame, named: "tail")
  }

  @Test func headEllipsisKeepsTheEnd() {
    let frame = render(Text("/usr/local/share/termflow", overflow: .headEllipsis), 12, 1)
    #expect(frame.lines == ["…re/termflow"])
    assertFrame(frame, named: "head")
  }

  @Test func wrappingBreaksAtSpacesAndMarksTheLastRow() {
    let text = Text("The quick brown fox jumps over the lazy dog", overflow: .wrap)
    let cut = render(text, 10, 3)
    #expect(cut.lines == ["The quick ", "brown fox ", "jumps ove…"])
    assertFrame(cut, named: "cut")
    let whole = render(text, 10, 6)
    assertFrame(whole, named: "whole")
    let longWord = render(Text("supercalifragilistic word", overflow: .wrap), 8, 4)
    #expect(longWord.lines == ["supercal", "ifragili", "stic    ", "word    "])
    assertFrame(longWord, named: "long-word")
  }

  @Test func alignment() {
    let frame = rows(
      [
        Text("left"), Text("centre", alignment: .center), Text("right", alignment: .trailing),
        Text("李小龍", alignment: .center), Text("李小龍", alignment: .trailing),
      ], width: 11)
    #expect(frame.lines == ["left       ", "  centre   ", "      right", "  李小龍   ", "     李小龍"])
    assertFrame(frame, named: "leading-center-trailing")
  }

  @Test func mixedSpansKeepTheirStyles() {
    let spans = [
      Span("Error: ", style: Style.plain.bold.foreground(.red)), Span("disk full"),
      Span(" (retry)", style: Style.plain.dim),
    ]
    assertFrame(render(Text(spans), 26, 1), named: "fits")
    // Cut inside the plain span: the ellipsis takes the style of the text before it.
    assertFrame(render(Text(spans), 12, 1), named: "cut")
  }

  /// A wide character that does not fit before the ellipsis ends the kept text: nothing after
  /// it may be shown in its place.
  @Test func wideCharactersAreNeverSplitAtTheEdge() {
    let frame = rows(
      [
        Text("李小龍"), Text("abcd李e"), Text("李小龍abc"), Text("a李bcde", overflow: .headEllipsis),
        Text("李小龍", overflow: .headEllipsis), Text("😀😀😀"),
      ], width: 6)
    #expect(frame.lines == ["李小龍", "abcd… ", "李小… ", "…bcde ", "李小龍", "😀😀😀"])
    assertFrame(frame, named: "width-6")
    let narrow = rows([Text("ab李cd"), Text("a李bc", overflow: .headEllipsis), Text("李小")], width: 4)
    #expect(narrow.lines == ["ab… ", "…bc ", "李小"])
    assertFrame(narrow, named: "width-4")
  }

  @Test func wideCharacterCutByTheFrameEdgeBecomesABlank() {
    var frame = Frame(size: Size(width: 5, height: 1))
    Text("abc李").render(into: &frame, in: Rect(x: 0, y: 0, width: 10, height: 1))
    #expect(frame.lines == ["abc李"])
    Text("abcd李").render(into: &frame, in: Rect(x: 0, y: 0, width: 10, height: 1))
    #expect(frame.lines == ["abcd "])
    assertFrame(frame, named: "edge")
  }

  @Test func linesBeyondTheRegionAreMarkedByAnEllipsis() {
    let frame = render(Text("one\ntwo\nthree\nfour"), 6, 2)
    #expect(frame.lines == ["one   ", "two…  "])
    assertFrame(frame, named: "two-rows")
  }
}

@MainActor
struct BoxSnapshotTests {
  @Test func boxWithAndWithoutTitle() {
    assertFrame(render(Box(title: "Contacts", Text("inside")), 14, 4), named: "titled")
    assertFrame(render(Box(Text("inside")), 10, 3), named: "untitled")
  }

  @Test func longTitlesAreCutInsideTheBorder() {
    let latin = render(Box(title: "A very long title", Text("x")), 12, 3)
    #expect(latin.lines[0] == "┌ A very …─┐")
    assertFrame(latin, named: "latin")
    // The cut title is one column narrower than its region (先 would straddle the edge), so the
    // border shows through after the ellipsis.
    let wide = render(Box(title: "連絡先一覧です", Text("x")), 10, 3)
    #expect(wide.isWellFormed)
    #expect(wide.lines[0] == "┌ 連絡…──┐")
    assertSnapshot(of: wide, as: .frame, named: "wide")
  }

  @Test func tinyBoxes() {
    assertFrame(render(Box(title: "Title", Text("x")), 4, 2), named: "4x2")
    assertFrame(render(Box(title: "Title", Text("x")), 2, 2), named: "2x2")
    // Too small for a border: the content gets the whole region.
    assertFrame(render(Box(title: "Title", Text("xyz")), 3, 1), named: "3x1")
    assertFrame(render(Box(title: "Title", Text("x")), 1, 1), named: "1x1")
  }
}

@MainActor
struct ListViewSnapshotTests {
  @Test func emptyListShowsItsMessage() {
    let list = ListView(
      columns: tableColumns, rows: [], window: ScrollWindow(total: 0, visible: 4), emptyMessage: "No contacts")
    let frame = render(list, 24, 5)
    #expect(frame.lines[3].contains("No contacts"))
    assertFrame(frame, named: "empty")
  }

  /// Handed every row and the selection, the list shows the rows its area has room for around
  /// the selection, at any height: the caller counts no chrome.
  @Test func aWholeListKeepsItsSelectionInViewAtAnyHeight() {
    let rows = (0..<50).map { ListRow(["Row \($0)"]) }
    let columns = [ListColumn("Name", .fill)]
    for height in 2...30 {
      let frame = render(ListView(columns: columns, allRows: rows, selected: 40), 20, height)
      #expect(frame.lines.contains { $0.hasPrefix("Row 40 ") }, "at height \(height)")
      #expect(frame.lines.count { $0.hasPrefix("Row ") } == min(height - 1, 50), "at height \(height)")
    }
    let nearTheTop = render(ListView(columns: columns, allRows: rows, selected: 2), 20, 6)
    #expect(nearTheTop.lines[1].hasPrefix("Row 0 "))
  }

  /// Handed a window of rows taller than the area it gets (the state's window has not caught
  /// up with a resize yet), a virtualised list still shows its selection.
  @Test func aWindowTallerThanItsAreaStillShowsTheSelection() {
    let window = ScrollWindow(total: 1_000, visible: 20, selected: 118)
    let rows = window.visibleRange.map { ListRow(["Row \($0)"]) }
    let columns = [ListColumn("Name", .fill)]
    for height in 2...25 {
      let frame = render(ListView(columns: columns, rows: rows, window: window), 20, height)
      #expect(frame.lines.contains { $0.hasPrefix("Row 118 ") }, "at height \(height)")
    }
    let roomy = render(ListView(columns: columns, rows: rows, window: window), 20, 25)
    #expect(roomy.lines[1].hasPrefix("Row \(window.offset) "), "with room, from the window's first row")
  }

  @Test func selectionFocusedAndUnfocused() {
    let window = ScrollWindow(total: 4, visible: 4, selected: 2)
    let rows = window.visibleRange.map(tableRow)
    let focused = render(ListView(columns: tableColumns, rows: rows, window: window, isFocused: true), 26, 5)
    assertFrame(focused, named: "focused")
    let unfocused = render(ListView(columns: tableColumns, rows: rows, window: window, isFocused: false), 26, 5)
    #expect(focused.lines == unfocused.lines)
    #expect(focused != unfocused)
    assertFrame(unfocused, named: "unfocused")
  }

  @Test func scrollbarOfATenThousandRowList() {
    var window = ScrollWindow(total: 10_000, visible: 5)
    func frame() -> Frame {
      // Only the rows on screen are built, never the ten thousand.
      let rows = window.visibleRange.map(tableRow)
      #expect(rows.count == 5)
      return render(ListView(columns: tableColumns, rows: rows, window: window), 26, 6)
    }
    /// The body row (0 to 4) holding the one-row thumb.
    func thumbRow(_ frame: Frame) -> Int? {
      (1..<6).first { frame.lines[$0].hasSuffix("┃") }.map { $0 - 1 }
    }
    let top = frame()
    #expect(thumbRow(top) == 0)
    assertFrame(top, named: "top")
    window.select(5_000)
    let middle = frame()
    #expect(thumbRow(middle) == 2)
    assertFrame(middle, named: "middle")
    window.end()
    let end = frame()
    #expect(thumbRow(end) == 4)
    #expect(end.lines[5].contains("10000"))
    assertFrame(end, named: "end")
  }

  @Test func wideCharactersInRowsStayAligned() {
    let rows = [
      ListRow(["李小龍", "1", "龍"]), ListRow(["山田太郎山田太郎", "22", "一二三"]), ListRow(["김민준", "333", "x"]),
      ListRow(["😀 Emoji", "4444", "😀"]),
    ]
    let window = ScrollWindow(total: rows.count, visible: 4, selected: 1)
    let frame = render(ListView(columns: tableColumns, rows: rows, window: window), 22, 5)
    assertFrame(frame, named: "cjk")
  }

  @Test func positionLabel() {
    #expect(ListView.positionLabel(ScrollWindow()) == "0 of 0")
    #expect(
      ListView.positionLabel(ScrollWindow(total: 10_000_000, visible: 5, selected: 1_233)) == "1,234 of 10,000,000")
  }
}

@MainActor
struct BarSnapshotTests {
  @Test func statusBarWithLeftAndRightText() {
    let bar = StatusBar(left: [Span("contacts.db")], right: [Span("1 of 10,000")])
    let frame = render(bar, 30, 1)
    #expect(frame.lines == [" contacts.db      1 of 10,000 "])
    assertFrame(frame, named: "fits")
    // Too narrow for both: the right side goes, the left is cut.
    let narrow = render(bar, 10, 1)
    #expect(narrow.lines == [" contacts…"])
    assertFrame(narrow, named: "narrow")
  }

  @Test func aLongRightSideIsCutNotDropped() {
    let bar = StatusBar(
      left: [Span("Address book › Contacts › Sync")],
      right: [Span("ada@example.com · Sync failed: the server refused the user name or password (401).")])
    #expect(
      render(bar, 80, 1).lines == [
        " Address book › Contacts › Sync ada@example.com · Sync failed: the server refu… "
      ])
    // The left keeps half the row at most; the right has the rest.
    #expect(render(bar, 40, 1).lines == [" Address book › Con… ada@example.com ·… "])
    // Shorter than its few useful cells, it goes.
    #expect(render(bar, 24, 1).lines == [" Address book › Contact…"])
  }

  @Test func statusBarKeepsStyledSpans() {
    let bar = StatusBar(left: [Span("Saved", style: Style.plain.bold.foreground(.green)), Span(" 3 contacts")])
    assertFrame(render(bar, 24, 1), named: "styled")
  }

  /// The gallery's Name field has the keyboard: it takes q as text, so Quit is Ctrl-C alone;
  /// at 40 columns Quit, essential, is kept before the entries after Focus.
  @Test func helpBarDropsWholeItemsThatDoNotFit() {
    let items = Gallery.keyMap.helpItems(in: GalleryState())
    let wide = render(HelpBar(items), 72, 1)
    #expect(wide.lines[0].contains("  Ctrl-C Quit") && !wide.lines[0].contains("q/"))
    assertFrame(wide, named: "all")
    let narrow = render(HelpBar(items), 40, 1)
    #expect(narrow.lines == [" Tab/Shift-Tab Focus  Ctrl-C Quit       "])
    assertFrame(narrow, named: "two")
    // The last item fits exactly without the gap that would follow it.
    let exact = render(HelpBar([HelpItem(key: "q", label: "Quit")]), 7, 1)
    #expect(exact.lines == [" q Quit"])
    assertFrame(exact, named: "exact")
  }
}

@MainActor
struct ModalSnapshotTests {
  @Test func modalDimsWhatIsBehindIt() {
    let background = VStack(
      (0..<7).map { .fixed(1, Text("row \($0) of the list behind the dialog", style: Style.plain.bold)) })
    let modal = Modal(title: "Quit?", size: Size(width: 18, height: 5), Text("Unsaved edits", overflow: .wrap))
    let frame = render(Layers([background, modal]), 28, 7)
    #expect(frame[0, 0].style == Style.plain.bold.dim)
    assertFrame(frame, named: "over-content")
  }

  @Test func modalLargerThanTheScreenIsClamped() {
    let modal = Modal(title: "Delete?", size: Size(width: 40, height: 10), Text("Really delete?", overflow: .wrap))
    assertFrame(render(modal, 12, 4), named: "clamped")
  }
}
