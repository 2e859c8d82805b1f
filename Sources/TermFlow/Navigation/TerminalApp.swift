public import Flow
public import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A single-screen app on the terminal: a `Store` whose state one ``Screen`` draws and whose
/// actions the screen's key map sends, run on a `TerminalSession` until it quits. The key map
/// is also the help bar on the bottom row. The glue every such app would
/// otherwise write (a synchronous main on the main actor, the backtracer's start-up, one frame
/// per batch of actions, Ctrl-C arriving as a key in raw mode, idle reporting for pty tests,
/// printing a start failure, restoring the terminal) lives here once.
///
/// ```swift
/// // main.swift
/// struct CounterScreen: Screen {
///   func select(_ state: Counter) -> Counter { state }
///   static let keys = KeyMap<Counter, CounterAction>([
///     KeyBinding(.character("+"), "Increment", .increment),
///     KeyBinding(.character("q"), "Quit", .quit),  // the reducer returns `.quit`: the app ends
///   ])
///   func title(_ state: Counter) -> String { "Counter" }
///   func body(_ state: Counter, isFocused: Bool) -> any View { Text("Count: \(state.count)") }
/// }
/// TerminalApp.main { TerminalApp(initialState: Counter(), reducer: counter, screen: CounterScreen()) }
/// ```
///
/// The app ends when its reducer returns `Effect.quit` (and steps aside as Ctrl-Z does when
/// it returns `Effect.suspend`), so a test asserts quitting with `TestStore` like any other
/// outcome of an action.
///
/// It does what a ``NavigationApp`` does for its screens: a list drawn with a control name tells
/// the screen how many rows it shows (``Screen/list(_:showsRows:)``), and `?` (F1 while the
/// screen's text field takes `?`) that the key map does not answer opens the list of every key
/// (``KeysOverlay``), which the help bar offers as `? More` when it cannot show them all.
///
/// It does no I/O until ``run(logPath:)``: a test builds one, feeds it events with
/// ``handle(_:)`` and snapshots ``render(size:)``, all headless.
@MainActor
public final class TerminalApp<State, Action: Sendable> {
  /// The app's store: its state, and where its actions go.
  public let store: Store<State, Action>
  /// The screen's view, help bar and the help bar's "More" entry in a state.
  private let draw: (State) -> (view: any View, help: [HelpItem], more: HelpItem)
  /// Every key that works in a state, hidden ones too: read only while their list is up.
  private let allKeys: (State) -> [HelpItem]
  /// The action the screen's key map makes of an event in a state.
  private let intent: (InputEvent, State) -> Action?
  /// The screen's action for a list that shows this many rows (``Screen/list(_:showsRows:)``).
  private let listShows: (String, Int) -> Action?
  /// The rows each named list was last said to show.
  private var listRows: [String: Int] = [:]
  private weak var session: TerminalSession?

  /// Whether the list of every key that works now (``KeysOverlay``) is up over the screen.
  /// `?`, or F1, that the key map does not answer opens it; any key closes it.
  public private(set) var showsAllKeys = false {
    didSet { if showsAllKeys != oldValue { session?.setNeedsRender() } }
  }

  /// Whether the app has quit (its reducer returned `Effect.quit`, or Ctrl-C went unanswered).
  public private(set) var didQuit = false

  /// The app's looks (see `Theme`), mapped down to what the terminal shows when it runs.
  public var theme = Theme.standard {
    didSet { drawnTheme = theme.adapted(to: colorDepth) }
  }
  /// What the terminal shows: set by ``run(logPath:)`` from the terminal it takes over.
  public var colorDepth = ColorDepth.trueColor {
    didSet { drawnTheme = theme.adapted(to: colorDepth) }
  }
  private var drawnTheme = Theme.standard

  /// An app whose `screen` draws the state above the help bar of its key map (the whole
  /// terminal when no binding shows), and whose key map says which action each key sends.
  /// Ctrl-C quits unless the map answers it; pastes go to a text field the map declares, else
  /// nowhere.
  public init<Declared: Screen<State, Action>>(
    initialState: State, reducer: Reducer<State, Action>, screen: Declared
  ) {
    store = Store(initialState: initialState, reducer: reducer)
    let keys = Declared.keys
    draw = { state in
      let model = screen.select(state)
      let more =
        keys.takesAsText(Wireframe.moreKeys[0], in: model) ? Wireframe.moreByFunctionKey : Wireframe.moreByQuestionMark
      return (screen.body(model, isFocused: true), keys.helpItems(in: model), more)
    }
    allKeys = { state in
      keys.activeBindings(in: screen.select(state)).filter { !$0.keys.isEmpty }.map(\.helpItem)
    }
    intent = { event, state in keys.intent(for: event, in: screen.select(state)) }
    listShows = screen.list(_:showsRows:)
    store.programRequestHandler = { [unowned self] request in
      switch request {
      case .quit: quit()
      case .suspend: session?.suspend()
      }
    }
  }

