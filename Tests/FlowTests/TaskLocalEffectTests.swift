import Flow
import FlowTesting
import Testing

private enum Caller {
  @TaskLocal static var name: String?
}

private enum GreetingAction: Equatable, Sendable {
  case greet(String)
  case greeted(String?)
  case failedFor(String?)
  case wait
  case stop
}

private struct Missing: Error {}

/// A feature that knows nothing of its caller: its effects read the task-local when they run.
private let greeter = Reducer<[String?], GreetingAction> { greetings, action in
  switch action {
  case .greet(let who):
    return .merge(
      .run { send in await send(.greeted(Caller.name)) },
      .run { _ in
        throw Missing()
      } onError: { _, send in
        await send(.failedFor(Caller.name))
      }
      .cancellable(id: who))
  case .greeted(let name), .failedFor(let name):
    greetings.append(name)
    return .none
  case .wait:
    return .run { _ in try await Task.sleep(for: .seconds(3_600)) }.cancellable(id: "wait")
  case .stop:
    return .cancel(id: "wait")
  }
}

/// `Effect.binding(_:to:)`: a parent binds a task-local to a feature's effects as it returns
/// them; each operation and error handler reads the value bound for the effect it belongs to.
@MainActor
struct TaskLocalEffectTests {
  private func bound(to name: String) -> Reducer<[String?], GreetingAction> {
    Reducer { state, action in greeter.reduce(into: &state, action: action).binding(Caller.$name, to: name) }
  }

  @Test func operationsAndErrorHandlersReadTheBoundValue() async {
    let store = TestStore(initialState: [], reducer: bound(to: "ada"))
    store.send(.greet("a"))
    await store.finish()
    #expect(store.receivedActions.sorted { "\($0)" < "\($1)" } == [.failedFor("ada"), .greeted("ada")])
    store.skipReceivedActions()
  }

  @Test func withoutABindingTheValueIsUnset() async {
    let store = TestStore(initialState: [], reducer: greeter)
    store.send(.greet("a"))
    await store.finish()
    #expect(store.receivedActions.sorted { "\($0)" < "\($1)" } == [.failedFor(nil), .greeted(nil)])
    store.skipReceivedActions()
  }

  @Test func aBoundEffectIsStillCancellable() async {
    let store = TestStore(initialState: [], reducer: bound(to: "ada"))
    store.send(.wait)
    // Its id still reaches it: the hour-long wait ends now, or `finish` fails.
    store.send(.stop)
    await store.finish()
  }
}
