import ContactsModel
import Flow
import FlowTesting
import TerminalUI
import Testing

@testable import ContactsCore

/// Another program (`contacts import`, `contacts seed`, a second terminal) changes the database
/// under the open app: `databaseChanged` brings the count, the list, the search results and
/// the detail up to date, and the selection stays on its contact.
@MainActor
struct DatabaseChangeTests {
  nonisolated static let ada = SignedInUser(id: 7, email: "ada@example.com")

  let people = InMemoryContacts(["Grace Hopper", "Ada Lovelace", "Alan Turing"])
  let adaLovelace = Contact(id: 2, name: "Ada Lovelace")
  let alan = Contact(id: 3, name: "Alan Turing")
  let grace = Contact(id: 1, name: "Grace Hopper")

  private func dependencies(changes: AsyncStream<Void>? = nil) -> AppDependencies {
    let client = people.client
    let accounts = FakeAccounts { _, _ in .success(Self.ada) }
    var dependencies = AppDependencies(auth: accounts.client, contacts: { _ in client })
    if let changes { dependencies.databaseChanges = { changes } }
    return dependencies
  }

  /// Signed in with the list loaded and the selection on row `selected`.
  private func signedInState(selected: Int, route: AppRoute = .contacts) -> AppState {
    var state = AppState(route: .signIn)
    var signedIn = SignedIn(user: Self.ada)
    signedIn.browser.window = ScrollWindow(total: 3, visible: state.listRows)
    signedIn.browser.window.select(selected)
    signedIn.browser.count = .loaded(3)
    signedIn.browser.loaded = [adaLovelace, alan, grace]
    signedIn.search.window.resize(visible: state.listRows)
    state.session = .signedIn(signedIn)
    state.route = route.route
    return state
  }

  /// What another program does: the app's client is not involved.
  private func elsewhere(_ change: (inout [Contact]) -> Void) {
    var contacts = people.contacts.withLock { $0 }
    change(&contacts)
    people.contacts.withLock { [contacts] in $0 = contacts }
  }

  @Test func newContactsElsewhereUpdateTheCountAndTheSelectionStaysOnItsContact() async {
    let store = TestStore(initialState: signedInState(selected: 1), reducer: appReducer(dependencies()))
    let aaron = Contact(id: 50, name: "Aaron Abbot")
    let zed = Contact(id: 51, name: "Zed Zimmer")
    elsewhere { $0 += [aaron, zed] }

    store.send(.databaseChanged)
    await store.receive(.browser(.refresh))
    await store.receive(.search(.refresh))
    let rows = [aaron, adaLovelace, alan, grace, zed]
    await store.receive(.browser(.refreshed(total: 5, .init(rows: rows, start: 0, selected: 2)))) {
      $0.signedIn?.browser.count = .loaded(5)
      $0.signedIn?.browser.window.setTotal(5)
      $0.signedIn?.browser.window.select(2)
      $0.signedIn?.browser.loaded = rows
    }
    #expect(store.state.signedIn?.selectedContact == alan)
    await store.finish()
  }

  @Test func aSelectedContactRenamedElsewhereKeepsTheSelectionWhereItsNewNamePutsIt() async {
    let store = TestStore(initialState: signedInState(selected: 0), reducer: appReducer(dependencies()))
    let zoe = Contact(id: 2, name: "Zoe Lovelace")
    elsewhere { $0[$0.firstIndex { $0.id == 2 }!] = zoe }

    store.send(.databaseChanged)
    await store.receive(.browser(.refresh))
    await store.receive(.search(.refresh))
    let rows = [alan, grace, zoe]
    await store.receive(.browser(.refreshed(total: 3, .init(rows: rows, start: 0, selected: 2)))) {
      $0.signedIn?.browser.window.select(2)
      $0.signedIn?.browser.loaded = rows
    }
    #expect(store.state.signedIn?.selectedContact == zoe)
    await store.finish()
  }

  @Test func aSelectedContactDeletedElsewhereHandsTheSelectionToTheNextOne() async {
    let store = TestStore(initialState: signedInState(selected: 1), reducer: appReducer(dependencies()))
    elsewhere { $0.removeAll { $0.id == 3 } }

    store.send(.databaseChanged)
    await store.receive(.browser(.refresh))
    await store.receive(.search(.refresh))
    await store.receive(.browser(.refreshed(total: 2, .init(rows: [adaLovelace, grace], start: 0, selected: 1)))) {
      $0.signedIn?.browser.count = .loaded(2)
      $0.signedIn?.browser.window.setTotal(2)
      $0.signedIn?.browser.loaded = [adaLovelace, grace]
    }
    #expect(store.state.signedIn?.selectedContact == grace)
    await store.finish()
  }

  @Test func anEmptiedListShowsNoRows() async {
    let store = TestStore(initialState: signedInState(selected: 2), reducer: appReducer(dependencies()))
    elsewhere { $0.removeAll() }

    store.send(.databaseChanged)
    await store.receive(.browser(.refresh))
    await store.receive(.search(.refresh))
    await store.receive(.browser(.refreshed(total: 0, nil))) {
      $0.signedIn?.browser.count = .loaded(0)
      $0.signedIn?.browser.window.setTotal(0)
      $0.signedIn?.browser.loaded = []
    }
    await store.finish()
  }

