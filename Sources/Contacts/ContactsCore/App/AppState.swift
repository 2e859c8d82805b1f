public import ContactsModel
public import Flow
public import Navigation
public import TerminalUI

/// Everything the app shows, as one value: any screen can be rebuilt from it, snapshot-tested
/// and replayed.
///
/// The session is type-enforced: signed out there are only the auth forms; signed in there
/// are the user, the contacts browser, the detail and the editor — no user data can outlive
/// sign-out, because it has nowhere to live.
public struct AppState: Equatable, Sendable {
  public var route: Route
  /// A deep link that needs a signed-in user, kept through sign-in and then resumed.
  public var pendingRoute: Route?
  public var session: Session
  /// The terminal's size (whether the list has a preview beside it depends on its width).
  public var size: Size
  /// Rows the contacts list shows: what its table last said it showed (see
  /// ``ContactsBrowserScreen/list(_:showsRows:)``), until then a guess.
  public var listRows = 20
  /// Advanced by the run loop's animation timer while something is busy (spinners).
  public var tick = 0
  /// The question or message over the stage (delete, discard, sign out, quit, a failure); its
  /// buttons carry the actions they send.
  public var dialog: Dialog<AppAction>?

  // Indirect: each case's payload lives in a box, so copying the state (its subscribers, the
  // recorder and the key maps read it several times a key) retains one reference instead of
  // copying both forms or the whole signed-in state field by field.
  public indirect enum Session: Equatable, Sendable {
    case signedOut(SignedOut)
    case signedIn(SignedIn)
  }

  /// Starts signed out at `route` (a deep link), or on the sign-in form.
  public init(route: AppRoute = .signIn, size: Size = Size(width: 80, height: 24)) {
    self.size = size
    session = .signedOut(SignedOut())
    if route.requiresSignIn {
      self.route = AppRoute.signIn.route
      pendingRoute = route.route
    } else {
      self.route = route.route
    }
  }

  public var appRoute: AppRoute? { AppRoute(route) }

  public var signedOut: SignedOut? {
    get { if case .signedOut(let value) = session { value } else { nil } }
    set { if let newValue { session = .signedOut(newValue) } }
  }

  public var signedIn: SignedIn? {
    get { if case .signedIn(let value) = session { value } else { nil } }
    set { if let newValue { session = .signedIn(newValue) } }
  }

  /// Runs `change` on the signed-in state, if signed in, with no part of it shared: the session
  /// lets go of it first, so that what `change` writes is written in place rather than into
  /// copies of the arrays it shares with the session (a typed key writes the editor's form).
  mutating func changeSignedIn<Result>(_ change: (inout SignedIn) -> Result) -> Result? {
    guard case .signedIn(var signedIn) = session else { return nil }
    session = .signedOut(SignedOut.whileChanging)
    defer { session = .signedIn(signedIn) }
    return change(&signedIn)
  }

  /// Whether a spinner is turning somewhere, so the run loop should send ticks.
  public var isBusy: Bool {
    switch session {
    case .signedOut(let forms):
      return forms.signIn.isSubmitting || forms.signUp.isSubmitting
    case .signedIn(let state):
      return state.isBusy
    }
  }

  /// The narrowest terminal on which the list stands beside its detail (the wireframe's split).
  public static let splitMinimumWidth = 120

  /// Whether the list, when on stage, stands beside a preview pane.
  var showsPreview: Bool { size.width >= Self.splitMinimumWidth }
}

/// Signed out: the two forms.
public struct SignedOut: Equatable, Sendable {
  public var signIn = AuthForm(.signIn)
  public var signUp = AuthForm(.signUp)

  public init() {}

  /// What the session holds for the moment the signed-in state is changed in place
  /// (``AppState/changeSignedIn(_:)``): made once.
  static let whileChanging = SignedOut()
}

/// Signed in: the user and their contacts.
///
/// Each feature's state is kept out of line (``Indirect``): screens' selectors, the help bar's
/// conditions and the title bar read the signed-in state several times an action, and a copy of
/// it then copies a reference a feature, not every array and string of every feature. The one a
/// key writes is written in place (``AppState/changeSignedIn(_:)``).
public struct SignedIn: Equatable, Sendable {
  public var user: SignedInUser
  @Indirect public var browser = ContactsBrowser()
  @Indirect public var search = ContactSearch()
  /// The contact on the detail screen, while the route shows one.
  @Indirect public var detail: ContactDetail? = nil
  /// The form, while the route shows one.
  @Indirect public var editor: ContactEditor? = nil
  /// A short message in the status bar ("Saved “Ada Lovelace”"), cleared by the next key.
  public var notice: String?
  /// What the pane beside the list shows on a wide terminal.
  public var preview = ContactPreview.showsSelection
  /// The account's link to a CardDAV server, and what sync is doing.
  @Indirect public var sync = SyncState()
  /// The Duplicates screen: the groups found, the pair on screen, the last merge.
  @Indirect public var duplicates = DuplicatesState()

  public init(user: SignedInUser) {
    self.user = user
  }

  /// The contact under the list's selection: in the search results while searching.
  public var selectedContact: Contact? {
    search.isActive ? search.selectedContact : browser.selectedContact
  }

  /// Whether a spinner is turning somewhere (see ``AppState/isBusy``). Asked after every batch:
  /// one question a statement, as `||` would wrap each in a closure holding a copy of the whole
  /// signed-in state (in a debug build).
  var isBusy: Bool {
    if browser.count.isLoading { return true }
    if search.isSearching { return true }
    if detail?.contact.isLoading == true { return true }
    if editor?.isLoading == true { return true }
    if editor?.form.isBusy == true { return true }
    if sync.isRunning { return true }
    if sync.setup.form.isBusy { return true }
    if sync.setup.status == .linking { return true }
    return duplicates.isBusy
  }
}
