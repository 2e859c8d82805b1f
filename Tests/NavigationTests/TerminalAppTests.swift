import Flow
import Navigation
import TerminalUI
import Testing

/// `TerminalApp` headless: keys become actions, the app quits when its reducer returns `.quit`,
/// Ctrl-C quits unless the app answers it, and the frame is the view of the current state.
@MainActor
struct TerminalAppTests {
  /// Adds its action to the state; -1 asks to quit.
  private static let reducer = Reducer<Int, Int> { state, action in
    guard action != -1 else { return .quit }
    state += action
    return .none
  }

  /// The number, and its keys.
  private struct NumberScreen: Screen {
    struct Model: Equatable {
      var number: Int
      var answersControlC: Bool
    }
    let answersControlC: Bool
    func select(_ state: Int) -> Model { Model(number: state, answersControlC: answersControlC) }
    static let keys = KeyMap<Model, Int>([
      KeyBinding(.character("+"), "Add", 1, hidden: true),
      KeyBinding(.ctrl("c"), "Add 100", 100, hidden: true, when: \.answersControlC),
      KeyBinding(.character("q"), "Quit", -1, when: { $0.number < 5 }),
    ])
    func title(_ model: Model) -> String { "Number" }
    func body(_ model: Model, isFocused: Bool) -> any View { Text("n=\(model.number)") }
  }

  private func app(answersControlC: Bool = false) -> TerminalApp<Int, Int> {
    TerminalApp(initialState: 0, reducer: Self.reducer, screen: NumberScreen(answersControlC: answersControlC))
  }

  @Test func keysSendActionsAndQuit() {
    let app = app()
    app.press(.character("+"), .character("x"))
    #expect(app.store.state == 1)
    #expect(!app.didQuit)
    app.press(.character("+"), .character("q"), .character("+"))
    #expect(app.store.state == 2, "no key is handled after quitting")
    #expect(app.didQuit)
    #expect(app.render(size: Size(width: 8, height: 2)).lines == ["n=2     ", " q Quit "], "help from the key map")
  }

  @Test func withoutABindingToShowTheViewHasTheWholeTerminal() {
    let app = app()
    for _ in 0..<5 { app.press(.character("+")) }
    #expect(app.render(size: Size(width: 5, height: 1)).lines == ["n=5  "], "q no longer applies, + is hidden")
    app.press(.character("q"))
    #expect(!app.didQuit)
  }

  @Test func controlCQuitsUnlessTheAppAnswersIt() {
    let plain = app()
    plain.handle(.input(.paste("+")))
    plain.handle(.resize(Size(width: 10, height: 2)))
    plain.press(.ctrl("c"))
    #expect(plain.store.state == 0, "pastes and resizes send nothing")
    #expect(plain.didQuit)
    let answering = app(answersControlC: true)
    answering.press(.ctrl("c"))
    #expect(answering.store.state == 100)
    #expect(!answering.didQuit)
  }

  /// A list of a hundred numbers whose page is the rows it shows: the state learns them from
  /// the frame, as a NavigationApp's screens do.
  private struct PagedList: Screen {
    struct Model: Equatable {
      var selected: Int
      var page: Int
    }
    func select(_ state: Int) -> Model { Model(selected: state % 1000, page: state / 1000) }
    static let keys = KeyMap<Model, Int>([
      KeyBinding(.pageDown, "Page down") { _, model in max(1, model.page) },
      KeyBinding(.character("a"), "Add", 0, hidden: true),
      KeyBinding(.character("b"), "Back", 0),
      KeyBinding(.character("c"), "Copy", 0),
      KeyBinding(.character("d"), "Delete", 0),
    ])
    func title(_ model: Model) -> String { "List" }
    func body(_ model: Model, isFocused: Bool) -> any View {
      ListView(
        columns: [ListColumn("N", .flexible(1))], allRows: (0..<100).map { ListRow(["\($0)"]) },
        selected: model.selected, control: "numbers")
    }
    /// The rows shown, kept in the state's thousands.
    func list(_ control: String, showsRows rows: Int) -> Int? { rows * 1000 }
  }

  /// Keeps the thousands (the rows shown) as they are said, and adds the rest.
  private static let pagedReducer = Reducer<Int, Int> { state, action in
    if action >= 1000 {
      state = action + state % 1000
    } else {
      state += action
    }
    return .none
  }

  @Test func aListTellsTheScreenItsRowsAndPagesByThem() {
    let app = TerminalApp(initialState: 0, reducer: Self.pagedReducer, screen: PagedList())
    _ = app.render(size: Size(width: 30, height: 12))
    // Twelve rows less the help bar and the list's header.
    #expect(app.store.state / 1000 == 10)
    app.press(.pageDown)
    #expect(app.store.state % 1000 == 10)
    _ = app.render(size: Size(width: 30, height: 8))
    #expect(app.store.state / 1000 == 6 && app.store.state % 1000 == 10, "told again after a resize")
  }

  @Test func questionMarkOpensEveryKeyAndAnyKeyClosesIt() {
    let app = TerminalApp(initialState: 0, reducer: Self.pagedReducer, screen: PagedList())
    let narrow = app.render(size: Size(width: 30, height: 12)).lines.last ?? ""
    #expect(narrow.contains("? More"), "\(narrow)")
    app.press("?")
    #expect(app.showsAllKeys)
    let overlay = app.render(size: Size(width: 30, height: 12))
    #expect(overlay.lines.contains { $0.contains("a") && $0.contains("Add") }, "hidden keys are listed too")
    #expect(overlay.lines.last?.contains("Esc Close") == true)
    let before = app.store.state
    app.press(.pageDown)
    #expect(!app.showsAllKeys && app.store.state == before, "the key that closes it does nothing else")
    let wide = app.render(size: Size(width: 80, height: 12)).lines.last ?? ""
    #expect(!wide.contains("More"), "every key fits: \(wide)")
  }
}
