import ContactsModel
import Flow
import FlowTesting
import Navigation
import Synchronization
import TerminalUI
import Testing

@testable import ContactsCore

/// A mutable in-memory address book for one account, answering like the database: sorted by
/// folded name then id, keyset pages, prefix search.
final class InMemoryContacts: Sendable {
  let contacts: Mutex<[Contact]>
  let nextID = Mutex<Int64>(100)

  init(_ names: [String]) {
    contacts = Mutex(names.enumerated().map { Contact(id: Int64($0.offset + 1), name: $0.element) })
  }

  private var sorted: [Contact] {
    contacts.withLock { $0 }.sorted { ($0.position.sortKey, $0.id) < ($1.position.sortKey, $1.id) }
  }

  private static func precedes(_ a: ContactPosition, _ b: ContactPosition) -> Bool {
    (a.sortKey, a.id) < (b.sortKey, b.id)
  }

  var client: ContactsClient {
    ContactsClient(
      count: { _ in self.contacts.withLock { $0.count } },
      page: { request, limit, _ in
        let all = self.sorted
        switch request {
        case .first: return Array(all.prefix(limit))
        case .last: return Array(all.suffix(limit))
        case .after(let position): return Array(all.filter { Self.precedes(position, $0.position) }.prefix(limit))
        case .before(let position): return Array(all.filter { Self.precedes($0.position, position) }.suffix(limit))
        }
      },
      index: { position, _ in self.sorted.count { Self.precedes($0.position, position) } },
      contact: { id in self.contacts.withLock { $0.first { $0.id == id } } },
      search: { query, limit, _ in
        let words = query.lowercased().split(separator: " ")
        let matches = self.sorted.filter { contact in
          let tokens = contact.name.lowercased().split(separator: " ")
          return words.allSatisfy { word in tokens.contains { $0.hasPrefix(word) } }
        }
        return ContactSearchResult(contacts: Array(matches.prefix(limit)), total: matches.count, isTotalExact: true)
      },
      insert: { draft in
        let id = self.nextID.withLock { id in
          id += 1
          return id
        }
        let contact = Contact(id: id, name: draft.name, email: draft.email, phone: draft.phone)
        self.contacts.withLock { $0.append(contact) }
        return contact
      },
      update: { id, draft, _ in
        let contact = Contact(id: id, name: draft.name, email: draft.email, phone: draft.phone)
        self.contacts.withLock { contacts in
          if let index = contacts.firstIndex(where: { $0.id == id }) { contacts[index] = contact }
        }
        return contact
      },
      delete: { id in self.contacts.withLock { $0.removeAll { $0.id == id } } })
  }
}

@MainActor
struct AppFlowTests {
  nonisolated static let ada = SignedInUser(id: 7, email: "ada@example.com")

  let people = InMemoryContacts(["Grace Hopper", "Ada Lovelace", "Alan Turing"])

  private func dependencies(
    signIn: Result<SignedInUser, AccountError> = .success(ada), clock: ControlledClock = ControlledClock()
  ) -> AppDependencies {
    let accounts = FakeAccounts { _, _ in signIn }
    let client = people.client
    return AppDependencies(auth: accounts.client, contacts: { _ in client }, sleep: { try await clock.sleep(for: $0) })
  }

  private var sorted: [Contact] {
    [Contact(id: 2, name: "Ada Lovelace"), Contact(id: 3, name: "Alan Turing"), Contact(id: 1, name: "Grace Hopper")]
  }

  /// A state signed in with the list loaded, as after a sign-in.
  private func signedInState(route: AppRoute = .contacts) -> AppState {
    var state = AppState(route: .signIn)
    var signedIn = SignedIn(user: Self.ada)
    signedIn.browser.window = ScrollWindow(total: 3, visible: state.listRows)
    signedIn.browser.count = .loaded(3)
    signedIn.browser.loaded = sorted
    signedIn.search.window.resize(visible: state.listRows)
    state.session = .signedIn(signedIn)
    state.route = route.route
    return state
  }

