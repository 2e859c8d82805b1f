public import Navigation

/// Names the screens on stage from the route: a sign-in or sign-up form standing alone
/// (`auth/…`, see ``AuthScreen``), or the contacts (`contacts/…`, see ``ContactsCoordinator``);
/// and says who is signed in on the title bar.
public struct AppCoordinator: Coordinator {
  public init() {}

  public func stage(for state: AppState) -> Stage<AppState, AppAction> {
    switch AppRoute(state.route) {
    case .signIn: Stage([AuthScreen(mode: .signIn)], allowsSplit: false)
    case .signUp: Stage([AuthScreen(mode: .signUp)], allowsSplit: false)
    case let route?: Stage(ContactsCoordinator.screens(for: route), status: state.statusText)
    case nil: .empty
    }
  }
}

extension AppState {
  /// The right side of the title bar: a notice, else who is signed in.
  var statusText: String {
    guard let signedIn else { return "" }
    return signedIn.notice ?? signedIn.user.email
  }
}
