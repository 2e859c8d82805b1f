import ContactsModel
import Flow
import FlowTesting
import Navigation
import Synchronization
import TerminalUI
import Testing

@testable import ContactsCore

/// A sync client that answers from memory and notes what it was asked.
final class FakeSync: Sendable {
  let linked: Mutex<SyncOverview?>
  let runs = Mutex(0)
  let passwordsSeen = Mutex<[String]>([])
  let resolved = Mutex<[(String, SyncChoice)]>([])
  let failure: String?
  let entry: ServerPasswordEntry

  init(linked: SyncOverview?, failure: String? = nil, entry: ServerPasswordEntry = ServerPasswordEntry()) {
    self.linked = Mutex(linked)
    self.failure = failure
    self.entry = entry
  }

  static let report = SyncReport(sent: 1, received: 2)
  /// The password the fake server refuses when it is given as a new one.
  static let refusedPassword = "old-horse"
  static let book = AddressBookChoice(url: "https://dav.example.com/ada/contacts/", name: "Contacts")
  static let discovery = SyncDiscovery(
    server: "https://dav.example.com", username: "ada", books: [book], homeSet: "https://dav.example.com/ada/")

  var client: SyncClient {
    SyncClient(
      overview: { self.linked.withLock { $0 } },
      run: { _ in
        self.runs.withLock { $0 += 1 }
        return AsyncThrowingStream { continuation in
          continuation.yield(.progress(.receiving(done: 1, of: 2)))
          if let failure = self.failure {
            continuation.finish(throwing: Failure(description: failure))
          } else {
            continuation.yield(.finished(Self.report))
            continuation.finish()
          }
        }
      },
      discover: { _, _ in
        self.passwordsSeen.withLock { $0.append(self.entry.text) }
        return Self.discovery
      },
      link: { books, discovery in
        self.passwordsSeen.withLock { $0.append(self.entry.text) }
        self.linked.withLock {
          $0 = SyncOverview(
            addressBook: books.first?.url ?? "new", username: discovery.username, passwordSource: "stored sealed")
        }
      },
      changePassword: {
        let typed = self.entry.text
        self.passwordsSeen.withLock { $0.append(typed) }
        if typed == Self.refusedPassword {
          throw Failure(description: "the server refused the user name or password (401).")
        }
      },
      resolve: { uid, choice in self.resolved.withLock { $0.append((uid, choice)) } },
      forget: { self.linked.withLock { $0 = nil } })
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }
}

@MainActor
struct SyncFlowTests {
  nonisolated static let ada = SignedInUser(id: 7, email: "ada@example.com")
  nonisolated static let overview = SyncOverview(
    addressBook: "https://dav.example.com/ada/contacts/", username: "ada", passwordSource: "stored sealed",
    lastSync: "14:02")

  let people = InMemoryContacts(["Ada Lovelace"])

  /// How long a chain of effects may take before the test fails: long, because a loaded CI
  /// machine running every suite at once can keep the main actor from them for a minute; a
  /// passing run takes milliseconds.
  static let timeout = Duration.seconds(600)

  private func dependencies(_ sync: FakeSync, clock: ControlledClock = ControlledClock()) -> AppDependencies {
    let client = people.client
    let syncClient = sync.client
    return AppDependencies(
      auth: FakeAccounts { _, _ in .success(Self.ada) }.client, contacts: { _ in client },
      sleep: { try await clock.sleep(for: $0) }, sync: { _ in syncClient }, serverPassword: sync.entry,
      syncTimer: { try await clock.sleep(for: $0) })
  }

  private func signedIn(route: AppRoute = .contacts, overview: SyncOverview?? = nil) -> AppState {
    var state = AppState(route: .signIn)
    var signedIn = SignedIn(user: Self.ada)
    if let overview { signedIn.sync.overview = .loaded(overview) }
    state.session = .signedIn(signedIn)
    state.route = route.route
    return state
  }