  /// The frame of the current state at `size`: what the terminal shows, and what tests snapshot.
  ///
  /// When a list on it shows another number of rows than the screen was last told, the
  /// screen's ``Screen/list(_:showsRows:)`` action is reduced first and the frame drawn again
  /// from the state that knows.
  public func render(size: Size) -> Frame {
    let frame = draw(size: size)
    return tellListRows(shownIn: frame) ? draw(size: size) : frame
  }

  private func draw(size: Size) -> Frame {
    let (view, help, more) = draw(store.state)
    guard !help.isEmpty || showsAllKeys else { return view.frame(size: size, theme: drawnTheme) }
    let bar = showsAllKeys ? HelpBar([Wireframe.closeAllKeys]) : HelpBar(help, more: more)
    var frame = VStack([.fill(view), .fixed(1, bar)]).frame(size: size, theme: drawnTheme)
    if showsAllKeys {
      frame.cursor = nil
      KeysOverlay(allKeys(store.state)).render(into: &frame, in: frame.bounds)
    }
    return frame
  }

  /// Sends the screen's action for each named list whose rows changed; whether any was sent.
  private func tellListRows(shownIn frame: Frame) -> Bool {
    var told = false
    for list in frame.shownLists where listRows[list.control] != list.rows {
      listRows[list.control] = list.rows
      if let action = listShows(list.control, list.rows) {
        store.send(action)
        told = true
      }
    }
    return told
  }

  /// Handles one event from the run loop (or from a test): keys and pastes go through the key
  /// map; `?` or F1 that it does not answer opens the list of every key, and while that is up
  /// any key closes it and goes no further (but Ctrl-C).
  public func handle(_ event: TerminalSession.Event) {
    guard !didQuit, case .input(let input) = event else { return }
    if showsAllKeys, case .key(let key) = input {
      showsAllKeys = false
      if key != .ctrl("c") { return }
    }
    if let action = intent(input, store.state) {
      store.send(action)
    } else if input == .key(.ctrl("c")) {
      quit()
    } else if case .key(let key) = input, Wireframe.moreKeys.contains(key) {
      showsAllKeys = true
    }
  }

  /// Sends each key to ``handle(_:)`` in order, as if typed: for tests.
  public func press(_ keys: Key...) {
    for key in keys { handle(.input(.key(key))) }
  }

  /// Takes over the terminal, runs until the app quits or a terminating signal arrives, and
  /// gives the terminal back; returns the exit status (0 after quitting, 128 + n after signal
  /// n). When the terminal cannot be taken over (not a tty, `TERM=dumb`, ...), prints one line
  /// naming the program and the reason on stderr and returns 1. With `logPath`, stray output to
  /// stdout and stderr goes to that file while the screen is up.
  public func run(logPath: String? = nil) -> Int32 {
    guard
      let session = TerminalSession.start(
        logPath: logPath, render: { [unowned self] size in render(size: size) },
        handle: { [unowned self] event in handle(event) })
    else { return 1 }
    self.session = session
    colorDepth = session.backend.colorDepth
    // One frame per batch of actions: the store notifies once per batch.
    store.observe(self, select: { _ in () }, skipRepeats: .never) { app, _ in app.session?.setNeedsRender() }
    session.reportsIdle(of: store)
    if didQuit { session.exit(status: 0) }
    let status = session.run()
    store.unsubscribe(self)
    self.session = nil
    return status
  }

  /// The whole of an app's `main.swift`: prepares the process (see
  /// `TerminalSession.prepareProcess()`), builds the app on the main actor, runs it and exits
  /// with its status.
  public nonisolated static func main(_ makeApp: @MainActor () -> TerminalApp) -> Never {
    TerminalSession.main { makeApp().run() }
  }

  private func quit() {
    didQuit = true
    session?.exit(status: 0)
  }
}
