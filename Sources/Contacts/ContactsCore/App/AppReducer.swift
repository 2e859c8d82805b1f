import ContactsModel
public import Flow
import Navigation
import TerminalUI

/// The app's reducer: the features' reducers, scoped to the session they belong to, plus the
/// moves between them — sign-in, sign-out, saves and deletes — and the rule that keeps the
/// route and the session consistent.
///
/// The route is the truth about where the app is; this reducer derives the detail and editor
/// state from it (and starts their loads), so a deep link, a key press and a replayed
/// recording all reach a screen the same way.
///
/// Built once, whoever signs in: every effect resolves the signed-in user's clients when it
/// runs, for the user it was started for.
public func appReducer(_ dependencies: AppDependencies) -> Reducer<AppState, AppAction> {
  // Built once: a key reduces with these, not with reducers made for it or for its user.
  let authForm = authFormReducer(client: dependencies.auth)
  let features = signedInFeatures(dependencies)
  let sync = syncReducer(dependencies)
  let duplicates = duplicatesReducer(dependencies)
  return Reducer { state, action in
    switch action {
    case .started:
      let auth = dependencies.auth
      return .run { send in await send(.signIn(.lastEmailLoaded(await auth.lastEmail()))) }

    case .resized(let size):
      state.size = size
      return .none

    case .browser(.resized(let rows)):
      // The list's table shows another number of rows: the browser's and the search's windows
      // follow.
      state.listRows = rows
      state.signedIn?.search.window.resize(visible: rows)
      return state.reduceFeatures(action, features)

    case .tick:
      state.tick += 1
      if var forms = state.signedOut {
        _ = authForm.reduce(into: &forms.signIn, action: .tick)
        _ = authForm.reduce(into: &forms.signUp, action: .tick)
        state.signedOut = forms
      }
      if state.signedIn?.editor?.form.isBusy == true { state.signedIn?.editor?.form.tick += 1 }
      if state.signedIn?.sync.setup.form.isBusy == true { state.signedIn?.sync.setup.form.tick += 1 }
      return .none

    case .signIn(let formAction):
      return state.reduceForm(
        .signIn, formAction, authForm, features, dependencies: dependencies, embed: AppAction.signIn)

    case .signUp(let formAction):
      return state.reduceForm(
        .signUp, formAction, authForm, features, dependencies: dependencies, embed: AppAction.signUp)

    case .route(let routeAction):
      var route = state.route
      _ = routeReducer.reduce(into: &route, action: routeAction)
      return state.go(to: route, dependencies: dependencies)

    case .browser(.move), .search(.move):
      return .merge(state.pausePreview(dependencies), state.reduceFeatures(action, features))

    case .editor(.saved(let saved)):
      // What follows a save, all of it: the form closes on the saved contact, the list's
      // selection goes to it wherever its name put it, and search and sync hear of it.
      guard var signedIn = state.signedIn, signedIn.editor != nil else { return .none }
      // With several books, where it is: a new contact goes to the default book, which may not
      // be the one listed.
      let book = signedIn.browser.bookName(saved.book).map { " in \($0)" } ?? ""
      signedIn.notice = "Saved “\(saved.name)”\(book)"
      signedIn.detail = ContactDetail(id: saved.id, contact: .loaded(saved))
      state.session = .signedIn(signedIn)
      return .merge(
        state.go(to: AppRoute.contact(saved.id).route, dependencies: dependencies),
        .send(.browser(.reload(around: saved))), .send(.search(.refresh)), .send(.sync(.changedHere)))

    case .browser(.showBook(let book)):
      // The search shows the same book as the list.
      return .merge(state.reduceFeatures(action, features), .send(.search(.inBook(book))))

    case .browser, .search, .detail, .editor:
      return state.reduceFeatures(action, features)

    case .chooseBookToMove(let contact):
      guard let browser = state.signedIn?.browser else { return .none }
      let others = browser.booksShown.filter { !$0.isGone && $0.number != contact.book }
      guard !others.isEmpty else { return .none }
      state.dialog = .moveChooser(contact, to: others)
      return .none

    case .moveContact(let contact, let book):
      guard let signedIn = state.signedIn else { return .none }
      let user = signedIn.user
      let name = signedIn.browser.bookName(book) ?? "the other book"
      return .run { send in
        try await dependencies.sync(user).move(contact.id, book)
        await send(.movedContact(contact, toBook: name))
      } onError: { error, send in
        await send(.moveFailed("Could not move “\(contact.name)”: \(error)."))
      }
      .cancellable(id: "contacts/move")

    case .movedContact(let contact, let book):
      guard var signedIn = state.signedIn else { return .none }
      signedIn.notice = "Moved “\(contact.name)” to \(book)"
      state.session = .signedIn(signedIn)
      let detail: Effect<AppAction> = state.appRoute?.detailID == contact.id ? .send(.detail(.load)) : .none
      return .merge(detail, .send(.browser(.refresh)), .send(.search(.refresh)), .send(.sync(.changedHere)))

    case .chooseBook:
      guard let browser = state.signedIn?.browser, !browser.booksShown.isEmpty else { return .none }
      state.dialog = .bookChooser(browser.booksShown, showing: browser.book)
      return .none

    case .sync(.askToForget):
      guard let overview = state.signedIn?.sync.overview.value ?? nil else { return .none }
      state.dialog = .confirmation(
        title: "Unlink from the server?",
        message: "Stop syncing with \(overview.addressBook)? Your contacts stay here and on the server.",
        confirm: "Unlink", sends: .sync(.forget))
      return .none

    case .sync(.askToMoveGoneBook):
      let books = state.signedIn?.sync.overview.value??.books ?? []
      // A gone book that holds nothing here has nothing to move.
      let gone = books.filter { $0.isGone && $0.contacts > 0 }
      guard let first = gone.first, books.contains(where: { !$0.isGone }) else { return .none }
      state.dialog =
        gone.count == 1
        ? .goneBookMoveChooser(first, to: books.filter { !$0.isGone })
        : .goneBookChooser(
          gone, title: "Move which book’s contacts?",
          message: "\(gone.count) books are gone from the server. Whose contacts go to another book?",
          sends: { .sync(.askWhereToMove(goneBook: $0.number)) })
      return .none

    case .sync(.askWhereToMove(let number)):
      let books = state.signedIn?.sync.overview.value??.books ?? []
      guard let gone = books.first(where: { $0.number == number && $0.isGone }) else { return .none }
      let others = books.filter { !$0.isGone }
      guard !others.isEmpty else { return .none }
      state.dialog = .goneBookMoveChooser(gone, to: others)
      return .none

    case .sync(.askToUnlinkGoneBook):
      let books = state.signedIn?.sync.overview.value??.books ?? []
      let gone = books.filter(\.isGone)
      guard let first = gone.first, books.count > 1 else { return .none }
      if gone.count > 1 {
        state.dialog = .goneBookChooser(
          gone, title: "Unlink which book?",
          message: "\(gone.count) books are gone from the server. Unlink one? Its contacts stay here, in no "
            + "book, synced nowhere.",
          sends: { .sync(.unlinkGoneBook($0.number)) })
        return .none
      }
      state.dialog = .confirmation(
        title: "Unlink \(first.name)?",
        message: "\(first.name) is gone from the server. Unlink it? Its \(first.contacts) "
          + "\(first.contacts == 1 ? "contact stays" : "contacts stay") here, in no book, synced nowhere.",
        confirm: "Unlink", sends: .sync(.unlinkGoneBook(first.number)))
      return .none

    case .sync(.setup(.redirected(let redirect))):
      state.dialog = .confirmation(
        title: "Link another server?",
        message: "The server at \(redirect.server) sends you to \(redirect.target), another server. Link that? "
          + "Your user name and password are sent there only if you do.",
        confirm: "Link it", sends: .sync(.setup(.followRedirect(to: redirect.target))))
      guard let effect = state.changeSignedIn({ sync.reduce(into: &$0, action: action) }) else { return .none }
      return effect

    case .sync:
      guard let effect = state.changeSignedIn({ sync.reduce(into: &$0, action: action) }) else { return .none }
      // The link read again (after set-up, a sync, a default chosen) or gone: the list's books
      // follow (a message only when they changed).
      switch action {
      case .sync(.loaded), .sync(.forgotten):
        return .merge(effect, state.reduceFeatures(.browser(.reloadBooks), features))
      default:
        return effect
      }

    case .duplicates:
      return duplicates.reduce(into: &state, action: action)

    case .previewTimerEnded:
      guard var signedIn = state.signedIn else { return .none }
      let movedAgain = signedIn.preview == .waitsForSelectionToRest(movedAgain: true)
      signedIn.preview = movedAgain ? .waitsForSelectionToRest(movedAgain: false) : .showsSelection
      state.session = .signedIn(signedIn)
      return movedAgain ? .previewTimer(dependencies) : .none

    case .askToDelete(let contact):
      state.dialog = .confirmation(
        title: "Delete contact?", message: "Delete “\(contact.name)”? This cannot be undone.", confirm: "Delete",
        sends: .delete(contact))
      return .none

    case .askToSignOut:
      guard let email = state.signedIn?.user.email else { return .none }
      state.dialog = .confirmation(
        title: "Sign out?", message: "Sign out of \(email)?", confirm: "Sign out", sends: .signOut)
      return .none

    case .cancelEditing:
      guard state.signedIn?.editor?.hasChanges == true else { return .send(.route(.pop)) }
      state.dialog = .confirmation(
        title: "Discard changes?", message: ContactEditor.unsavedMessage, confirm: "Discard", sends: .route(.pop),
        cancel: "Keep editing")
      return .none

    case .dismissDialog:
      state.dialog = nil
      return .none

    case .selectInDialog(let row):
      state.dialog?.select(row)
      return .none

    case .delete(let contact):
      guard let signedIn = state.signedIn else { return .none }
      let user = signedIn.user
      let neighbour = signedIn.browser.neighbour(of: contact)
      return .run { send in
        try await dependencies.contacts(user).delete(contact.id)
        await send(.deleted(contact, neighbour: neighbour))
      } onError: { error, send in
        await send(.deleteFailed("Could not delete “\(contact.name)”: \(error)"))
      }
      .cancellable(id: "contacts/delete")

    case .deleted(let contact, let neighbour):
      guard var signedIn = state.signedIn else { return .none }
      signedIn.notice = "Deleted “\(contact.name)”"
      state.signedIn = signedIn
      let leave: Effect<AppAction> =
        state.appRoute?.detailID == contact.id
        ? state.go(to: AppRoute.contacts.route, dependencies: dependencies) : .none
      return .merge(
        leave, .send(.browser(.reload(around: neighbour))), .send(.search(.refresh)), .send(.sync(.changedHere)))

    case .moveFailed(let message):
      state.dialog = .alert(title: "Could not move", message: message)
      return .none

    case .deleteFailed(let message):
      state.dialog = .alert(title: "Could not delete", message: message)
      return .none

    case .signOut:
      guard let signedIn = state.signedIn else { return .none }
      var forms = SignedOut()
      forms.signIn.suggestedEmail = signedIn.user.email
      state.session = .signedOut(forms)
      state.route = AppRoute.signIn.route
      state.dialog = nil
      state.pendingRoute = nil
      // The password typed at sync set-up goes with the session.
      let serverPassword = dependencies.serverPassword
      let user = signedIn.user
      return .merge(
        signedIn.effectIDs.map { .cancel(id: $0) } + [
          .run { _ in
            serverPassword.clear()
            await dependencies.sync(user).end()
          }
        ])

    case .quit:
      guard state.signedIn?.editor?.hasChanges == true, state.dialog == nil else { return .quit }
      state.dialog = .confirmation(
        title: "Quit?", message: ContactEditor.unsavedMessage, confirm: "Quit", sends: .quitConfirmed,
        cancel: "Keep editing")
      return .none

    case .quitConfirmed:
      return .quit

    case .clearNotice:
      state.signedIn?.notice = nil
      return .none

    case .databaseChanged:
      guard let signedIn = state.signedIn else { return .none }
      return .merge(
        .send(.browser(.refresh)), .send(.search(.refresh)),
        signedIn.detail.map { .refreshDetail($0, of: signedIn.user, dependencies) } ?? .none)
    }
  }
}

