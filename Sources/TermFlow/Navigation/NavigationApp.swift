public import Flow
public import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A multi-screen app on the terminal: a `Store`, a ``Wireframe`` and a ``Coordinator`` that
/// names the ``Screen``s the state calls for, run on a `TerminalSession`.
///
/// The glue every such app would otherwise write lives here once: live screens for the
/// declared ones (subscribed, drawn, torn down with the effects their ``Screen/onAppear(_:)``
/// started when they leave the stage), keys and pastes down one chain (the dialog, the focused screen's text field and key
/// map, the root coordinator's key map, the app's `keys`; see ``Wireframe/handle(_:)``),
/// resizes and animation ticks as actions, one frame per batch of actions, the
/// animation timer only while the state animates, Ctrl-C as a quit, idle reporting for pty
/// tests, stopping and giving the terminal back. The app ends when its reducer returns
/// `Effect.quit` (and steps aside as Ctrl-Z does on `Effect.suspend`), so quitting is decided
/// by state and asserted by `TestStore` like anything else.
///
/// ```swift
/// // main.swift
/// NavigationApp.main {
///   NavigationApp(
///     initialState: ItemsState(), reducer: itemsReducer, wireframe: Wireframe(appTitle: "Items"),
///     coordinator: ItemsCoordinator())
/// }
/// ```
///
/// It does no I/O of its own until ``run(logPath:)``: tests run the same object on a
/// `TerminalSession` over a `HeadlessTerminal` (``start(on:)``, then the session's `send(_:)`;
/// `HeadlessDriver` in `TermFlowTesting` does it for them), and a session replay drives it
/// directly (``start()``, ``handle(_:)``, ``render(size:)``).
@MainActor
public final class NavigationApp<State, Action: Sendable> {
  /// The actions the app sends for what happens to it rather than to a screen.
  public struct Events {
    /// Sent once the coordinators have started (say, to load what the first screen needs).
    public var started: Action?
    /// Sent when the terminal's size changes (and once at the start, with its size): for what
    /// the app as a whole lays out by the terminal's size. A screen that must know its own area
    /// (the terminal less the breadcrumb and help bar, or its pane of a split) declares
    /// ``Screen/resized(to:)`` instead, which the framework calls with that area.
    public var resized: ((Size) -> Action)?
    /// Sent on every tick of the animation timer, which runs while `animates` says so.
    public var tick: Action?
    /// Whether something on screen moves (a spinner): the timer runs only then.
    public var animates: (State) -> Bool

    public init(
      started: Action? = nil, resized: ((Size) -> Action)? = nil, tick: Action? = nil,
      animates: @escaping (State) -> Bool = { _ in false }
    ) {
      self.started = started
      self.resized = resized
      self.tick = tick
      self.animates = animates
    }
  }

  /// Where the app keeps its ``Dialog`` and the action that takes it away. The app shows the
  /// dialog over the stage, gives it the keyboard before any screen, and on an answer sends
  /// `dismiss`, then the button's action if it has one.
  /// A chooser's selected row is kept there too: `select` is the action that selects another
  /// (its reducer calls ``Dialog/select(_:)``); without it ↑ and ↓ do not move it.
  public struct Dialogs {
    @usableFromInline let current: (State) -> Dialog<Action>?
    @usableFromInline let dismiss: Action
    @usableFromInline let select: ((Int) -> Action)?
    @usableFromInline let isSame: (Dialog<Action>?, Dialog<Action>?) -> Bool
    @usableFromInline let show:
      @MainActor (Wireframe, Dialog<Action>?, ((Int) -> Void)?, @escaping (Action?) -> Void) -> Void

    @usableFromInline
    init(
      current: @escaping (State) -> Dialog<Action>?, dismiss: Action, select: ((Int) -> Action)?,
      isSame: @escaping (Dialog<Action>?, Dialog<Action>?) -> Bool,
      show: @escaping @MainActor (Wireframe, Dialog<Action>?, ((Int) -> Void)?, @escaping (Action?) -> Void) -> Void
    ) {
      self.current = current
      self.dismiss = dismiss
      self.select = select
      self.isSame = isSame
      self.show = show
    }
  }

