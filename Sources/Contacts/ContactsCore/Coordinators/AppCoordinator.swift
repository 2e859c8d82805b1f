public import Navigation

/// Names the screens on stage from the route: a sign-in or sign-up form standing alone
/// (`auth/…`, see ``AuthScreen``), or the contacts (`contacts/…`, see ``ContactsCoordinator``);
/// and says who is signed in on the title bar.
public struct AppCoordinator: Coordinator {
  /// The sync screen's password field, kept outside the store (see ``ServerPasswordEntry``).
  let serverPassword: ServerPasswordEntry
  /// The list's columns (the config file's `[list] columns`).
  let listColumns: [ContactsListColumn]

  public init(
    serverPassword: ServerPasswordEntry = ServerPasswordEntry(),
    listColumns: [ContactsListColumn] = ContactsListColumn.allCases
  ) {
    self.serverPassword = serverPassword
    self.listColumns = listColumns
  }

  public func stage(for state: AppState) -> Stage<AppState, AppAction> {
    switch AppRoute(state.route) {
    case .signIn: Stage([AuthScreen(mode: .signIn)], allowsSplit: false)
    case .signUp: Stage([AuthScreen(mode: .signUp)], allowsSplit: false)
    case let route?:
      Stage(
        ContactsCoordinator.screens(for: route, serverPassword: serverPassword, listColumns: listColumns),
        status: state.statusText)
    case nil: .empty
    }
  }
}

extension AppState {
  /// The right side of the title bar: a notice, else who is signed in and, when the account
  /// syncs, how that goes.
  var statusText: String {
    guard let signedIn else { return "" }
    if let notice = signedIn.notice { return notice }
    guard let sync = signedIn.sync.headerText else { return signedIn.user.email }
    return "\(signedIn.user.email) · \(sync)"
  }
}
