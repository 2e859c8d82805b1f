import ContactsModel
import Flow
import FlowTesting
import Navigation
import Synchronization
import Testing

@testable import ContactsCore

/// A duplicates client over contacts in memory, noting the writes it was asked for.
final class FakeDuplicates: Sendable {
  let contacts: Mutex<[Int64: Contact]>
  let groups: [DuplicateGroup]
  let keptApart = Mutex<[[String]]>([])
  let refuseMerge: Bool

  init(_ contacts: [Contact], groups: [DuplicateGroup], refuseMerge: Bool = false) {
    self.contacts = Mutex(Dictionary(uniqueKeysWithValues: contacts.map { ($0.id, $0) }))
    self.groups = groups
    self.refuseMerge = refuseMerge
  }

  var client: DuplicatesClient {
    DuplicatesClient(
      find: {
        AsyncThrowingStream { continuation in
          continuation.yield(.progress(done: 0, total: 4))
          continuation.yield(.progress(done: 4, total: 4))
          continuation.yield(.found(self.groups))
          continuation.finish()
        }
      },
      contacts: { ids in self.contacts.withLock { stored in ids.map { stored[$0] } } },
      merge: { merged, survivor, other in
        if self.refuseMerge { throw ContactSaveError.changedElsewhere(current: other) }
        return self.contacts.withLock { stored in
          stored[other.id] = nil
          stored[survivor.id] = merged
          return merged
        }
      },
      undo: { record in
        self.contacts.withLock { stored in
          var other = record.other
          other.id = 99
          stored[record.survivor.id] = record.survivor
          stored[other.id] = other
          return MergeUndone(survivor: record.survivor, other: other)
        }
      },
      keepApart: { first, second in self.keptApart.withLock { $0.append([first, second]) } })
  }
}

@MainActor
struct DuplicatesFlowTests {
  nonisolated static let ada = SignedInUser(id: 7, email: "ada@example.com")
  static let timeout = Duration.seconds(600)

  static let lovelace = Contact(
    id: 1, uid: "u1", name: "Ada Lovelace", notes: "Met at the Royal Society", kept: [])
  static let king: Contact = {
    var contact = Contact(id: 2, name: "Ada King", email: "ada@poetry.example", notes: "Likes poetry")
    contact.uid = "u2"
    contact.title = "Countess"
    return contact
  }()
  static let alan = Contact(id: 3, uid: "u3", name: "Alan Turing")
  static let alanAgain = Contact(id: 4, uid: "u4", name: "Alan M. Turing")
  static let groups = [
    DuplicateGroup(ids: [1, 2], reason: "the same e-mail (ada@x)"),
    DuplicateGroup(ids: [3, 4], reason: "the same phone (…640404)"),
  ]

  let people = InMemoryContacts([])

  private func store(_ fake: FakeDuplicates) -> TestStore<AppState, AppAction> {
    var dependencies = AppDependencies(
      auth: FakeAccounts { _, _ in .success(Self.ada) }.client, contacts: { [client = people.client] _ in client })
    dependencies.duplicates = { [client = fake.client] _ in client }
    var state = AppState(route: .signIn)
    state.session = .signedIn(SignedIn(user: Self.ada))
    state.route = AppRoute.duplicates.route
    return TestStore(initialState: state, reducer: appReducer(dependencies), timeout: Self.timeout)
  }

  private func found(_ store: TestStore<AppState, AppAction>) async {
    store.send(.duplicates(.find)) { $0.signedIn?.duplicates.search = .finding(done: 0, total: 0) }
    await store.receive(.duplicates(.progress(done: 0, total: 4))) {
      $0.signedIn?.duplicates.search = .finding(done: 0, total: 4)
    }
    await store.receive(.duplicates(.progress(done: 4, total: 4))) {
      $0.signedIn?.duplicates.search = .finding(done: 4, total: 4)
    }
    await store.receive(.duplicates(.found(Self.groups))) {
      $0.signedIn?.duplicates.search = .found
      $0.signedIn?.duplicates.groups = Self.groups
      $0.signedIn?.duplicates.foundSizes = [1: 2, 3: 2]
      $0.signedIn?.duplicates.pair = .loading
    }
    await store.receive(.duplicates(.pairLoaded(ids: [1, 2], [Self.lovelace, Self.king]))) {
      $0.signedIn?.duplicates.pair = .loaded(ContactPair(survivor: Self.lovelace, other: Self.king))
    }
  }

