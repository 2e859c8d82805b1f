import Flow
import Navigation
import TerminalUI
import Testing

/// A list says how many rows it shows and the framework hands that to its screen
/// (`Screen.list(_:showsRows:)`): once each time it changes, before the frame reaches the
/// terminal, and never in a replay, whose recording holds it. A whole list (every row in state,
/// `ListView(allRows:selected:)`) pages by it.
@MainActor
struct ListRowsTests {
  struct State: Equatable {
    var names = (1...100).map { "Name \($0)" }
    var selected = 0
    /// What the list last said it shows: the page for PgUp and PgDn.
    var rows = 1
    /// Every number of rows the screen was told, in order.
    var told: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case select(Int)
    case listShows(Int)
  }

  /// A whole list under a line of its own, with the standard list moves.
  struct Names: Screen {
    struct Model: Equatable {
      var names: [String]
      var selected: Int
      var rows: Int
    }

    func select(_ state: State) -> Model { Model(names: state.names, selected: state.selected, rows: state.rows) }

    static let keys = KeyMap<Model, Action>([
      .listMoves { move, model in
        .select(move.selection(from: model.selected, count: model.names.count, showing: model.rows))
      }
    ])

    func title(_ model: Model) -> String { "Names" }

    func body(_ model: Model, isFocused: Bool) -> any View {
      VStack([
        .fixed(1, Text("A line the list's screen draws above it")),
        .fill(
          ListView(
            columns: [ListColumn("Name", .fill)], allRows: model.names.map { ListRow([$0]) },
            selected: model.selected, isFocused: isFocused, control: "names")),
      ])
    }

    func list(_ control: String, showsRows rows: Int) -> Action? {
      control == "names" ? .listShows(rows) : nil
    }
  }

  struct Root: Coordinator {
    func stage(for state: State) -> Stage<State, Action> { Stage([Names()]) }
  }

  private static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .select(let index): state.selected = index
    case .listShows(let rows):
      state.rows = rows
      state.told.append(rows)
    }
    return .none
  }

  private func makeApp(effects: Store<State, Action>.EffectExecution = .live) -> NavigationApp<State, Action> {
    NavigationApp(
      initialState: State(), reducer: Self.reducer, effects: effects, wireframe: Wireframe(appTitle: "Test"),
      coordinator: Root())
  }

  /// The names a frame shows ("Name 12"), not the column's header ("Name").
  private func shownNames(_ frame: Frame) -> [String] {
    frame.lines.compactMap { line in
      let words = line.split(separator: " ")
      guard let at = words.firstIndex(of: "Name"), at + 1 < words.count, let number = Int(words[at + 1]) else {
        return nil
      }
      return "Name \(number)"
    }
  }

  /// At two heights, the screen learns the rows its list shows (the stage less the screen's own
  /// line and the list's header, counted by no one) from the first frame, which already shows
  /// the state that knows it; PgDn then moves by a page of them, PgUp back.
  @Test(arguments: [24, 40])
  func aWholeListPagesByTheRowsItShows(height: Int) {
    let size = Size(width: 40, height: height)
    let app = makeApp()
    app.start()
    app.handle(.resize(size))
    let frame = app.render(size: size)
    let shown = shownNames(frame).count
    #expect(shown == height - 2 - 2)
    #expect(app.store.state.told == [shown])
    app.handle(.input(.key(.pageDown)))
    #expect(app.store.state.selected == shown - 1)
    app.handle(.input(.key(.pageDown)))
    #expect(app.store.state.selected == 2 * (shown - 1))
    // The selection is kept in view: the last name shown.
    #expect(shownNames(app.render(size: size)).last == "Name \(2 * (shown - 1) + 1)")
    app.handle(.input(.key(.pageUp)))
    #expect(app.store.state.selected == shown - 1)
    // Told once: the rows did not change as the list moved.
    #expect(app.store.state.told == [shown])
  }

  /// A resize that changes what the list shows tells the screen again, once; one that does not
  /// (wider only) tells it nothing.
  @Test func theScreenIsToldAgainOnlyWhenTheRowsChange() {
    let app = makeApp()
    app.start()
    app.handle(.resize(Size(width: 40, height: 24)))
    _ = app.render(size: Size(width: 40, height: 24))
    app.handle(.resize(Size(width: 60, height: 24)))
    _ = app.render(size: Size(width: 60, height: 24))
    app.handle(.resize(Size(width: 60, height: 12)))
    _ = app.render(size: Size(width: 60, height: 12))
    _ = app.render(size: Size(width: 60, height: 12))
    #expect(app.store.state.told == [20, 8])
  }

  /// The rows reach the store as an answer of the outside world (recorded as such); a replay's
  /// app, whose store plays effects back, is not told them by drawing: its recording sends them.
  @Test func theRowsAreAnAnswerAndAReplayIsNotToldThem() {
    let app = makeApp()
    var origins: [Store<State, Action>.Origin] = []
    app.store.actionObserver = { _, origin, _ in origins.append(origin) }
    app.start()
    app.handle(.resize(Size(width: 40, height: 24)))
    _ = app.render(size: Size(width: 40, height: 24))
    #expect(origins == [.effect])

    let replayed = makeApp(effects: .playedBack)
    replayed.start()
    replayed.handle(.resize(Size(width: 40, height: 24)))
    _ = replayed.render(size: Size(width: 40, height: 24))
    #expect(replayed.store.state.told.isEmpty)
  }
}