  /// The app's store: its state (the route included), and where its actions go.
  public let store: Store<State, Action>
  /// Where the screens are presented.
  public let wireframe: Wireframe
  public let events: Events
  @usableFromInline let dialogs: Dialogs?
  /// Whether the app has quit (its reducer returned `Effect.quit`, or Ctrl-C went unanswered).
  public private(set) var didQuit = false

  /// Hears every event before the app handles it, with the state it arrives in (recording
  /// listens here).
  public var eventObserver: ((TerminalSession.Event, State) -> Void)?
  /// Sees each key and paste before the chain does, without taking it (to clear a notice on
  /// any key, say). Keys are taken only by key maps.
  public var willHandleInput: ((InputEvent) -> Void)?
  /// The app's own keys, last in the chain: what no dialog, screen or coordinator took. Ctrl-C
  /// quits unless a binding here (or above) answers it, with an action whose reducer asks
  /// first about unsaved work, say.
  public let keyMap: KeyMap<State, Action>
  /// Whether ``keyMap`` shows nothing in the help bar, whatever the state: worked out once.
  private let showsNoHelp: Bool

  private weak var session: TerminalSession?
  /// Sends an action into the store. Made where the app's types are known (the public init is
  /// inlinable), so keys reach the store's dispatch specialized for the app's state and actions
  /// rather than through its generic form.
  @usableFromInline let dispatch: (consuming Action) -> Void
  @usableFromInline let director: StageDirector<State, Action>
  /// Subscribes the stage, the dialog and the animation flag to the store: made by the public
  /// init too, so that what runs after every batch is compiled for the app's types.
  private let startObserving: (NavigationApp) -> Void

  /// Hears of every live screen the app builds for a declared screen, with the declaration:
  /// lifecycle tests track them with it.
  public var didBuildScreen: ((AnyObject, any Screen<State, Action>) -> Void)? {
    get { director.didBuild }
    set { director.didBuild = newValue }
  }

  /// The app for `initialState` and `reducer` (with `middleware`; `effects: .playedBack` for a
  /// replay), presenting on `wireframe` the screens `coordinator` names. `keyBindings` are the
  /// user's own keys: for a screen's key map by its ``Screen/keysName`` (and the dialogs' by
  /// ``DialogKeys/name``), new keys for its bindings by name (check them first with
  /// `KeyMap.problems(rebinding:)`); the help bar shows them. `reportsMouse` sets
  /// ``reportsMouse``.
  @inlinable
  public convenience init(
    initialState: State, reducer: Reducer<State, Action>, middleware: [Middleware<State, Action>] = [],
    effects: Store<State, Action>.EffectExecution = .live, wireframe: Wireframe, events: Events = Events(),
    dialogs: Dialogs? = nil, keys: KeyMap<State, Action> = KeyMap([]),
    keyBindings: [String: [String: [Key]]] = [:], coordinator: some Coordinator<State, Action>,
    reportsMouse: Bool = false
  ) {
    let store = Store(initialState: initialState, reducer: reducer, middleware: middleware, effects: effects)
    self.init(
      store: store, dispatch: { [unowned store] action in store.send(action) }, wireframe: wireframe, events: events,
      dialogs: dialogs, keys: keys, keyBindings: keyBindings, coordinator: coordinator,
      startObserving: { app in app.observeStore(following: coordinator) })
    self.reportsMouse = reportsMouse
  }

  @usableFromInline
  init(
    store: Store<State, Action>, dispatch: @escaping (consuming Action) -> Void, wireframe: Wireframe, events: Events,
    dialogs: Dialogs?, keys: KeyMap<State, Action>, keyBindings: [String: [String: [Key]]],
    coordinator: some Coordinator<State, Action>, startObserving: @escaping (NavigationApp) -> Void
  ) {
    self.store = store
    self.dispatch = dispatch
    self.wireframe = wireframe
    self.events = events
    self.dialogs = dialogs
    keyMap = keys
    showsNoHelp = keys.showsNoHelp
    wireframe.dialogKeyBindings = keyBindings[DialogKeys.name] ?? [:]
    director = StageDirector(store: store, dispatch: dispatch, wireframe: wireframe, keyBindings: keyBindings)
    self.startObserving = startObserving
    // The chain below the screens, fixed once: no cast or lookup per key.
    var responders: [any KeyResponder] = []
    if !coordinator.keys.bindings.isEmpty {
      responders.append(StateKeyResponder(keyMap: coordinator.keys, store: store, dispatch: dispatch))
    }
    wireframe.responders = responders + [self]
    wireframe.onRedrawNeeded = { [weak self] in self?.wireframeDidChange() }
    store.programRequestHandler = { [unowned self] request in
      switch request {
      case .quit: quit()
      case .suspend: session?.suspend()
      }
    }
  }