  @Test func findsThenPicksMergesAndUndoes() async {
    let fake = FakeDuplicates([Self.lovelace, Self.king, Self.alan, Self.alanAgain], groups: Self.groups)
    let store = store(fake)
    await found(store)
    // Name and notes differ (the title only the other fills): the cursor moves between them.
    #expect(store.state.signedIn?.duplicates.pair?.value?.choices == [.name, .notes])
    store.send(.duplicates(.moveChoice(by: 1))) { $0.signedIn?.duplicates.selectedChoice = 1 }
    store.send(.duplicates(.moveChoice(by: 5)))
    store.send(.duplicates(.takeFromOther(true))) { $0.signedIn?.duplicates.takeFromOther = [.notes] }

    store.send(.duplicates(.askToMerge)) {
      $0.dialog = .confirmation(
        title: "Merge contacts?",
        message: "Merge “Ada King” into “Ada Lovelace”? One contact remains, with the e-mails, phones and "
          + "addresses of both; u undoes it while this screen is open.",
        confirm: "Merge", sends: .duplicates(.merge))
    }
    store.send(.dismissDialog) { $0.dialog = nil }
    store.send(.duplicates(.merge)) { $0.signedIn?.duplicates.isWriting = true }
    let merged = ContactMerge.merged(Self.lovelace, Self.king, takingFromOther: [.notes])
    #expect(merged.notes == "Likes poetry" && merged.title == "Countess" && merged.name == "Ada Lovelace")
    let record = MergeRecord(survivor: Self.lovelace, other: Self.king, merged: merged, group: Self.groups[0])
    await store.receive(.duplicates(.merged(record))) {
      $0.signedIn?.duplicates.isWriting = false
      $0.signedIn?.duplicates.lastMerge = record
      $0.signedIn?.duplicates.message = .done("Merged “Ada King” into “Ada Lovelace”. u undoes it.")
      // The group is done: the next one comes up.
      $0.signedIn?.duplicates.groups = [Self.groups[1]]
      $0.signedIn?.duplicates.pair = .loading
      $0.signedIn?.duplicates.takeFromOther = []
      $0.signedIn?.duplicates.selectedChoice = 0
    }
    // The next pair loads; the list, the search and sync are told (in no fixed order).
    await store.finish()
    #expect(store.receivedActions.contains(.sync(.changedHere)))
    #expect(store.receivedActions.contains(.duplicates(.pairLoaded(ids: [3, 4], [Self.alan, Self.alanAgain]))))
    store.skipReceivedActions()
    #expect(store.state.signedIn?.duplicates.pair == .loaded(ContactPair(survivor: Self.alan, other: Self.alanAgain)))
    #expect(fake.contacts.withLock { $0[2] } == nil)

    store.send(.duplicates(.undo)) {
      $0.signedIn?.duplicates.isWriting = true
      $0.signedIn?.duplicates.message = nil
    }
    var back = Self.king
    back.id = 99
    await store.receive(.duplicates(.undone(MergeUndone(survivor: Self.lovelace, other: back)))) {
      $0.signedIn?.duplicates.isWriting = false
      $0.signedIn?.duplicates.lastMerge = nil
      $0.signedIn?.duplicates.message = .done("Undone: “Ada King” is back.")
      // Ada's group is back where it was, with the other under its new id.
      $0.signedIn?.duplicates.groups = [
        DuplicateGroup(ids: [1, 99], reason: "the same e-mail (ada@x)"), Self.groups[1],
      ]
      $0.signedIn?.duplicates.pair = .loading
    }
    await store.finish()
    #expect(store.receivedActions.contains(.duplicates(.pairLoaded(ids: [1, 99], [Self.lovelace, back]))))
    store.skipReceivedActions()
    #expect(store.state.signedIn?.duplicates.pair == .loaded(ContactPair(survivor: Self.lovelace, other: back)))
  }

