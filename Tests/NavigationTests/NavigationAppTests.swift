import Flow
import Navigation
import TerminalUI
import Testing

/// `NavigationApp` headless: the app's own events become the actions it was given, keys no
/// screen uses reach the root coordinator, Ctrl-C quits unless intercepted, and start and stop
/// start and stop the coordinator tree.
@MainActor
struct NavigationAppTests {
  enum Action: Equatable, Sendable {
    case started, resized(Size), tick
  }

  /// The root coordinator, recording what reaches it.
  final class Root: Coordinator {
    var isStarted = false
    var unused: [InputEvent] = []
    func start() { isStarted = true }
    func stop() { isStarted = false }
    func handleUnused(_ event: InputEvent) { unused.append(event) }
  }

  private static let reducer = Reducer<[Action], Action> { state, action in
    state.append(action)
    return .none
  }

  private func makeApp() -> (NavigationApp<[Action], Action>, Root) {
    let root = Root()
    let app = NavigationApp(
      initialState: [], reducer: Self.reducer, wireframe: Wireframe(appTitle: "Test"),
      events: .init(started: .started, resized: { .resized($0) }, tick: .tick)
    ) { _ in root }
    return (app, root)
  }

  @Test func startAndStopRunTheCoordinatorTreeAndEventsBecomeActions() {
    let (app, root) = makeApp()
    #expect(!root.isStarted, "nothing happens before start")
    app.start()
    #expect(root.isStarted)
    app.handle(.resize(Size(width: 30, height: 5)))
    app.handle(.tick)
    #expect(app.store.state == [.started, .resized(Size(width: 30, height: 5)), .tick])
    #expect(app.render(size: Size(width: 30, height: 5)).lines[0].contains("Test"))
    app.stop()
    #expect(!root.isStarted)
  }

  @Test func keysNoScreenUsesReachTheRootCoordinator() {
    let (app, root) = makeApp()
    app.start()
    app.handle(.input(.key(.escape)))
    app.handle(.input(.paste("x")))
    #expect(root.unused == [.key(.escape), .paste("x")])
    #expect(!app.didQuit)
  }

  @Test func controlCQuitsUnlessIntercepted() {
    let (app, root) = makeApp()
    app.start()
    var intercepted: [InputEvent] = []
    app.interceptsInput = { input in
      intercepted.append(input)
      return input == .key(.ctrl("c"))
    }
    app.handle(.input(.key(.ctrl("c"))))
    app.handle(.input(.key(.enter)))
    #expect(!app.didQuit)
    #expect(intercepted == [.key(.ctrl("c")), .key(.enter)])
    #expect(root.unused == [.key(.enter)], "what the interceptor declines goes on to the screens")
    app.interceptsInput = nil
    app.handle(.input(.key(.ctrl("c"))))
    #expect(app.didQuit)
    #expect(root.unused == [.key(.enter)])
  }

  @Test func onASessionEachBatchIsOneFrameAndQuittingEndsTheSession() {
    let root = Root()
    let app = NavigationApp(
      initialState: [], reducer: Self.reducer, wireframe: Wireframe(appTitle: "Test"),
      events: .init(started: .started, tick: .tick, animates: { $0.last == .started })
    ) { _ in root }
    let terminal = HeadlessTerminal(size: Size(width: 30, height: 5))
    let session = TerminalSession(
      backend: terminal, render: { app.render(size: $0) }, handle: { app.handle($0) })
    app.start(on: session)
    #expect(root.isStarted)
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
}