  /// Puts the first screens on stage and sends ``Events-swift.struct/started``. From here on
  /// every batch of actions the store reduces asks the session for a frame.
  public func start() {
    startObserving(self)
    if let started = events.started { dispatch(started) }
  }

  /// Follows `coordinator`'s stage, the dialog and whether the state animates.
  @inlinable
  func observeStore(following coordinator: some Coordinator<State, Action>) {
    director.start(coordinator)
    if let dialogs {
      store.observe(self, select: dialogs.current, skipRepeats: .when(dialogs.isSame)) { app, dialog in
        app.show(dialog, from: dialogs)
      }
    }
    // Not `select: { $0 }` skipping equal states: comparing the whole state after every key
    // costs more than drawing a frame that the renderer finds unchanged and does not write.
    // Whether it animates is read from the state the notification hands over, not from a copy
    // of the store's.
    store.observe(self, select: events.animates, skipRepeats: .never) { app, animates in
      app.stateDidChange(animates: animates)
    }
  }

  /// Shows `dialog` (none: takes it away); an answer sends the dismiss action, then the
  /// button's or the row's; a chooser's ↑ and ↓ send the app's select action.
  @usableFromInline
  func show(_ dialog: Dialog<Action>?, from dialogs: Dialogs) {
    let select = dialogs.select.map { select in { [unowned self] (row: Int) in dispatch(select(row)) } }
    dialogs.show(wireframe, dialog, select) { [unowned self] action in
      dispatch(dialogs.dismiss)
      if let action { dispatch(action) }
    }
  }

  /// Whether the terminal reports the mouse to the app while it runs (presses, releases, drags
  /// and the wheel; see ``Wireframe/handle(mouse:)``). Off unless the app asks: with it on, the
  /// terminal's own selection needs Shift held.
  public var reportsMouse = false {
    didSet { session?.reportsMouse = reportsMouse }
  }

  /// Runs first when the app stops: to end work that outlives the screens (a watch of the
  /// outside world, say).
  public var willStop: (() -> Void)?

  /// Tears every screen down and stops listening to the store.
  public func stop() {
    willStop?()
    director.stop()
    store.unsubscribe(self)
    wireframe.dismissModal()
  }

  /// Handles one event from the run loop (or from a test or a replay): keys and pastes go down
  /// the wireframe's chain (the dialog, the focused screen, the root coordinator, the app's
  /// keys); Ctrl-C that none of them took quits. Inlinable, so that the app's run loop
  /// compiles it for the app's types: a key is not handled by generic code. Never inlined:
  /// one copy however many callers, and profiles still show what handling a key costs.
  @inlinable
  @inline(never)
  public func handle(_ event: TerminalSession.Event) {
    eventObserver?(event, store.state)
    switch event {
    case .resize(let size):
      if let resized = events.resized { dispatch(resized(size)) }
      director.resize(to: size)
    case .tick:
      if let tick = events.tick { dispatch(tick) }
    case .input(.mouse(let mouse)):
      willHandleInput?(.mouse(mouse))
      wireframe.handle(mouse: mouse)
    case .input(let input):
      willHandleInput?(input)
      if !wireframe.handle(input), input == .key(.ctrl("c")) { quit() }
    }
  }

  /// The frame of the current state at `size`: what the terminal shows, and what tests snapshot.
  ///
  /// When a list on it shows another number of rows than its screen was told, the screen's
  /// ``Screen/list(_:showsRows:)`` action is reduced first and the frame drawn again from the
  /// state that knows, so the terminal never shows the list sized by a guess. A replay (its
  /// store plays effects back) is not told: the recording holds those actions as answers.
  public func render(size: Size) -> Frame {
    let frame = wireframe.render(size: size)
    guard store.effectExecution == .live, director.tellListRows(shownIn: frame) else { return frame }
    return wireframe.render(size: size)
  }