  /// A group of three shows its second, then its third contact beside the first, counting
  /// from the size it was found with.
  @Test func aGroupOfThreeSaysWhichContactIsBesideTheFirst() {
    var state = DuplicatesState()
    #expect(state.placeInGroup == nil)
    state.groups = [DuplicateGroup(ids: [1, 2, 5], reason: "the same e-mail (ada@x)")]
    state.foundSizes = [1: 3]
    #expect(state.placeInGroup?.contact == 2 && state.placeInGroup?.of == 3)
    state.groups[0].ids = [1, 5]
    #expect(state.placeInGroup?.contact == 3 && state.placeInGroup?.of == 3)
  }

  @Test func keepingApartAndSkippingMoveOnAndAMergeRefusedSaysWhy() async {
    let fake = FakeDuplicates(
      [Self.lovelace, Self.king, Self.alan, Self.alanAgain], groups: Self.groups, refuseMerge: true)
    let store = store(fake)
    await found(store)
    store.send(.duplicates(.skip)) {
      $0.signedIn?.duplicates.position = 1
      $0.signedIn?.duplicates.pair = .loading
    }
    await store.receive(.duplicates(.pairLoaded(ids: [3, 4], [Self.alan, Self.alanAgain]))) {
      $0.signedIn?.duplicates.pair = .loaded(ContactPair(survivor: Self.alan, other: Self.alanAgain))
    }
    store.send(.duplicates(.merge)) { $0.signedIn?.duplicates.isWriting = true }
    await store.receive(
      .duplicates(.writeFailed("“Alan M. Turing” changed meanwhile, so nothing was done: here it is as it is now."))
    ) {
      $0.signedIn?.duplicates.isWriting = false
      $0.signedIn?.duplicates.message = .failed(
        "“Alan M. Turing” changed meanwhile, so nothing was done: here it is as it is now.")
      $0.signedIn?.duplicates.pair = .loading
    }
    await store.receive(.duplicates(.pairLoaded(ids: [3, 4], [Self.alan, Self.alanAgain]))) {
      $0.signedIn?.duplicates.pair = .loaded(ContactPair(survivor: Self.alan, other: Self.alanAgain))
    }
    store.send(.duplicates(.keepApart)) {
      $0.signedIn?.duplicates.isWriting = true
      $0.signedIn?.duplicates.message = nil
    }
    await store.receive(.duplicates(.keptApart(survivor: 3, other: 4))) {
      $0.signedIn?.duplicates.isWriting = false
      $0.signedIn?.duplicates.message = .done(
        "“Alan Turing” and “Alan M. Turing” are not duplicates: never proposed again.")
      $0.signedIn?.duplicates.groups = [Self.groups[0]]
      $0.signedIn?.duplicates.position = 0
      $0.signedIn?.duplicates.pair = .loading
    }
    await store.receive(.duplicates(.pairLoaded(ids: [1, 2], [Self.lovelace, Self.king]))) {
      $0.signedIn?.duplicates.pair = .loaded(ContactPair(survivor: Self.lovelace, other: Self.king))
    }
    #expect(fake.keptApart.withLock { $0 } == [["u3", "u4"]])
    // The last pair kept apart: nothing is left.
    store.send(.duplicates(.keepApart)) {
      $0.signedIn?.duplicates.isWriting = true
      $0.signedIn?.duplicates.message = nil
    }
    await store.receive(.duplicates(.keptApart(survivor: 1, other: 2))) {
      $0.signedIn?.duplicates.isWriting = false
      $0.signedIn?.duplicates.message = .done(
        "“Ada Lovelace” and “Ada King” are not duplicates: never proposed again.")
      $0.signedIn?.duplicates.groups = []
      $0.signedIn?.duplicates.pair = nil
    }
    await store.finish()
  }
}