  @Test func searchResultsAreAskedAgainAndTheSelectionStaysOnItsContact() async {
    var state = signedInState(selected: 0)
    state.signedIn?.search.query.set("a")
    state.signedIn?.search.answeredQuery = "a"
    state.signedIn?.search.results = ContactSearchResult(contacts: [adaLovelace, alan], total: 2, isTotalExact: true)
    state.signedIn?.search.window.setTotal(2)
    state.signedIn?.search.window.select(1)
    let store = Store(initialState: state, reducer: appReducer(dependencies()))
    let aaron = Contact(id: 50, name: "Aaron Abbot")
    elsewhere { $0.append(aaron) }

    store.send(.databaseChanged)
    await settle(store)
    let search = store.state.signedIn?.search
    #expect(search?.results?.contacts == [aaron, adaLovelace, alan])
    #expect(search?.isSearching == false)
    #expect(search?.selectedContact == alan)
    #expect(store.state.signedIn?.browser.count == .loaded(4))
  }

  @Test func anOpenDetailShowsTheContactAsItIsNow() async {
    var state = signedInState(selected: 1, route: .contact(3))
    state.signedIn?.detail = ContactDetail(id: 3, contact: .loaded(alan))
    let store = Store(initialState: state, reducer: appReducer(dependencies()))
    let renamed = Contact(id: 3, name: "Alan M. Turing")
    elsewhere { $0[$0.firstIndex { $0.id == 3 }!] = renamed }

    store.send(.databaseChanged)
    await settle(store)
    #expect(store.state.signedIn?.detail?.contact == .loaded(renamed))
    #expect(store.state.signedIn?.selectedContact == renamed)
    #expect(store.state.route == AppRoute.contact(3).route)
  }

  @Test func aContactDeletedUnderAnOpenDetailSaysSo() async {
    var state = signedInState(selected: 1, route: .contact(3))
    state.signedIn?.detail = ContactDetail(id: 3, contact: .loaded(alan))
    let store = Store(initialState: state, reducer: appReducer(dependencies()))
    elsewhere { $0.removeAll { $0.id == 3 } }

    store.send(.databaseChanged)
    await settle(store)
    #expect(store.state.signedIn?.detail?.contact == .failed("“Alan Turing” was deleted by another program."))
    #expect(store.state.signedIn?.selectedContact == grace)
  }

  @Test func signedOutAChangeDoesNothing() {
    let store = TestStore(initialState: AppState(), reducer: appReducer(dependencies()))
    store.send(.databaseChanged)
  }

  @Test func theWatchRunsWhileSignedInAndEndsAtSignOut() async {
    let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
    var form = AuthForm(.signIn)
    form.form.set(.email, text: "ada@example.com")
    form.form.set(.password, text: "analytical")
    var initial = AppState()
    initial.signedOut?.signIn = form
    let store = Store(initialState: initial, reducer: appReducer(dependencies(changes: changes)))
    store.send(.signIn(.form(.submit)))
    await settle(store)
    #expect(store.state.signedIn?.browser.count == .loaded(3))
    #expect(store.backgroundEffectCount == 1, "the watch is running")
    #expect(store.runningEffectCount == 0, "and does not keep the app busy")

    elsewhere { $0.append(Contact(id: 50, name: "Aaron Abbot")) }
    continuation.yield()
    while store.state.signedIn?.browser.count != .loaded(4) { await nextBatch(of: store) }

    store.send(.signOut)
    #expect(store.backgroundEffectCount == 0, "sign-out ends the watch")
    continuation.finish()
  }

  @Test func theWatchEndsWhenTheAppStops() async {
    let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
    var form = AuthForm(.signIn)
    form.form.set(.email, text: "ada@example.com")
    form.form.set(.password, text: "analytical")
    var initial = AppState()
    initial.signedOut?.signIn = form
    let app = ContactsApp(initialState: initial, dependencies: dependencies(changes: changes))
    app.start()
    app.store.send(.signIn(.form(.submit)))
    await settle(app.store)
    #expect(app.store.backgroundEffectCount == 1, "the watch is running")
    app.stop()
    #expect(app.store.backgroundEffectCount == 0, "stopping the app ends the watch")
    continuation.finish()
  }

  /// Waits for every effect but the watch to end (and those they start).
  private func settle(_ store: Store<AppState, AppAction>) async {
    while store.runningEffectCount > 0 { await store.waitForEffects() }
  }

  /// Waits until the store has reduced something more (an answer from the watch, say).
  private func nextBatch(of store: Store<AppState, AppAction>) async {
    let observer = BatchObserver()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var first = true
      store.observe(observer, select: { _ in () }, skipRepeats: .never) { observer, _ in
        if first {
          first = false
          return
        }
        store.unsubscribe(observer)
        done.resume()
      }
    }
    withExtendedLifetime(observer) {}
    await settle(store)
  }
}

@MainActor
private final class BatchObserver {}
