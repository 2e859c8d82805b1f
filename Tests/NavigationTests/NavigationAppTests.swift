import Flow
import Navigation
import TerminalUI
import Testing

/// `NavigationApp` headless: the app's own events become the actions it was given, keys go down
/// the chain (screen, root coordinator, the app's keys) and show in one help bar, Ctrl-C quits
/// unless a key map answers it, and start and stop start and stop the coordinator tree.
@MainActor
struct NavigationAppTests {
  enum Action: Equatable, Sendable {
    case started, resized(Size), tick, screen(Key), coordinator(Key), app(Key), area(Size)
  }

  /// The root coordinator, with a key map of its own: it puts the leaf on stage once started.
  struct Root: Coordinator {
    func stage(for state: [Action]) -> Stage<[Action], Action> { Stage([Leaf()]) }
    let keys = KeyMap<[Action], Action>([
      KeyBinding([.escape, .character("x")], "Back", shownAs: "Esc") { key, _ in .coordinator(key) }
    ])
  }

  /// A screen that binds `s` and `x`.
  struct Leaf: Screen {
    func select(_ state: [Action]) -> Int { 0 }
    static let keys = KeyMap<Int, Action>([
      KeyBinding([.character("s"), .character("x")], "Screen") { key, _ in .screen(key) }
    ])
    func title(_ model: Int) -> String { "Leaf" }
    func body(_ model: Int, isFocused: Bool) -> any View { Text("Leaf") }
  }

  /// A screen that says the size of the area it is given.
  struct Measured: Screen {
    func select(_ state: [Action]) -> Int { 0 }
    static let keys = KeyMap<Int, Action>([])
    func title(_ model: Int) -> String { "Measured" }
    func body(_ model: Int, isFocused: Bool) -> any View { Text("Measured") }
    func resized(to area: Size) -> Action? { .area(area) }
  }

  struct MeasuredRoot: Coordinator {
    func stage(for state: [Action]) -> Stage<[Action], Action> { Stage([Measured()]) }
  }

  private static let appKeys = KeyMap<[Action], Action>([
    KeyBinding([.character("a"), .character("s")], "App") { key, _ in .app(key) },
    KeyBinding(.ctrl("c"), "Quit", .app(.ctrl("c")), hidden: true, when: { $0.count < 6 }),
  ])

  private static let reducer = Reducer<[Action], Action> { state, action in
    state.append(action)
    return .none
  }

  private func makeApp(keys: KeyMap<[Action], Action> = KeyMap([])) -> NavigationApp<[Action], Action> {
    NavigationApp(
      initialState: [], reducer: Self.reducer, wireframe: Wireframe(appTitle: "Test"),
      events: .init(started: .started, resized: { .resized($0) }, tick: .tick), keys: keys, coordinator: Root())
  }

  @Test func startAndStopPutTheStageUpAndTakeItDownAndEventsBecomeActions() {
    let app = makeApp()
    #expect(app.wireframe.stack.isEmpty, "nothing happens before start")
    app.start()
    #expect(app.wireframe.stack.map(\.title) == ["Leaf"])
    app.handle(.resize(Size(width: 30, height: 5)))
    app.handle(.tick)
    #expect(app.store.state == [.started, .resized(Size(width: 30, height: 5)), .tick])
    #expect(app.render(size: Size(width: 30, height: 5)).lines[0].contains("Test"))
    app.stop()
    #expect(app.wireframe.stack.isEmpty)
    #expect(app.store.subscriptionCount == 0)
  }