  @Test func aLinkedAccountSyncsWhenItsLinkIsFirstReadThenEveryFewMinutes() async {
    let sync = FakeSync(linked: Self.overview)
    let clock = ControlledClock()
    let store = TestStore(
      initialState: signedIn(), reducer: appReducer(dependencies(sync, clock: clock)), timeout: Self.timeout)
    store.send(.sync(.load))
    await store.receive(.sync(.loaded(Self.overview))) {
      $0.signedIn?.sync.overview = .loaded(Self.overview)
      $0.signedIn?.sync.activity = .running(.connecting)
    }
    #expect(store.state.statusText == "ada@example.com · Syncing: connecting")
    await store.receive(.sync(.progress(.receiving(done: 1, of: 2)))) {
      $0.signedIn?.sync.activity = .running(.receiving(done: 1, of: 2))
    }
    #expect(store.state.statusText == "ada@example.com · Syncing: receiving 1 of 2")
    await store.receive(.sync(.finished(FakeSync.report))) { $0.signedIn?.sync.activity = .synced(FakeSync.report) }
    // What arrived reaches the list and the link is read again (in no fixed order).
    await store.finish()
    #expect(store.receivedActions.contains(.databaseChanged) && store.receivedActions.contains(.sync(.load)))
    store.skipReceivedActions()
    #expect(store.state.statusText == "ada@example.com · Synced 14:02")
    #expect(sync.runs.withLock { $0 } == 1)
    // Nothing more until the interval has passed.
    await clock.advance(by: SyncSchedule.interval - .seconds(1))
    #expect(sync.runs.withLock { $0 } == 1)
    await clock.advance(by: .seconds(1), waitingForSleepers: 0)
    await store.receive(.sync(.timerEnded)) { $0.signedIn?.sync.activity = .running(.connecting) }
    await store.finish()
    store.skipReceivedActions()
    #expect(sync.runs.withLock { $0 } == 2)
    store.cancelInFlightEffects()
  }

  /// The config file's `[sync] interval`: another wait between syncs, or none at all.
  @Test func theIntervalBetweenSyncsIsTheUsersOrNone() async {
    for interval in [Duration.seconds(60), nil] {
      let sync = FakeSync(linked: Self.overview)
      let clock = ControlledClock()
      var dependencies = dependencies(sync, clock: clock)
      dependencies.syncInterval = interval
      let store = TestStore(initialState: signedIn(), reducer: appReducer(dependencies), timeout: Self.timeout)
      store.send(.sync(.load))
      await store.receive(.sync(.loaded(Self.overview))) {
        $0.signedIn?.sync.overview = .loaded(Self.overview)
        $0.signedIn?.sync.activity = .running(.connecting)
      }
      await store.finish()
      store.skipReceivedActions()
      #expect(sync.runs.withLock { $0 } == 1)
      guard let interval else {
        // Off: nothing waits to sync again, however long the app stays open (and the store
        // ends with no effect running, which it checks).
        await clock.advance(by: SyncSchedule.interval * 100, waitingForSleepers: 0)
        await store.finish()
        #expect(sync.runs.withLock { $0 } == 1)
        continue
      }
      await clock.advance(by: interval - .seconds(1))
      #expect(sync.runs.withLock { $0 } == 1)
      await clock.advance(by: .seconds(1), waitingForSleepers: 0)
      await store.receive(.sync(.timerEnded)) { $0.signedIn?.sync.activity = .running(.connecting) }
      await store.finish()
      store.skipReceivedActions()
      #expect(sync.runs.withLock { $0 } == 2)
      store.cancelInFlightEffects()
    }
  }

  @Test func aSaveSyncsSoonAndABurstOfSavesSyncsOnce() async {
    let sync = FakeSync(linked: Self.overview)
    let clock = ControlledClock()
    let store = TestStore(
      initialState: signedIn(overview: .some(Self.overview)), reducer: appReducer(dependencies(sync, clock: clock)),
      timeout: Self.timeout)
    store.send(.sync(.changedHere))
    await clock.advance(by: SyncSchedule.afterChange / 2)
    // A second change restarts the wait.
    store.send(.sync(.changedHere))
    await clock.advance(by: SyncSchedule.afterChange / 2)
    #expect(sync.runs.withLock { $0 } == 0)
    await clock.advance(by: SyncSchedule.afterChange / 2)
    await store.receive(.sync(.timerEnded)) { $0.signedIn?.sync.activity = .running(.connecting) }
    await store.finish()
    store.skipReceivedActions()
    store.cancelInFlightEffects()
    #expect(sync.runs.withLock { $0 } == 1)
  }

  @Test func aChangeWhileASyncRunsRunsItAgainAfter() async {
    let sync = FakeSync(linked: Self.overview)
    var state = signedIn(overview: .some(Self.overview))
    state.signedIn?.sync.activity = .running(.sending(done: 3))
    let store = TestStore(initialState: state, reducer: appReducer(dependencies(sync)), timeout: Self.timeout)
    store.send(.sync(.changedHere)) { $0.signedIn?.sync.runsAgain = true }
    store.send(.sync(.syncNow))
    store.send(.sync(.finished(SyncReport(sent: 3)))) {
      $0.signedIn?.sync.activity = .running(.connecting)
      $0.signedIn?.sync.runsAgain = false
    }
    await store.finish()
    store.skipReceivedActions()
    store.cancelInFlightEffects()
    #expect(sync.runs.withLock { $0 } == 1)
  }