extension Effect<AppAction> {
  /// The preview pane's wait for the selection to rest (see ``ContactPreview``).
  fileprivate static func previewTimer(_ dependencies: AppDependencies) -> Effect {
    let sleep = dependencies.sleep
    return .run { send in
      try await sleep(ContactPreview.settleDelay)
      await send(.previewTimerEnded)
    }
    .cancellable(id: ContactPreview.effectID)
  }
}

extension Effect<AppAction> {
  /// Delivers ``AppAction/databaseChanged`` for every batch of commits other programs make,
  /// while the user is signed in. A background effect: it waits, it is not work in progress.
  static func watchDatabase(_ dependencies: AppDependencies) -> Effect {
    let changes = dependencies.databaseChanges
    return .run { send in
      for await _ in changes() { await send(.databaseChanged) }
    }
    .cancellable(id: SignedIn.watchEffectID, cancelInFlight: true)
    .background()
  }

  /// Reads the detail's contact again after another program changed the database: the
  /// detail shows it as it is now, or says that it was deleted rather than show it as it was.
  fileprivate static func refreshDetail(
    _ detail: ContactDetail, of user: SignedInUser, _ dependencies: AppDependencies
  ) -> Effect {
    let id = detail.id
    let name = detail.contact.value?.name
    return .run { send in
      let contact = try await dependencies.contacts(user).contact(id)
      let deleted = name.map { "“\($0)” was deleted by another program." } ?? "This contact does not exist (any more)."
      await send(.detail(.loaded(id, contact.map(Loadable.loaded) ?? .failed(deleted))))
    } onError: { error, send in
      await send(.detail(.loaded(id, .failed("Could not load the contact: \(error)"))))
    }
    .cancellable(id: ContactDetail.effectID(id), cancelInFlight: true)
  }
}