  @Test func aDeepLinkWaitsForSignInThenOpens() async {
    let state = AppState(route: .contact(1))
    #expect(state.route == AppRoute.signIn.route)
    #expect(state.pendingRoute == AppRoute.contact(1).route)

    var form = AuthForm(.signIn)
    form.form.set(.email, text: "ada@example.com")
    form.form.set(.password, text: "analytical")
    var initial = state
    initial.signedOut?.signIn = form
    let store = TestStore(initialState: initial, reducer: appReducer(dependencies()))
    store.send(.signIn(.form(.submit))) {
      $0.signedOut?.signIn.form.validate(AuthForm.rules)
      $0.signedOut?.signIn.form.isBusy = true
    }
    await store.receive(.signIn(.response(.success(Self.ada)))) {
      var signedIn = SignedIn(user: Self.ada)
      signedIn.browser.window.resize(visible: $0.listRows)
      signedIn.search.window.resize(visible: $0.listRows)
      signedIn.detail = ContactDetail(id: 1)
      $0.session = .signedIn(signedIn)
      $0.route = AppRoute.contact(1).route
      $0.pendingRoute = nil
    }
    // The detail's screen comes on stage still loading, and loads it (as ContactDetailScreen's
    // onAppear does).
    #expect(ContactDetailScreen(id: 1).onAppear(ContactDetailScreen(id: 1).select(store.state)) == .detail(.load))
    // Signed in: sync reads the account's link (none here).
    await store.receive(.sync(.load))
    store.send(.detail(.load))
    // The count, the pages and the detail load run side by side, in no fixed order: check
    // where they end.
    await store.finish()
    store.skipReceivedActions()
    #expect(store.state.signedIn?.detail?.contact == .loaded(Contact(id: 1, name: "Grace Hopper")))
    #expect(store.state.signedIn?.browser.count == .loaded(3))
  }

  @Test func signedOutRoutesNeedingAUserGoToSignIn() {
    let store = TestStore(initialState: AppState(), reducer: appReducer(dependencies()))
    store.send(.route(.set(AppRoute.newContact.route))) {
      $0.pendingRoute = AppRoute.newContact.route
    }
    store.send(.route(.set(AppRoute.signUp.route))) { $0.route = AppRoute.signUp.route }
    // A route the app does not know changes nothing.
    store.send(.route(.set(Route(["settings"]))))
  }

  @Test func openingARowShowsItsDetailWithoutALoad() {
    let store = TestStore(initialState: signedInState(), reducer: appReducer(dependencies()))
    store.send(.route(.set(AppRoute.contact(2).route))) {
      $0.route = AppRoute.contact(2).route
      $0.signedIn?.detail = ContactDetail(id: 2, contact: .loaded(Contact(id: 2, name: "Ada Lovelace")))
    }
    store.send(.route(.pop)) {
      $0.route = AppRoute.contacts.route
      $0.signedIn?.detail = nil
    }
  }

  @Test func besideAWideListThePreviewWaitsForTheSelectionToRest() async {
    let clock = ControlledClock()
    var state = signedInState()
    state.size = Size(width: AppState.splitMinimumWidth, height: 24)
    let store = TestStore(initialState: state, reducer: appReducer(dependencies(clock: clock)))
    store.send(.browser(.move(.down))) {
      $0.signedIn?.browser.window.move(by: 1)
      $0.signedIn?.preview = .waitsForSelectionToRest(movedAgain: false)
    }
    await clock.advance(by: ContactPreview.settleDelay * 0.6)
    // A move while the timer runs is noted, and starts nothing.
    store.send(.browser(.move(.down))) {
      $0.signedIn?.browser.window.move(by: 1)
      $0.signedIn?.preview = .waitsForSelectionToRest(movedAgain: true)
    }
    store.send(.browser(.move(.up))) { $0.signedIn?.browser.window.move(by: -1) }
    // When the timer ends, the selection had moved: it starts again.
    await clock.advance(by: ContactPreview.settleDelay * 0.4)
    await store.receive(.previewTimerEnded) { $0.signedIn?.preview = .waitsForSelectionToRest(movedAgain: false) }
    await clock.advance(by: ContactPreview.settleDelay)
    await store.receive(.previewTimerEnded) { $0.signedIn?.preview = .showsSelection }
    #expect(store.state.signedIn?.selectedContact?.name == "Alan Turing")
    // Search results move the same way.
    store.send(.search(.move(.up))) { $0.signedIn?.preview = .waitsForSelectionToRest(movedAgain: false) }
    store.send(.signOut) {
      var forms = SignedOut()
      forms.signIn.suggestedEmail = Self.ada.email
      $0.session = .signedOut(forms)
      $0.route = AppRoute.signIn.route
    }
    await store.finish()
  }

