import Testing

@testable import TerminalUI

/// The pieces screens share, which the framework carries: a value that loads and its view, a
/// labelled field, a heading, the keys that move a list, and a form's scroll.
@MainActor
struct SharedPiecesTests {
  private let size = Size(width: 40, height: 7)

  private func frame(_ view: some View, keyHelp: [HelpItem] = []) -> Frame {
    var frame = Frame(size: size)
    frame.keyHelp = keyHelp
    view.render(into: &frame, in: frame.bounds)
    return frame
  }

  @Test func aLoadingValueShowsASpinnerThenItsContent() {
    let loading = frame(LoadingView<Int>(.loading, tick: 0, label: "Loading…") { _ in Text("never") })
    #expect(loading.lines[3].contains("Loading…"))
    let loaded = frame(LoadingView<Int>(.loaded(42), tick: 0) { Text("The answer is \($0)") })
    #expect(loaded.lines[0].hasPrefix("The answer is 42"))
  }

  /// The retry hint names the key the screen's help bar shows for Retry, whatever it is, and
  /// nothing while no Retry applies.
  @Test func aFailureNamesTheKeyThatRetriesAsTheHelpBarShowsIt() {
    let failed = LoadingView<Int>(.failed("The server is away."), tick: 0) { _ in Text("never") }
    let withR = frame(failed, keyHelp: [HelpItem(key: "r", label: "Retry"), HelpItem(key: "Esc", label: "Back")])
    #expect(withR.lines.contains { $0.contains("The server is away.") })
    #expect(withR.lines.contains { $0.contains("Press r to try again") })
    let rebound = frame(failed, keyHelp: [HelpItem(key: "F5", label: "Retry")])
    #expect(rebound.lines.contains { $0.contains("Press F5 to try again") })
    let none = frame(failed, keyHelp: [HelpItem(key: "Esc", label: "Back")])
    #expect(none.lines.contains { $0.contains("The server is away.") })
    #expect(!none.lines.contains { $0.contains("try again") })
    #expect(Frame(size: size).key(labelled: "Retry") == nil)
  }

  @Test func aLabelledFieldTitlesItsLabelOnlyWhileFocused() {
    let field = { (focused: Bool) in
      LabelledField(label: "Email", input: TextInput("ada@example.com"), isFocused: focused)
    }
    let focused = frame(field(true))
    let unfocused = frame(field(false))
    #expect(focused.lines[0].hasPrefix("Email      ada@example.com"))
    #expect(focused[0, 0].style == focused.theme.title)
    #expect(unfocused[0, 0].style == .plain)
    #expect(focused.cursor != nil && unfocused.cursor == nil)
    let labelled = frame(Labelled("Notes", width: 6, isFocused: false, Text("text")))
    #expect(labelled.lines[0].hasPrefix("Notes  text"))
  }

  @Test func aHeadingKeepsItsNoteWhileItsTitleIsCut() {
    let heading = frame(Heading("Contacts (10,000,000)", note: "1 of 10,000,000"))
    #expect(heading.lines[0].hasPrefix("Contacts (10,000,000)"))
    #expect(heading.lines[0].hasSuffix("1 of 10,000,000"))
    var narrow = Frame(size: Size(width: 24, height: 1))
    Heading("Contacts (10,000,000)", note: "1 of 10,000,000").render(into: &narrow, in: narrow.bounds)
    #expect(narrow.lines[0].hasSuffix(" 1 of 10,000,000"))
    #expect(narrow[0, 0].style == narrow.theme.title)
  }

  @Test func listKeysMoveAsTheirNamesSay() {
    let moves: [(Key, ScrollWindow.Move)] = [
      (.up, .up), ("k", .up), (.down, .down), ("j", .down), (.pageUp, .pageUp), (.pageDown, .pageDown),
      (.home, .home), ("g", .home), (.end, .end), ("G", .end),
    ]
    for (key, move) in moves { #expect(ScrollWindow.Move(key: key) == move, "\(key)") }
    #expect(ScrollWindow.Move(key: "x") == nil)
    let map = KeyMap<Int, ScrollWindow.Move>([
      .listMoves { move, _ in move }, .viListMoves(when: { $0 > 0 }) { move, _ in move },
    ])
    #expect(map.helpItems(in: 1).map(\.key) == ["↑↓"])
    #expect(map.namedKeys.map(\.name) == ["move", "move-vi"])
    #expect(map.intent(for: .key(.pageDown), in: 0) == .pageDown)
    #expect(map.intent(for: .key("G"), in: 1) == .end)
    #expect(map.intent(for: .key("G"), in: 0) == nil, "vi letters stand aside while their condition fails")
    let rebound = map.rebinding(["move-vi": ["w", "s", "<", ">"]])
    #expect(rebound.intent(for: .key("s"), in: 1) == .down, "a user's key moves as the declared one did")
  }

  /// A form's focused row a third of the way down, from the top while everything fits, never
  /// past the end: the same window whatever keys led there.
  @Test func aFormScrollsItsFocusedRowAThirdOfTheWayDown() {
    #expect(ScrollWindow(total: 5, visible: 10, showingAThirdDown: 4).offset == 0)
    #expect(ScrollWindow(total: 30, visible: 10, showingAThirdDown: nil).offset == 0)
    #expect(ScrollWindow(total: 30, visible: 10, showingAThirdDown: 2).offset == 0)
    #expect(ScrollWindow(total: 30, visible: 10, showingAThirdDown: 15).offset == 12)
    #expect(ScrollWindow(total: 30, visible: 10, showingAThirdDown: 29).offset == 20)
    for focused in 0..<30 {
      let window = ScrollWindow(total: 30, visible: 7, showingAThirdDown: focused)
      #expect(window.visibleRange.contains(focused), "\(focused)")
    }
  }
}