extension AppState {
  /// Called on a move of the list's selection. Beside a preview pane, the pane is blank until
  /// the selection rests (see ``ContactPreview``): the first move starts the timer, the next
  /// ones are noted for when it ends.
  fileprivate mutating func pausePreview(_ dependencies: AppDependencies) -> Effect<AppAction> {
    guard showsPreview, var signedIn, signedIn.preview != .waitsForSelectionToRest(movedAgain: true) else {
      return .none
    }
    let isWaiting = signedIn.preview != .showsSelection
    signedIn.preview = .waitsForSelectionToRest(movedAgain: isWaiting)
    session = .signedIn(signedIn)
    return isWaiting ? .none : .previewTimer(dependencies)
  }

  /// The signed-in features' reducer for `action` (see `signedInFeatures`); nothing when signed
  /// out (a late answer for a user who has signed out is dropped).
  fileprivate mutating func reduceFeatures(_ action: AppAction, _ features: Reducer<SignedIn, AppAction>)
    -> Effect<AppAction>
  {
    changeSignedIn { features.reduce(into: &$0, action: action) } ?? .none
  }

  fileprivate mutating func reduceForm(
    _ form: AuthForm.Mode, _ action: AuthFormAction,
    _ authForm: Reducer<AuthForm, AuthFormAction>, _ features: Reducer<SignedIn, AppAction>,
    dependencies: AppDependencies, embed: @escaping @Sendable (AuthFormAction) -> AppAction
  ) -> Effect<AppAction> {
    guard var forms = signedOut else { return .none }
    // The form by a switch, not a key path: a key path is applied by the runtime's generic
    // code, which a typed key would find out of the caches.
    let effect =
      switch form {
      case .signIn: authForm.reduce(into: &forms.signIn, action: action)
      case .signUp: authForm.reduce(into: &forms.signUp, action: action)
      }
    signedOut = forms
    guard case .response(.success(let user)) = action else { return effect.map(embed) }
    // Signed in (or up): the session moves on, to the deep link that was waiting if any.
    session = .signedIn(SignedIn(user: user))
    let destination = pendingRoute ?? AppRoute.contacts.route
    pendingRoute = nil
    let rows = listRows
    signedIn?.search.window.resize(visible: rows)
    let appeared = reduceFeatures(.browser(.appeared(visibleRows: rows)), features)
    return .merge(
      effect.map(embed), appeared, go(to: destination, dependencies: dependencies), .watchDatabase(dependencies),
      .send(.sync(.load)))
  }