  @Test func onANarrowTerminalMovesStartNoPreviewTimer() {
    let store = TestStore(initialState: signedInState(), reducer: appReducer(dependencies()))
    store.send(.browser(.move(.down))) { $0.signedIn?.browser.window.move(by: 1) }
    #expect(store.state.signedIn?.preview == .showsSelection)
  }

  @Test func savingAnEditShowsTheContactAndKeepsTheSelectionOnIt() async {
    let store = TestStore(initialState: signedInState(route: .contact(2)), reducer: appReducer(dependencies()))
    store.send(.route(.set(AppRoute.editContact(2).route))) {
      $0.route = AppRoute.editContact(2).route
      $0.signedIn?.detail = ContactDetail(id: 2, contact: .loaded(Contact(id: 2, name: "Ada Lovelace")))
      $0.signedIn?.editor = ContactEditor(id: 2, contact: Contact(id: 2, name: "Ada Lovelace"))
    }
    // Rename Ada to Zelda: she moves to the end of the list.
    for intent in [FormIntent.edit(.deleteToStart), .paste("Zelda Lovelace")] {
      store.send(.editor(.form(intent))) { $0.signedIn?.editor?.form.apply(intent, rules: ContactEditor.rules) }
    }
    #expect(store.state.signedIn?.editor?.form.text(.name) == "Zelda Lovelace")
    store.send(.editor(.form(.submit))) { $0.signedIn?.editor?.form.isBusy = true }
    let zelda = Contact(id: 2, name: "Zelda Lovelace")
    await store.receive(.editor(.saved(zelda))) {
      $0.signedIn?.editor = nil
      $0.signedIn?.notice = "Saved “Zelda Lovelace”"
      $0.signedIn?.detail = ContactDetail(id: 2, contact: .loaded(zelda))
      $0.route = AppRoute.contact(2).route
    }
    await store.receive(.browser(.reload(around: zelda)))
    await store.receive(.search(.refresh))
    // Not linked to a server: the change starts no sync.
    await store.receive(.sync(.changedHere))
    await store.receive(.browser(.reloaded(total: 3, focus: .init(contact: zelda, index: 2)))) {
      $0.signedIn?.browser.window.select(2)
      $0.signedIn?.browser.loaded = [zelda]
      $0.signedIn?.browser.loadedStart = 2
      $0.signedIn?.browser.pending = .before(zelda.position)
    }
    await store.receive(
      .browser(
        .pageLoaded(
          .before(zelda.position), [Contact(id: 3, name: "Alan Turing"), Contact(id: 1, name: "Grace Hopper")]))
    ) {
      $0.signedIn?.browser.loaded = [Contact(id: 3, name: "Alan Turing"), Contact(id: 1, name: "Grace Hopper"), zelda]
      $0.signedIn?.browser.loadedStart = 0
      $0.signedIn?.browser.pending = nil
    }
    await store.finish()
    #expect(store.state.signedIn?.selectedContact == zelda)
  }

  /// The app's reducer is built once, not per key or per user: reducing makes no client (keys
  /// that start no effect ask for none); only a running effect asks, for its own user.
  @Test func keysReduceWithReducersBuiltOnce() {
    let clientsMade = Mutex(0)
    var dependencies = dependencies()
    let client = people.client
    dependencies.contacts = { _ in
      clientsMade.withLock { $0 += 1 }
      return client
    }
    let store = Store(initialState: signedInState(), reducer: appReducer(dependencies))
    for move in [ContactsBrowserAction.Move.down, .down, .up, .end, .home] { store.send(.browser(.move(move))) }
    #expect(store.state.signedIn?.browser.window.selected == 0)
    #expect(clientsMade.withLock { $0 } == 0)
  }