  @Test func aFailedSyncSaysWhyInTheHeaderAndOnTheScreen() async {
    let sync = FakeSync(linked: Self.overview, failure: "the server refused the user name or password (401).")
    let store = TestStore(
      initialState: signedIn(route: .sync, overview: .some(Self.overview)), reducer: appReducer(dependencies(sync)),
      timeout: Self.timeout)
    store.send(.sync(.syncNow)) { $0.signedIn?.sync.activity = .running(.connecting) }
    await store.receive(.sync(.progress(.receiving(done: 1, of: 2)))) {
      $0.signedIn?.sync.activity = .running(.receiving(done: 1, of: 2))
    }
    await store.receive(.sync(.failed("the server refused the user name or password (401)."))) {
      $0.signedIn?.sync.activity = .failed("the server refused the user name or password (401).")
    }
    await store.receive(.sync(.load))
    await store.receive(.sync(.loaded(Self.overview)))
    store.cancelInFlightEffects()
    #expect(
      store.state.statusText == "ada@example.com · Sync failed: the server refused the user name or password (401).")
  }

  @Test func setUpSaysWhatIsMissingAndAClickInThePasswordPutsTheCursorAtItsEnd() {
    let entry = ServerPasswordEntry()
    let store = TestStore(
      initialState: signedIn(route: .sync, overview: .some(nil)),
      reducer: appReducer(dependencies(FakeSync(linked: nil, entry: entry))), timeout: Self.timeout)
    store.send(.sync(.setup(.form(.enter)))) { $0.signedIn?.sync.setup.form.move(to: .field(.username)) }
    #expect(store.state.signedIn?.sync.setup.form.shownProblem(at: .field(.server)) == "Enter the server's address")
    #expect(store.state.signedIn?.sync.setup.form.shownProblem(at: .field(.username)) == nil, "not left yet")
    // Connect with nothing filled in: every problem, the focus on the first; nothing is asked.
    store.send(.sync(.setup(.form(.submit)))) {
      $0.signedIn?.sync.setup.form.submitTried = true
      $0.signedIn?.sync.setup.form.move(to: .field(.server))
      $0.signedIn?.sync.setup.form.touched.remove(.field(.username))
    }
    #expect(store.state.signedIn?.sync.setup.form.shownProblem(at: .field(.password)) == "Enter the password")
    // The password typed, its cursor moved to its start; a click on it puts the cursor at its end.
    for character in "abc" { _ = entry.edit(.character(character)) }
    let atStart = entry.edit(.home)
    store.send(.sync(.setup(.password(atStart)))) { $0.signedIn?.sync.setup.setPassword(atStart) }
    store.send(.sync(.setup(.form(.focus(index: 2, column: 0))))) {
      $0.signedIn?.sync.setup.form.move(to: .field(.password))
      $0.signedIn?.sync.setup.setPassword(PasswordMask(length: 3, cursor: 3))
    }
    #expect(entry.text == "abc")
    #expect(entry.edit(.character("d")) == PasswordMask(length: 4, cursor: 4), "the entry's cursor is at the end too")
  }

  @Test func setUpKeepsThePasswordOutOfStateAndActionsAndSyncsOnceLinked() async throws {
    let entry = ServerPasswordEntry()
    let sync = FakeSync(linked: nil, entry: entry)
    let store = TestStore(
      initialState: signedIn(route: .sync, overview: .some(nil)), reducer: appReducer(dependencies(sync)),
      timeout: Self.timeout)
    // The server (a pasted one is a line, without spaces around it) and the user name.
    let intents: [FormIntent] = [.paste("  dav.example.com \nmore"), .next, .edit(.insert("a")), .paste("da"), .next]
    for intent in intents {
      store.send(.sync(.setup(.form(intent)))) {
        let applied = intent == .paste("  dav.example.com \nmore") ? .paste("dav.example.com") : intent
        $0.signedIn?.sync.setup.form.apply(applied, rules: SyncSetupForm.rules)
      }
    }
    #expect(store.state.signedIn?.sync.setup.form.text(.server) == "dav.example.com")
    #expect(store.state.signedIn?.sync.setup.form.text(.username) == "ada")
    #expect(store.state.signedIn?.sync.setup.isTypingPassword == true)
    // The coordinator's part: the keys go to the entry, the store hears of the mask.
    var mask = PasswordMask()
    for character in "s3cret-horse" { mask = entry.edit(.character(character)) }
    #expect(mask == PasswordMask(length: 12, cursor: 12))
    store.send(.sync(.setup(.password(mask)))) { $0.signedIn?.sync.setup.setPassword(mask) }
    #expect(store.state.signedIn?.sync.setup.form.text(.password) == String(repeating: "•", count: 12))
    #expect(store.state.signedIn?.sync.setup.form.isValid == true)
    store.send(.sync(.setup(.form(.enter)))) { $0.signedIn?.sync.setup.form.isBusy = true }
    await store.receive(.sync(.setup(.discovered(FakeSync.discovery)))) {
      $0.signedIn?.sync.setup.form.isBusy = false
      $0.signedIn?.sync.setup.status = .choosing(FakeSync.discovery, selected: 0)
    }
    // Two rows: the book, and making a new one; the selection stays on them.
    store.send(.sync(.setup(.moveChoice(by: 5)))) {
      $0.signedIn?.sync.setup.status = .choosing(FakeSync.discovery, selected: 1)
    }
    store.send(.sync(.setup(.moveChoice(by: -1)))) {
      $0.signedIn?.sync.setup.status = .choosing(FakeSync.discovery, selected: 0)
    }
    store.send(.sync(.setup(.choose))) { $0.signedIn?.sync.setup.status = .linking }
    await store.receive(.sync(.setup(.linked))) {
      $0.signedIn?.sync = SyncState()
    }
    await store.receive(.sync(.load))
    await store.receive(where: { if case .sync(.loaded(.some)) = $0 { true } else { false } }) {
      $0.signedIn?.sync.overview = .loaded(
        SyncOverview(addressBook: FakeSync.book.url, username: "ada", passwordSource: "stored sealed"))
      $0.signedIn?.sync.activity = .running(.connecting)
    }
    await store.finish()
    store.skipReceivedActions()
    store.cancelInFlightEffects()
    #expect(sync.passwordsSeen.withLock { $0 } == ["s3cret-horse", "s3cret-horse"])
    // Linked: the entry is empty, and nothing the store ever held had the password.
    #expect(entry.text.isEmpty)
    #expect(!String(customDumping: store.state).contains("s3cret"))
    #expect(sync.runs.withLock { $0 } == 1)
  }

  @Test func aNewServerPasswordIsCheckedKeptAndSyncedWithNeverEnteringState() async {
    let entry = ServerPasswordEntry()
    let sync = FakeSync(linked: Self.overview, entry: entry)
    var state = signedIn(route: .sync, overview: .some(Self.overview))
    state.signedIn?.sync.activity = .failed("the server refused the user name or password (401).")
    let store = TestStore(initialState: state, reducer: appReducer(dependencies(sync)), timeout: Self.timeout)
    store.send(.sync(.newPassword(.start))) { $0.signedIn?.sync.newPassword = NewServerPassword() }
    #expect(store.state.isTypingSecret)
    // The screen's part: keys go to the entry, the store hears of the mask.
    var mask = PasswordMask()
    for character in FakeSync.refusedPassword { mask = entry.edit(.character(character)) }
    store.send(.sync(.newPassword(.typed(mask)))) { $0.signedIn?.sync.newPassword?.mask = mask }
    store.send(.sync(.newPassword(.submit))) { $0.signedIn?.sync.newPassword?.status = .checking }
    #expect(!store.state.isTypingSecret)
    await store.receive(.sync(.newPassword(.refused("the server refused the user name or password (401).")))) {
      $0.signedIn?.sync.newPassword?.status = .failed("the server refused the user name or password (401).")
    }
    for _ in FakeSync.refusedPassword { mask = entry.edit(.backspace) }
    for character in "n3w-horse" { mask = entry.edit(.character(character)) }
    store.send(.sync(.newPassword(.typed(mask)))) {
      $0.signedIn?.sync.newPassword = NewServerPassword()
      $0.signedIn?.sync.newPassword?.mask = mask
    }
    store.send(.sync(.newPassword(.submit))) { $0.signedIn?.sync.newPassword?.status = .checking }
    await store.receive(.sync(.newPassword(.accepted))) {
      $0.signedIn?.sync.newPassword = nil
      $0.signedIn?.sync.activity = .running(.connecting)
    }
    await store.finish()
    store.skipReceivedActions()
    store.cancelInFlightEffects()
    #expect(sync.passwordsSeen.withLock { $0 } == [FakeSync.refusedPassword, "n3w-horse"])
    // Kept: the entry is empty, the store never held it, and a sync ran with it.
    #expect(entry.text.isEmpty)
    #expect(!String(customDumping: store.state).contains("horse"))
    #expect(sync.runs.withLock { $0 } == 1)
  }

  @Test func aNewPasswordCanBeAbandonedAndLeavesNothingBehind() async {
    let entry = ServerPasswordEntry()
    let sync = FakeSync(linked: Self.overview, entry: entry)
    let store = TestStore(
      initialState: signedIn(route: .sync, overview: .some(Self.overview)), reducer: appReducer(dependencies(sync)),
      timeout: Self.timeout)
    store.send(.sync(.newPassword(.start))) { $0.signedIn?.sync.newPassword = NewServerPassword() }
    let mask = entry.paste("half-typed")
    store.send(.sync(.newPassword(.typed(mask)))) { $0.signedIn?.sync.newPassword?.mask = mask }
    store.send(.sync(.newPassword(.cancel))) { $0.signedIn?.sync.newPassword = nil }
    await store.finish()
    #expect(entry.text.isEmpty)
    #expect(sync.passwordsSeen.withLock { $0 }.isEmpty)
    #expect(sync.runs.withLock { $0 } == 0)
  }

  @Test func settlingAConflictTellsTheClientAndSyncs() async {
    let here = Contact(id: 4, name: "Ada Lovelace", phone: "1")
    let server = Contact(id: 4, name: "Ada Lovelace", phone: "2")
    var overview = Self.overview
    overview.conflicts = [
      SyncConflictPair(uid: "a", here: here, server: server), SyncConflictPair(uid: "b", here: here, server: server),
    ]
    let sync = FakeSync(linked: overview)
    let store = TestStore(
      initialState: signedIn(route: .sync, overview: .some(overview)), reducer: appReducer(dependencies(sync)),
      timeout: Self.timeout)
    store.send(.sync(.moveConflict(by: 7))) { $0.signedIn?.sync.selectedConflict = 1 }
    store.send(.sync(.resolve(.both)))
    await store.finish()
    // The list catches up with the version kept, and the server hears of it at once.
    #expect(store.receivedActions.contains(.databaseChanged) && store.receivedActions.contains(.sync(.syncNow)))
    store.skipReceivedActions()
    store.cancelInFlightEffects()
    #expect(sync.runs.withLock { $0 } == 1)
    #expect(sync.resolved.withLock { $0.map(\.0) } == ["b"])
    #expect(sync.resolved.withLock { $0.map(\.1) } == [.both])
  }

  @Test func unlinkingAsksFirstAndKeepsTheContacts() async {
    let sync = FakeSync(linked: Self.overview)
    let store = TestStore(
      initialState: signedIn(route: .sync, overview: .some(Self.overview)), reducer: appReducer(dependencies(sync)),
      timeout: Self.timeout)
    store.send(.sync(.askToForget)) {
      $0.dialog = .confirmation(
        title: "Unlink from the server?",
        message:
          "Stop syncing with https://dav.example.com/ada/contacts/? Your contacts stay here and on the server.",
        confirm: "Unlink", sends: .sync(.forget))
    }
    store.send(.dismissDialog) { $0.dialog = nil }
    store.send(.sync(.forget))
    await store.receive(.sync(.forgotten)) { $0.signedIn?.sync.overview = .loaded(nil) }
    // The list reads the account's books again (none before, none now: nothing to say).
    await store.finish()
    #expect(store.state.statusText == "ada@example.com")
    #expect(sync.linked.withLock { $0 } == nil)
    #expect(people.contacts.withLock { $0.count } == 1)
  }
}

