import ContactsModel
import Flow
import FlowTesting
import Synchronization
import Testing

@testable import ContactsCore

/// An in-memory, sorted contact list answering keyset page requests like the database does.
final class FakeContacts: Sendable {
  let all: [Contact]
  let requests = Mutex<[PageRequest]>([])

  init(count: Int) {
    all = (0..<count).map { Contact(id: Int64($0 + 1), name: String(format: "Person %06d", $0)) }
      .sorted { ($0.position.sortKey, $0.id) < ($1.position.sortKey, $1.id) }
  }

  var client: ContactsClient {
    ContactsClient(
      count: { _ in self.all.count },
      page: { request, limit, _ in
        self.requests.withLock { $0.append(request) }
        let before = { (contact: Contact, position: ContactPosition) in
          (contact.position.sortKey, contact.id) < (position.sortKey, position.id)
        }
        switch request {
        case .first: return Array(self.all.prefix(limit))
        case .last: return Array(self.all.suffix(limit))
        case .after(let position):
          return Array(self.all.filter { before(position.asContact, $0.position) }.prefix(limit))
        case .before(let position): return Array(self.all.filter { before($0, position) }.suffix(limit))
        }
      })
  }
}

extension ContactPosition {
  fileprivate var asContact: Contact {
    Contact(id: id, name: sortKey)
  }
}

@MainActor
struct ContactsBrowserTests {
  private func makeStore(count: Int, rows: Int = 20) async -> (
    Store<ContactsBrowser, ContactsBrowserAction>, FakeContacts
  ) {
    let contacts = FakeContacts(count: count)
    let store = Store(initialState: ContactsBrowser(), reducer: contactsBrowserReducer(client: contacts.client))
    store.send(.appeared(visibleRows: rows))
    await settle(store)
    return (store, contacts)
  }

  /// Lets every load the last action started finish (and the loads those started). A chain
  /// longer than any legitimate one means the browser is looping: fail instead of hanging.
  private func settle(
    _ store: Store<ContactsBrowser, ContactsBrowserAction>, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    for _ in 0..<50 {
      guard store.runningEffectCount > 0 else { return }
      await store.waitForEffects()
    }
    Issue.record("page loads did not settle: the browser keeps asking for pages", sourceLocation: sourceLocation)
    store.cancelAllEffects()
  }

  private func expectConsistent(
    _ store: Store<ContactsBrowser, ContactsBrowserAction>, _ contacts: FakeContacts,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let browser = store.state
    #expect(browser.selectedContact == contacts.all[browser.window.selected], sourceLocation: sourceLocation)
    #expect(browser.visibleRows.allSatisfy { $0 != nil }, "a visible row is missing", sourceLocation: sourceLocation)
    #expect(browser.loaded.count <= ContactsBrowser.maximumLoaded, sourceLocation: sourceLocation)
    #expect(
      browser.loaded == Array(contacts.all[browser.loadedStart..<(browser.loadedStart + browser.loaded.count)]),
      "the segment is contiguous and in order", sourceLocation: sourceLocation)
  }

  @Test func appearingCountsAndLoadsTheFirstPage() async {
    let (store, contacts) = await makeStore(count: 5_000)
    #expect(store.state.window.total == 5_000)
    #expect(store.state.loadedStart == 0)
    expectConsistent(store, contacts)
  }

  @Test func walkingDownTheListKeepsEveryRowLoadedAndMemoryBounded() async {
    let (store, contacts) = await makeStore(count: 5_000)
    for step in 0..<1_200 {
      store.send(.move(.down))
      await settle(store)
      if step % 97 == 0 { expectConsistent(store, contacts) }
    }
    #expect(store.state.window.selected == 1_200)
    expectConsistent(store, contacts)
    #expect(store.state.loadedStart > 0, "rows far behind were dropped")
  }

  @Test func endAndHomeJumpToTheEnds() async {
    let (store, contacts) = await makeStore(count: 5_000)
    store.send(.move(.end))
    await settle(store)
    #expect(store.state.window.selected == 4_999)
    expectConsistent(store, contacts)
    for _ in 0..<30 {
      store.send(.move(.pageUp))
      await settle(store)
    }
    expectConsistent(store, contacts)
    store.send(.move(.home))
    await settle(store)
    #expect(store.state.window.selected == 0)
    expectConsistent(store, contacts)
  }

  @Test func pagingDownFarLoadsWhatItPassesThrough() async {
    let (store, contacts) = await makeStore(count: 5_000, rows: 40)
    for _ in 0..<60 {
      store.send(.move(.pageDown))
      await settle(store)
      expectConsistent(store, contacts)
    }
  }

  @Test func anEmptyListLoadsNothing() async {
    let (store, contacts) = await makeStore(count: 0)
    #expect(store.state.window.total == 0)
    #expect(store.state.visibleRows.isEmpty)
    #expect(contacts.requests.withLock { $0 }.isEmpty)
  }

  @Test func aPageWithNothingNewEndsTheLoading() async {
    let contacts = FakeContacts(count: 1_000)
    let empty = ContactsClient(count: { _ in 1_000 }, page: { _, _, _ in [] })
    let store = Store(initialState: ContactsBrowser(), reducer: contactsBrowserReducer(client: empty))
    store.send(.appeared(visibleRows: 20))
    await settle(store)
    #expect(store.state.loaded.isEmpty)
    #expect(store.state.pending == nil)
    _ = contacts
  }

  @Test func movesWithinTheSegmentAskForNothing() async {
    let (store, contacts) = await makeStore(count: 5_000)
    let before = contacts.requests.withLock { $0.count }
    for _ in 0..<10 { store.send(.move(.down)) }
    await settle(store)
    #expect(contacts.requests.withLock { $0.count } == before)
  }
}
