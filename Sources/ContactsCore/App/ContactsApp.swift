public import Flow
public import Navigation
public import TerminalUI

/// The whole app, wired: the store with the app's reducer, the coordinator tree and the
/// wireframe. It takes the run loop's events and draws frames; it does no I/O of its own, so
/// the same object runs on a real terminal (`contacts`) and headless in tests.
@MainActor
public final class ContactsApp {
  public let store: Store<AppState, AppAction>
  public let wireframe: Wireframe
  public private(set) var coordinator: AppCoordinator!
  /// Set once the user has asked to quit.
  public private(set) var didQuit = false
  /// Called when the user quits (the run loop ends the session).
  public var onQuit: () -> Void = {}
  /// Called after every batch of actions the store has reduced: time to draw a frame (one
  /// that changed nothing draws nothing).
  public var onChange: () -> Void = {}

  /// Hears every event before the app handles it, with the state it arrives in (recording).
  public var inputObserver: ((TerminalSession.Event, AppState) -> Void)?

  /// `effects: .playedBack` makes an app for replaying a recording: it starts no effects.
  public init(
    initialState: AppState, dependencies: AppDependencies, middleware: [Middleware<AppState, AppAction>] = [],
    effects: Store<AppState, AppAction>.EffectExecution = .live,
    didBuild: @escaping (AnyObject, String) -> Void = { _, _ in }
  ) {
    store = Store(
      initialState: initialState, reducer: appReducer(dependencies), middleware: middleware, effects: effects)
    wireframe = Wireframe(appTitle: "Address book")
    wireframe.splitMinimumWidth = AppState.splitMinimumWidth
    let context = ScreenContext(store: store, wireframe: wireframe, didBuild: didBuild)
    coordinator = AppCoordinator(context: context) { [weak self] in self?.quit() }
  }

  /// Puts the first screen on stage and starts the app's own work (prefilling the last email).
  public func start() {
    coordinator.start()
    // Not `select: { $0 }` skipping equal states: comparing the whole state after every key
    // cost more than drawing a frame that the renderer finds unchanged and does not write.
    store.observe(self, select: { _ in () }, skipRepeats: .never) { app, _ in app.onChange() }
    store.send(.started)
  }

  public func stop() {
    // The database watch ends with the app, not only at sign-out.
    store.cancelEffects(id: SignedIn.watchEffectID)
    coordinator.stop()
    store.unsubscribe(self)
  }

  /// Whether a spinner is turning: the run loop sends ticks only then.
  public var isBusy: Bool { store.state.isBusy }

  public func handle(_ event: TerminalSession.Event) {
    inputObserver?(event, store.state)
    switch event {
    case .resize(let size):
      store.send(.resized(size))
    case .tick:
      store.send(.tick)
    case .input(let input):
      handle(input)
    }
  }

  private func handle(_ input: InputEvent) {
    if store.state.signedIn?.notice != nil, case .key = input { store.send(.clearNotice) }
    if input == .key(.ctrl("c")) {
      requestQuit()
      return
    }
    if !wireframe.handle(input) { coordinator.handleUnused(input) }
  }

  /// Ctrl-C quits at once, unless the editor holds unsaved changes: then it asks.
  private func requestQuit() {
    guard store.state.signedIn?.editor?.hasChanges == true, store.state.route.modal == nil else {
      quit()
      return
    }
    store.send(
      .route(
        .present(
          ModalRoute(
            id: "quit", kind: .confirmation(confirm: "Quit", cancel: "Keep editing"), title: "Quit?",
            message: "Your changes to this contact have not been saved."))))
  }

  private func quit() {
    guard !didQuit else { return }
    didQuit = true
    onQuit()
  }

  public func render(size: Size) -> Frame {
    wireframe.render(size: size)
  }
}