  /// Moves to `destination` if the session allows it: a signed-out user is sent to sign in
  /// (the destination is kept for later), a signed-in one does not see the auth forms, and a
  /// route the app does not know is ignored. Then derives the detail and editor from it.
  mutating func go(to destination: Route, dependencies: AppDependencies) -> Effect<AppAction> {
    guard let appRoute = AppRoute(destination) else { return .none }
    switch session {
    case .signedOut:
      if appRoute.requiresSignIn {
        pendingRoute = destination
        route = AppRoute.signIn.route
      } else {
        route = destination
      }
      return .none
    case .signedIn:
      let allowed = appRoute.requiresSignIn ? appRoute : .contacts
      // The destination itself, not `allowed.route`: it may carry a modal.
      route = appRoute.requiresSignIn ? destination : allowed.route
      signedIn?.follow(allowed)
      return .none
    }
  }
}

extension SignedIn {
  /// The detail and editor the route calls for: kept when already there, created (from rows
  /// already loaded when possible, else loading) when not, dropped when the route has left
  /// them. Their screens load what is not there as they come on stage (and the framework
  /// cancels those loads as they leave it).
  fileprivate mutating func follow(_ route: AppRoute) {
    let detailID = route.detailID
    if let detail, detail.id != detailID { self.detail = nil }
    if let detailID, detail == nil {
      detail = ContactDetail(id: detailID, contact: knownContact(detailID).map(Loadable.loaded) ?? .loading)
    }

    let editorID: Int64??
    switch route {
    case .editContact(let id): editorID = .some(id)
    case .newContact: editorID = .some(nil)
    default: editorID = .none
    }
    if let editor, editorID != .some(editor.id) { self.editor = nil }
    if let editorID, editor == nil {
      editor =
        editorID.map { ContactEditor(id: $0, contact: detail?.contact.value ?? knownContact($0)) } ?? ContactEditor()
    }
  }

