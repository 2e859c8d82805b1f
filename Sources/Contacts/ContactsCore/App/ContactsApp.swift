public import Flow
public import Navigation
public import TerminalUI

/// The whole app, wired: the store with the app's reducer, the coordinator tree and the
/// wireframe, on the framework's app loop. It does no I/O of its own, so the same object runs
/// on a real terminal (`contacts`) and headless in tests.
public typealias ContactsApp = NavigationApp<AppState, AppAction>

extension NavigationApp where State == AppState, Action == AppAction {
  /// `effects: .playedBack` makes an app for replaying a recording: it starts no effects.
  /// `theme` is its looks (one of `Theme.builtIn`, or the user's own), mapped down to the
  /// terminal's colours as it runs. `keyBindings` are the user's own keys for the screens'
  /// bindings (see ``ContactsKeyMaps``), checked before; `listColumns` the list's columns.
  /// `mouse`: whether the terminal reports the mouse (the wheel scrolls, a click selects,
  /// focuses or presses, a double click opens); off, the terminal's own selection works without
  /// Shift.
  public convenience init(
    initialState: AppState, dependencies: AppDependencies, middleware: [Middleware<AppState, AppAction>] = [],
    effects: Store<AppState, AppAction>.EffectExecution = .live, theme: Theme = .dark,
    keyBindings: [String: [String: [Key]]] = [:], listColumns: [ContactsListColumn] = ContactsListColumn.allCases,
    mouse: Bool = true
  ) {
    let wireframe = Wireframe(appTitle: "Address book", theme: theme)
    wireframe.splitMinimumWidth = AppState.splitMinimumWidth
    self.init(
      initialState: initialState, reducer: appReducer(dependencies), middleware: middleware, effects: effects,
      wireframe: wireframe,
      // A closure, not the key path `\.isBusy`: applying a key path copies the whole state first.
      events: Events(started: .started, resized: { .resized($0) }, tick: .tick, animates: { $0.isBusy }),
      dialogs: Dialogs(\.dialog, dismiss: .dismissDialog, select: AppAction.selectInDialog),
      // Ctrl-C asks to quit wherever no screen took it (the reducer asks first about unsaved
      // changes).
      keys: KeyMap([KeyBinding(.ctrl("c"), "Quit", .quit, hidden: true)]), keyBindings: keyBindings,
      coordinator: AppCoordinator(serverPassword: dependencies.serverPassword, listColumns: listColumns))
    reportsMouse = mouse
    // Any key clears a notice, and still does what it does.
    willHandleInput = { [unowned self] input in
      if store.state.signedIn?.notice != nil, case .key = input { store.send(.clearNotice) }
    }
    // The database watch and sync's timer end with the app, not only at sign-out; a sync
    // stopped half-way is taken up by the next one.
    willStop = { [unowned self] in
      for id in [SignedIn.watchEffectID] + SyncState.effectIDs { store.cancelEffects(id: id) }
    }
  }
}
