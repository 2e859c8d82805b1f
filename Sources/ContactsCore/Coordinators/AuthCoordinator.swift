import Flow
public import Navigation

/// Owns `auth/…`: the sign-in and sign-up screens.
@MainActor
public final class AuthCoordinator: Coordinator {
  private let context: ScreenContext
  private lazy var registry = context.makeRegistry()

  public init(context: ScreenContext) {
    self.context = context
  }

  public func start() {
    context.store.observe(self, select: { AppRoute($0.route) }) { coordinator, route in
      coordinator.show(route)
    }
  }

  public func stop() {
    context.store.unsubscribe(self)
    registry.removeAll()
  }

  private func show(_ route: AppRoute?) {
    let mode: AuthForm.Mode
    switch route {
    case .signIn: mode = .signIn
    case .signUp: mode = .signUp
    default: return
    }
    let key = mode == .signIn ? "auth/sign-in" : "auth/sign-up"
    let screens = registry.screens(for: [(key, { self.makeScreen(mode, key: key) })])
    context.wireframe.show(stack: screens, allowsSplit: false)
  }

  private func makeScreen(_ mode: AuthForm.Mode, key: String) -> any Screen {
    let store = context.store
    let screen = AuthScreen(mode: mode) { intent in
      switch intent {
      case .form(let action):
        store.send(mode == .signIn ? .signIn(action) : .signUp(action))
      case .switchForm:
        store.send(.route(.set((mode == .signIn ? AppRoute.signUp : .signIn).route)))
      case .quit:
        store.send(.quit)
      }
    }
    store.subscribe(screen, select: AuthScreen.select(mode))
    context.didBuild(screen, key)
    return screen
  }
}