/// The sync screen's drawing of a conflict: both versions whole, side by side, the rows that
/// differ marked on both.
@MainActor
struct SyncConflictViewTests {
  @Test func bothVersionsShowSideBySideWithTheirDifferencesMarked() {
    let here = Contact(id: 4, name: "Ada Lovelace", email: "ada@here.example", phone: "+44 1")
    let server = Contact(id: 4, name: "Ada King", email: "ada@here.example", phone: "+44 2")
    var sync = SyncState()
    sync.overview = .loaded(
      SyncOverview(
        addressBook: "https://dav.example.com/ada/contacts/", username: "ada", passwordSource: "stored sealed",
        lastSync: "14:02", conflicts: [SyncConflictPair(uid: "a", here: here, server: server)]))
    var frame = Frame(size: Size(width: 100, height: 24))
    SyncView(model: SyncScreen.ViewModel(sync: sync, tick: 0, password: ServerPasswordEntry()), isFocused: true)
      .render(into: &frame, in: Rect(x: 0, y: 0, width: 100, height: 24))
    let lines = frame.lines
    let heading = lines.firstIndex { $0.contains("Here (h keeps it)") && $0.contains("Server (t keeps it)") }
    #expect(heading != nil)
    #expect(lines.contains { $0.contains("≠ Ada Lovelace") && $0.contains("≠ Ada King") })
    #expect(lines.contains { $0.contains("≠ Phone") && $0.contains("+44 1") && $0.contains("+44 2") })
    // The email is the same on both sides: not marked.
    let email = lines.first { $0.contains("ada@here.example") }
    #expect(email?.contains("Email") == true && email?.contains("≠") == false)
  }
  @Test func aConflictIsSelectedByAClickOnItsName() {
    let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing"]
    var sync = SyncState()
    sync.overview = .loaded(
      SyncOverview(
        addressBook: "https://dav.example.com/ada/contacts/", username: "ada", passwordSource: "stored sealed",
        lastSync: "14:02",
        conflicts: names.enumerated().map { index, name in
          let contact = Contact(id: Int64(index + 1), name: name)
          return SyncConflictPair(uid: "\(index)", here: contact, server: contact)
        }))
    let model = SyncScreen.ViewModel(sync: sync, tick: 0, password: ServerPasswordEntry())
    var frame = Frame(size: Size(width: 100, height: 24))
    frame.mouseRegions = []
    SyncView(model: model, isFocused: true).render(into: &frame, in: frame.bounds)
    let row = frame.lines.firstIndex { $0.contains("Alan Turing") }
    let marked = frame.mouseRegions?.first { $0.area.minY == row }
    #expect(marked?.target == .item(SyncView.conflicts, index: 2))
    #expect(
      SyncScreen.keys.intent(for: MouseClick(control: SyncView.conflicts, index: 2), in: model)
        == .sync(.moveConflict(by: 2)))
  }
}

