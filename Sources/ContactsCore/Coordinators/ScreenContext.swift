public import Flow
public import Navigation

/// What every coordinator of the app shares: the store, the wireframe, and a hook that hears
/// about each screen built (lifecycle tests track them with it).
@MainActor
public struct ScreenContext {
  public let store: Store<AppState, AppAction>
  public let wireframe: Wireframe
  public let didBuild: (AnyObject, String) -> Void
  /// The sync screen's password field, kept outside the store.
  public let serverPassword: ServerPasswordEntry

  public init(
    store: Store<AppState, AppAction>, wireframe: Wireframe,
    serverPassword: ServerPasswordEntry = ServerPasswordEntry(),
    didBuild: @escaping (AnyObject, String) -> Void = { _, _ in }
  ) {
    self.store = store
    self.wireframe = wireframe
    self.serverPassword = serverPassword
    self.didBuild = didBuild
  }

  /// A registry whose teardown unsubscribes the screen and cancels the effects started under
  /// its route key.
  func makeRegistry() -> ScreenRegistry {
    ScreenRegistry { [store] key, screen in
      store.unsubscribe(screen)
      store.cancelEffects(id: key)
    }
  }
}
