public import Flow
public import Navigation
import TerminalUI

/// The whole app, wired: the store with the app's reducer, the coordinator tree and the
/// wireframe, on the framework's app loop. It does no I/O of its own, so the same object runs
/// on a real terminal (`contacts`) and headless in tests.
public typealias ContactsApp = NavigationApp<AppState, AppAction>

extension NavigationApp where State == AppState, Action == AppAction {
  /// `effects: .playedBack` makes an app for replaying a recording: it starts no effects.
  /// `didBuild` hears of every screen a coordinator builds, with its route key.
  public convenience init(
    initialState: AppState, dependencies: AppDependencies, middleware: [Middleware<AppState, AppAction>] = [],
    effects: Store<AppState, AppAction>.EffectExecution = .live,
    didBuild: @escaping (AnyObject, String) -> Void = { _, _ in }
  ) {
    let wireframe = Wireframe(appTitle: "Address book")
    wireframe.splitMinimumWidth = AppState.splitMinimumWidth
    self.init(
      initialState: initialState, reducer: appReducer(dependencies), middleware: middleware, effects: effects,
      wireframe: wireframe,
      events: Events(started: .started, resized: { .resized($0) }, tick: .tick, animates: \.isBusy),
      dialogs: Dialogs(\.dialog, dismiss: .dismissDialog)
    ) { app in
      AppCoordinator(context: ScreenContext(store: app.store, wireframe: app.wireframe, didBuild: didBuild))
    }
    interceptsInput = { [unowned self] input in intercept(input) }
    // The database watch ends with the app, not only at sign-out.
    willStop = { [unowned self] in store.cancelEffects(id: SignedIn.watchEffectID) }
  }

  /// Any key clears a notice; Ctrl-C asks to quit (the reducer asks first about unsaved
  /// changes).
  private func intercept(_ input: InputEvent) -> Bool {
    if store.state.signedIn?.notice != nil, case .key = input { store.send(.clearNotice) }
    guard input == .key(.ctrl("c")) else { return false }
    store.send(.quit)
    return true
  }
}
