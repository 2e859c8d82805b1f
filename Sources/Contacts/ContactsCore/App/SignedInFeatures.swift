import ContactsModel
import Flow

/// The features that live while someone is signed in, each pulled back onto its part of
/// `SignedIn` (reached in place by a closure, not a key path: the parts are `@Indirect`) and its
/// case of `AppAction`: the list, the search, an open contact and the editor.
/// `appReducer` runs it for their actions and adds what crosses features (the preview pause, what
/// follows a save).
///
/// Built once per app, not per user or per key: the features are given a client that resolves
/// the signed-in user's client each time one of their effects calls it, for the user the effect
/// was started for (bound here, as the effects are returned), the way sync's effects resolve
/// `AppDependencies.sync(user)` when they run.
func signedInFeatures(_ dependencies: AppDependencies) -> Reducer<SignedIn, AppAction> {
  let client = ContactsClient.resolvedWhenRun(dependencies.contacts)
  let features = Reducer<SignedIn, AppAction>.combine(
    contactsBrowserReducer(client: client).pullback(state: { $1(&$0.browser) }, action: AppAction.browserPath),
    contactSearchReducer(client: client).pullback(state: { $1(&$0.search) }, action: AppAction.searchPath),
    contactDetailReducer(client: client).pullback(state: StatePath { $1(&$0.detail) }, action: AppAction.detailPath),
    contactEditorReducer(client: client).pullback(state: StatePath { $1(&$0.editor) }, action: AppAction.editorPath))
  return Reducer { signedIn, action in
    features.reduce(into: &signedIn, action: action).binding(SignedIn.$effectsUser, to: signedIn.user)
  }
}

extension SignedIn {
  /// The user a running effect of the signed-in features was started for (nil outside one).
  @TaskLocal static var effectsUser: SignedInUser?
}

extension ContactsClient {
  /// A client whose every call is made with `contacts(user)` for the user the running effect
  /// was started for (``SignedIn/effectsUser``): one client for every user, resolved when an
  /// effect runs. A call from outside such an effect fails in words.
  static func resolvedWhenRun(_ contacts: @escaping @Sendable (SignedInUser) -> ContactsClient) -> ContactsClient {
    @Sendable func resolved() throws(ContactSaveError) -> ContactsClient {
      guard let user = SignedIn.effectsUser else { throw .failed(ContactsClientError.noSignedInUser.description) }
      return contacts(user)
    }
    return ContactsClient(
      count: { try await resolved().count($0) },
      page: { try await resolved().page($0, $1, $2) },
      index: { try await resolved().index($0, $1) },
      contact: { try await resolved().contact($0) },
      search: { try await resolved().search($0, $1, $2) },
      books: { try await resolved().books() },
      insert: { draft throws(ContactSaveError) in try await resolved().insert(draft) },
      update: { id, draft, startedFrom throws(ContactSaveError) in try await resolved().update(id, draft, startedFrom)
      },
      delete: { try await resolved().delete($0) })
  }
}

extension AppAction {
  static let browserPath = ActionPath<AppAction, ContactsBrowserAction>(embed: AppAction.browser) {
    if case .browser(let action) = $0 { action } else { nil }
  }
  static let searchPath = ActionPath<AppAction, ContactSearchAction>(embed: AppAction.search) {
    if case .search(let action) = $0 { action } else { nil }
  }
  static let detailPath = ActionPath<AppAction, ContactDetailAction>(embed: AppAction.detail) {
    if case .detail(let action) = $0 { action } else { nil }
  }
  static let editorPath = ActionPath<AppAction, ContactEditorAction>(embed: AppAction.editor) {
    if case .editor(let action) = $0 { action } else { nil }
  }
}