  /// Ends the app: the run loop stops with exit status 0.
  @usableFromInline
  func quit() {
    guard !didQuit else { return }
    didQuit = true
    session?.exit(status: 0)
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
    return run(in: session)
  }

  /// Runs on a session the caller made (to report a start failure its own way, or to set
  /// hooks such as `didDrawFrame` first): starts the app, sends the terminal's size, runs the
  /// loop, then calls `beforeStop` while the last screens are still up (to draw a last frame)
  /// and stops. Returns the session's exit status; the terminal is restored by then.
  public func run(in session: TerminalSession, beforeStop: () -> Void = {}) -> Int32 {
    start(on: session)
    if didQuit { session.exit(status: 0) }
    let status = session.run()
    beforeStop()
    stop()
    self.session = nil
    return status
  }

  /// Starts the app on `session` without running its loop and tells it the session's size (as
  /// ``Events-swift.struct/resized``): from here on every batch of actions asks the session for
  /// a frame, the animation flag follows ``Events-swift.struct/animates``, and quitting ends the
  /// session. What ``run(in:beforeStop:)`` does first, and what a session the caller drives
  /// (`TerminalSession(backend:render:handle:)`, as `HeadlessDriver` makes one) needs, since its
  /// events come from the caller rather than a loop: so the first frame headless is the
  /// program's first frame.
  public func start(on session: TerminalSession) {
    self.session = session
    session.reportsMouse = reportsMouse
    wireframe.colorDepth = session.backend.colorDepth
    session.reportsIdle(of: store)
    start()
    handle(.resize(session.size))
  }

  /// The whole of an app's `main.swift`: prepares the process (see
  /// `TerminalSession.prepareProcess()`), builds the app on the main actor, runs it and exits
  /// with its status.
  public nonisolated static func main(_ makeApp: @MainActor () -> NavigationApp) -> Never {
    TerminalSession.main { makeApp().run() }
  }

  /// Asks for a frame after a key changed what the wireframe shows by itself (the list of
  /// every key opened or closed): no action was sent, so no change of state asks for one.
  @usableFromInline
  func wireframeDidChange() {
    session?.setNeedsRender()
  }

  @usableFromInline
  func stateDidChange(animates: Bool) {
    guard let session else { return }
    session.isAnimating = animates
    session.setNeedsRender()
  }
}

extension NavigationApp: KeyResponder {
  public var keyContext: State { store.state }
  public func send(_ action: Action) { dispatch(action) }

  /// The app's entries in the help bar, asked for at every frame: none, without a look at the
  /// state or the map's type, when the map shows none (Ctrl-C alone, as a rule).
  public var help: [HelpItem] { showsNoHelp ? [] : keyMap.helpItems(in: store.state) }
}

/// The coordinator's keys in the chain: a map read against the whole state.
@MainActor
private final class StateKeyResponder<State, Action: Sendable>: KeyResponder {
  let keyMap: KeyMap<State, Action>
  private unowned let store: Store<State, Action>
  private let dispatch: (consuming Action) -> Void

  init(keyMap: KeyMap<State, Action>, store: Store<State, Action>, dispatch: @escaping (consuming Action) -> Void) {
    self.keyMap = keyMap
    self.store = store
    self.dispatch = dispatch
  }

  var keyContext: State { store.state }
  func send(_ action: Action) { dispatch(action) }
}

extension NavigationApp.Dialogs where Action: Equatable {
  /// The dialog `current` reads from the state, taken away by `dismiss`, a chooser's row
  /// selected by `select` (nil: the app offers no chooser, or keeps its first row selected).
  /// Inlinable, so that the comparison made after every batch is compiled for the app's actions.
  @MainActor
  @inlinable
  public init(
    _ current: @escaping (State) -> Dialog<Action>?, dismiss: Action, select: ((Int) -> Action)? = nil
  ) {
    self.init(
      current: current, dismiss: dismiss, select: select, isSame: { $0 == $1 },
      show: { wireframe, dialog, select, answer in wireframe.present(dialog, select: select, answer: answer) })
  }
}