extension SyncFlowTests {
  /// Gone books: `m` offers only those that hold contacts here (straight to where they go when
  /// one does), `k` asks which of several to unlink, and a gone book with nothing here is not
  /// one `m` can act on.
  @Test func goneBooksThatHoldNothingHereAreNotOfferedToMove() {
    func overview(_ books: [SyncBookOverview]) -> SyncOverview {
      var overview = Self.overview
      overview.books = books
      return overview
    }
    let live = SyncBookOverview(number: 0, name: "Personal", url: "https://dav.example.com/ada/p/", contacts: 5)
    let club = SyncBookOverview(
      number: 1, name: "Club", url: "https://dav.example.com/ada/c/", contacts: 0, isGone: true)
    let family = SyncBookOverview(
      number: 2, name: "Family", url: "https://dav.example.com/ada/f/", contacts: 3, isGone: true)
    let reducer = appReducer(dependencies(FakeSync(linked: Self.overview)))

    var state = signedIn(route: .sync, overview: overview([live, club, family]))
    _ = reducer.reduce(into: &state, action: .sync(.askToMoveGoneBook))
    #expect(state.dialog?.title == "Move to which book?", "Family alone holds contacts: straight to where")
    #expect(state.dialog?.message.hasPrefix("Family is gone from the server. Move its 3 contacts") == true)
    #expect(state.dialog?.choices.map { [$0.label, $0.detail] } == [["Personal", "5"]])

    state.dialog = nil
    _ = reducer.reduce(into: &state, action: .sync(.askToUnlinkGoneBook))
    #expect(state.dialog?.title == "Unlink which book?")
    #expect(
      state.dialog?.choices.map { [$0.label, $0.detail] } == [["Club", "0 contacts"], ["Family", "3 contacts"]])

    var empty = signedIn(route: .sync, overview: overview([live, club]))
    _ = reducer.reduce(into: &empty, action: .sync(.askToMoveGoneBook))
    #expect(empty.dialog == nil, "nothing to move")
    let screen = SyncScreen(password: ServerPasswordEntry())
    #expect(!screen.select(empty).canMoveGoneBook && screen.select(empty).canUnlinkGoneBook)
    #expect(screen.select(state).canMoveGoneBook)
  }
}
