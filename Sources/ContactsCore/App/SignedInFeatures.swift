import ContactsModel
public import Flow
import Synchronization

/// The features that live while someone is signed in, each pulled back onto its part of
/// `SignedIn` and its case of `AppAction`: the list, the search, an open contact and the editor.
/// `appReducer` runs it for their actions and adds what crosses features (the preview pause, what
/// follows a save).
public func signedInFeatures(client: ContactsClient) -> Reducer<SignedIn, AppAction> {
  .combine(
    contactsBrowserReducer(client: client).pullback(state: \.browser, action: AppAction.browserPath),
    contactSearchReducer(client: client).pullback(state: \.search, action: AppAction.searchPath),
    contactDetailReducer(client: client).pullback(state: StatePath(\.detail), action: AppAction.detailPath),
    contactEditorReducer(client: client).pullback(state: StatePath(\.editor), action: AppAction.editorPath))
}

/// ``signedInFeatures(client:)`` built once per signed-in user, not on every action: a key
/// reduces with the reducer its user's sign-in built.
final class SignedInFeaturesCache: Sendable {
  private let contacts: @Sendable (SignedInUser) -> ContactsClient
  private let built = Mutex<(user: SignedInUser, reducer: Reducer<SignedIn, AppAction>)?>(nil)

  init(contacts: @escaping @Sendable (SignedInUser) -> ContactsClient) {
    self.contacts = contacts
  }

  func reducer(for user: SignedInUser) -> Reducer<SignedIn, AppAction> {
    built.withLock { built in
      if let built, built.user == user { return built.reducer }
      let reducer = signedInFeatures(client: contacts(user))
      built = (user, reducer)
      return reducer
    }
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
