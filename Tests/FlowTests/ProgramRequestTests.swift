import Flow
import FlowTesting
import Testing

private enum AppAction: Equatable, Sendable {
  case quitKey
  case suspendKey
  case increment
}

/// Quits only when nothing is unsaved (a count above zero stands for unsaved work).
private let app = Reducer<Counter, AppAction> { state, action in
  switch action {
  case .quitKey: return state.count == 0 ? .quit : .none
  case .suspendKey: return .suspend
  case .increment:
    state.count += 1
    return .none
  }
}

/// Quitting and suspending are effects a reducer returns: the program carries them out after
/// the batch, and a test store makes the test check each one.
@MainActor
struct ProgramRequestTests {
  @Test func theProgramHearsRequestsOnceTheBatchIsReduced() {
    let store = Store(initialState: Counter(), reducer: app)
    var heard: [(ProgramRequest, Int)] = []
    store.programRequestHandler = { [unowned store] request in heard.append((request, store.state.count)) }
    store.send(.increment)
    store.send(.quitKey)
    #expect(heard.isEmpty, "the reducer decides: unsaved work keeps the app")
    store.send(.suspendKey)
    #expect(heard.map(\.0) == [.suspend])
  }

  @Test func aTestStoreChecksEachRequest() {
    let store = TestStore(initialState: Counter(), reducer: app)
    store.send(.quitKey)
    store.assertRequested(.quit)
    store.send(.suspendKey)
    store.assertRequested(.suspend)
  }

  @Test func anUncheckedRequestFails() {
    withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: app)
      store.send(.quitKey)
    } matching: { issue in
      issue.description.contains("did not check it with assertRequested")
    }
  }

  @Test func checkingARequestThatWasNotMadeFails() {
    withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: app)
      store.send(.increment) { $0.count = 1 }
      store.send(.quitKey)
      store.assertRequested(.quit)
    } matching: { issue in
      issue.description.contains("nothing was asked of it")
    }
  }
}