  /// A contact already in memory (the list's rows, the search results, the detail).
  func knownContact(_ id: Int64) -> Contact? {
    if let contact = detail?.contact.value, contact.id == id { return contact }
    return browser.loaded.first { $0.id == id } ?? search.results?.contacts.first { $0.id == id }
  }

  /// The effect that watches the database for other programs' commits while signed in.
  public static let watchEffectID = "contacts/watch"

  /// Every effect a signed-in session may have running, to cancel at sign-out.
  var effectIDs: [String] {
    ContactsBrowser.effectIDs + [
      ContactSearch.effectID, ContactPreview.effectID, "contacts/delete", Self.watchEffectID,
    ] + SyncState.effectIDs + DuplicatesState.effectIDs
      + (detail.map { [ContactDetail.effectID($0.id)] } ?? []) + (editor.map { [ContactEditor.effectID($0.id)] } ?? [])
  }
}

extension ContactsBrowser {
  /// The contact that takes `contact`'s place in the list once it is deleted: the next one,
  /// else the previous one.
  func neighbour(of contact: Contact) -> Contact? {
    guard let index = loaded.firstIndex(where: { $0.id == contact.id }) else { return nil }
    if loaded.indices.contains(index + 1) { return loaded[index + 1] }
    return index > 0 ? loaded[index - 1] : nil
  }
}