  /// One reducer for every user: Ada signs in, then out, then Bob; each one's effects reach
  /// only that user's contacts.
  @Test func eachUsersEffectsReachThatUsersContacts() async {
    let bob = SignedInUser(id: 8, email: "bob@example.com")
    let clients = [Self.ada.id: people.client, bob.id: InMemoryContacts(["Bob Kahn", "Vint Cerf"]).client]
    let askedFor = Mutex<[Int64]>([])
    let dependencies = AppDependencies(
      auth: FakeAccounts { email, _ in .success(email == bob.email ? bob : Self.ada) }.client,
      contacts: { user in
        askedFor.withLock { $0.append(user.id) }
        return clients[user.id]!
      })
    let store = TestStore(initialState: AppState(), reducer: appReducer(dependencies))
    for (user, names) in [
      (Self.ada, ["Ada Lovelace", "Alan Turing", "Grace Hopper"]), (bob, ["Bob Kahn", "Vint Cerf"]),
    ] {
      store.send(.signIn(.response(.success(user)))) {
        var signedIn = SignedIn(user: user)
        signedIn.browser.window.resize(visible: $0.listRows)
        signedIn.search.window.resize(visible: $0.listRows)
        $0.session = .signedIn(signedIn)
        $0.route = AppRoute.contacts.route
      }
      await store.finish()
      store.skipReceivedActions()
      #expect(store.state.signedIn?.browser.loaded.map(\.name) == names)
      #expect(askedFor.withLock { $0 }.allSatisfy { $0 == user.id } && !askedFor.withLock { $0 }.isEmpty)
      askedFor.withLock { $0 = [] }
      store.send(.signOut) {
        var forms = SignedOut()
        forms.signIn.suggestedEmail = user.email
        $0.session = .signedOut(forms)
        $0.route = AppRoute.signIn.route
      }
      await store.finish()
    }
  }

  @Test func quittingIsAtOnceUnlessTheEditorHoldsChanges() {
    let store = TestStore(initialState: signedInState(), reducer: appReducer(dependencies()))
    store.send(.quit)
    store.assertRequested(.quit)
    store.send(.route(.set(AppRoute.newContact.route))) {
      $0.route = AppRoute.newContact.route
      $0.signedIn?.editor = ContactEditor()
    }
    store.send(.editor(.form(.paste("Ada")))) {
      $0.signedIn?.editor?.form.apply(.paste("Ada"), rules: ContactEditor.rules)
    }
    #expect(store.state.signedIn?.editor?.hasChanges == true)
    store.send(.quit) {
      $0.dialog = .confirmation(
        title: "Quit?", message: ContactEditor.unsavedMessage, confirm: "Quit", sends: .quitConfirmed,
        cancel: "Keep editing")
    }
    store.send(.quitConfirmed)
    store.assertRequested(.quit)
  }

  @Test func anInvalidDraftShowsEveryProblemAndSavesNothing() {
    let store = TestStore(initialState: signedInState(), reducer: appReducer(dependencies()))
    store.send(.route(.set(AppRoute.newContact.route))) {
      $0.route = AppRoute.newContact.route
      $0.signedIn?.editor = ContactEditor()
    }
    // A name, and an email that is not one.
    let intents: [FormIntent] = [.paste("not an email"), .next, .next, .next, .next, .paste("nobody@")]
    for intent in intents {
      store.send(.editor(.form(intent))) { $0.signedIn?.editor?.form.apply(intent, rules: ContactEditor.rules) }
    }
    #expect(store.state.signedIn?.editor?.form.focus == .entry(.email, 0))
    #expect(store.state.signedIn?.editor?.form.shownProblem(at: .entry(.email, 0)) == nil, "not left yet")
    store.send(.editor(.form(.submit))) { $0.signedIn?.editor?.form.submitTried = true }
    #expect(store.state.signedIn?.editor?.form.shownProblem(at: .entry(.email, 0)) == "Enter a valid email address")
    #expect(store.state.signedIn?.editor?.form.shownProblem(at: .field(.name)) == nil)
    #expect(people.contacts.withLock { $0.count } == 3, "nothing was saved")
  }