  @Test func aKeyGoesToTheFirstKeyMapDownTheChainThatBindsIt() {
    let app = makeApp(keys: Self.appKeys)
    app.start()
    for key in [Key.character("s"), .character("x"), .escape, .character("a"), .character("z")] {
      app.handle(.input(.key(key)))
    }
    #expect(
      app.store.state == [
        .started, .screen(.character("s")), .screen(.character("x")), .coordinator(.escape), .app(.character("a")),
      ],
      "the screen before the coordinator before the app; z goes nowhere")
    #expect(
      app.wireframe.help == [
        HelpItem(key: "s/x", label: "Screen", keys: [.character("s"), .character("x")]),
        HelpItem(key: "Esc", label: "Back", keys: [.escape, .character("x")]),
        HelpItem(key: "a/s", label: "App", keys: [.character("a"), .character("s")]),
      ], "the help bar is the chain's maps in order; hidden bindings stay out")
    app.wireframe.show(stack: [])
    app.handle(.input(.key(.character("x"))))
    #expect(app.store.state.last == .coordinator(.character("x")), "with no screen, the coordinator is first")
    #expect(!app.didQuit)
  }

  @Test func controlCQuitsUnlessAKeyMapAnswersIt() {
    let app = makeApp(keys: Self.appKeys)
    app.start()
    var seen: [InputEvent] = []
    app.willHandleInput = { seen.append($0) }
    app.handle(.input(.key(.ctrl("c"))))
    #expect(!app.didQuit)
    #expect(app.store.state.last == .app(.ctrl("c")))
    #expect(seen == [.key(.ctrl("c"))], "the observer sees keys without taking them")
    while app.store.state.count < 6 { app.handle(.input(.key(.character("a")))) }
    app.handle(.input(.key(.ctrl("c"))))
    #expect(app.didQuit, "once no binding answers it, Ctrl-C quits")
  }

  /// Opening and closing the list of every key sends no action, yet each is drawn at once: the
  /// wireframe asks its app for the frame (`Wireframe.onRedrawNeeded`).
  @Test func theListOfEveryKeyOpensAndClosesInAFrameOfItsOwn() {
    let app = NavigationApp(
      initialState: [], reducer: Self.reducer, wireframe: Wireframe(appTitle: "Test"), coordinator: Root())
    let terminal = HeadlessTerminal(size: Size(width: 40, height: 12))
    let session = TerminalSession(
      backend: terminal, render: { app.render(size: $0) }, handle: { app.handle($0) })
    app.start(on: session)
    let before = session.framesRendered
    session.send(.input(.key(.character("?"))))
    #expect(app.wireframe.showsAllKeys)
    #expect(session.framesRendered == before + 1)
    #expect(terminal.screen.lines.contains { $0.contains("Keys") })
    session.send(.input(.key(.escape)))
    #expect(!app.wireframe.showsAllKeys)
    #expect(session.framesRendered == before + 2)
    #expect(!terminal.screen.lines.contains { $0.contains("Keys") })
    app.stop()
  }

  @Test func onASessionEachBatchIsOneFrameAndQuittingEndsTheSession() {
    let app = NavigationApp(
      initialState: [], reducer: Self.reducer, wireframe: Wireframe(appTitle: "Test"),
      events: .init(started: .started, tick: .tick, animates: { $0.last == .started }), coordinator: Root())
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 5))
    let session = TerminalSession(
      backend: terminal, render: { app.render(size: $0) }, handle: { app.handle($0) })
    app.start(on: session)
    #expect(app.wireframe.stack.count == 1)
    #expect(session.isAnimating, "the animation flag follows the state")
    #expect(session.framesRendered == 0, "a session the caller drives draws when a turn ends")
    session.send(.tick)
    #expect(session.framesRendered == 1)
    #expect(!session.isAnimating)
    #expect(terminal.screen.lines[0].contains("Test"))
    session.send(.input(.key(.ctrl("c"))))
    #expect(app.didQuit)
    #expect(session.exitStatus == 0)
    app.stop()
  }

  /// A screen learns its area, not the terminal's size: the stage between the bars, then the
  /// left pane once a wide terminal splits it.
  @Test func aScreenIsToldTheSizeOfItsAreaWhenItComesOnStageAndOnEachResize() {
    let app = NavigationApp(
      initialState: [], reducer: Self.reducer, wireframe: Wireframe(appTitle: "Test"), coordinator: MeasuredRoot())
    app.start()
    #expect(app.store.state.isEmpty, "no size is known before the terminal's")
    app.handle(.resize(Size(width: 30, height: 5)))
    #expect(app.store.state == [.area(Size(width: 30, height: 3))])
    app.handle(.resize(Size(width: 140, height: 10)))
    #expect(app.store.state.last == .area(Size(width: 56, height: 8)))
    app.stop()
  }
}