  @Test func deletingKeepsTheSelectionWhereTheDeletedContactWas() async {
    let store = TestStore(initialState: signedInState(route: .contact(3)), reducer: appReducer(dependencies()))
    let alan = Contact(id: 3, name: "Alan Turing")
    let grace = Contact(id: 1, name: "Grace Hopper")
    store.send(.delete(alan))
    await store.receive(.deleted(alan, neighbour: grace)) {
      $0.signedIn?.notice = "Deleted “Alan Turing”"
      $0.route = AppRoute.contacts.route
    }
    await store.receive(.browser(.reload(around: grace)))
    await store.receive(.search(.refresh))
    await store.receive(.sync(.changedHere))
    await store.receive(.browser(.reloaded(total: 2, focus: .init(contact: grace, index: 1)))) {
      $0.signedIn?.browser.window.setTotal(2)
      $0.signedIn?.browser.window.select(1)
      $0.signedIn?.browser.count = .loaded(2)
      $0.signedIn?.browser.loaded = [grace]
      $0.signedIn?.browser.loadedStart = 1
      $0.signedIn?.browser.pending = .before(grace.position)
    }
    await store.receive(.browser(.pageLoaded(.before(grace.position), [Contact(id: 2, name: "Ada Lovelace")]))) {
      $0.signedIn?.browser.loaded = [Contact(id: 2, name: "Ada Lovelace"), grace]
      $0.signedIn?.browser.loadedStart = 0
      $0.signedIn?.browser.pending = nil
    }
    await store.finish()
    #expect(store.state.signedIn?.selectedContact == grace)
  }

  @Test func searchAnswersTheLatestQueryAndEscClears() async {
    let store = TestStore(initialState: signedInState(), reducer: appReducer(dependencies()))
    store.send(.search(.start)) { $0.signedIn?.search.isEditing = true }
    store.send(.search(.key(.character("a")))) {
      $0.signedIn?.search.query.set("a")
      $0.signedIn?.search.isSearching = true
    }
    let found = ContactSearchResult(
      contacts: [Contact(id: 2, name: "Ada Lovelace"), Contact(id: 3, name: "Alan Turing")], total: 2,
      isTotalExact: true)
    await store.receive(.search(.answered(query: "a", found))) {
      $0.signedIn?.search.isSearching = false
      $0.signedIn?.search.results = found
      $0.signedIn?.search.answeredQuery = "a"
      $0.signedIn?.search.window.setTotal(2)
    }
    // An answer for a query that is no longer in the field changes nothing.
    store.send(.search(.answered(query: "x", found)))
    store.send(.search(.move(.down))) { $0.signedIn?.search.window.move(by: 1) }
    #expect(store.state.signedIn?.selectedContact == Contact(id: 3, name: "Alan Turing"))
    store.send(.search(.clear)) {
      var search = ContactSearch()
      search.window.resize(visible: $0.listRows)
      $0.signedIn?.search = search
    }
    #expect(store.state.signedIn?.selectedContact == Contact(id: 2, name: "Ada Lovelace"))
  }

  @Test func signingOutLeavesNoUserDataAndPrefillsTheEmail() async {
    let dependencies = dependencies()
    _ = dependencies.serverPassword.paste("typed at sync set-up")
    let store = TestStore(initialState: signedInState(route: .contact(2)), reducer: appReducer(dependencies))
    store.send(.signOut) {
      var forms = SignedOut()
      forms.signIn.suggestedEmail = "ada@example.com"
      $0.session = .signedOut(forms)
      $0.route = AppRoute.signIn.route
    }
    // A late answer for the signed-out user is dropped.
    store.send(.browser(.counted(3)))
    // The password typed at sync set-up goes with the session.
    await store.finish()
    #expect(dependencies.serverPassword.text.isEmpty)
  }

  @Test func routesParseAndExplainTheirProblems() {
    #expect(AppRoute.parse("contacts/42") == .success(.contact(42)))
    #expect(AppRoute.parse("/contacts/42/edit/") == .success(.editContact(42)))
    #expect(AppRoute.parse("contacts/new") == .success(.newContact))
    #expect(AppRoute.parse("auth/sign-up") == .success(.signUp))
    #expect(AppRoute.parse("contacts/0") == .failure(.unknown("contacts/0")))
    #expect(AppRoute.parse("contacts/abc") == .failure(.unknown("contacts/abc")))
    #expect(AppRoute.parse("contacts//42") == .failure(.malformed("contacts//42")))
    #expect(RouteError.unknown("x").description.contains("contacts/<id>/edit"))
  }
}
