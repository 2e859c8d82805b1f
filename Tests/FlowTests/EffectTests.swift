import Flow
import FlowTesting
import Testing

private struct Search: Equatable {
  var query = ""
  var results: [String] = []
  var error: String?
}

private enum SearchAction: Equatable, Sendable {
  case queryChanged(String)
  case resultsLoaded([String])
  case failed(String)
  case stop
}

private struct LookupFailed: Error {}

/// Search-as-you-type: each keystroke waits 300 ms (debounce) on the injected clock, then
/// "loads" results; a newer keystroke cancels the older one.
private func searchReducer(clock: some Clock<Duration>) -> Reducer<Search, SearchAction> {
  Reducer { state, action in
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in
        try await clock.sleep(for: .milliseconds(300))
        if query == "boom" { throw LookupFailed() }
        await send(.resultsLoaded([query.uppercased()]))
      } onError: { _, send in
        await send(.failed("lookup failed"))
      }
      .cancellable(id: "search", cancelInFlight: true)
    case .resultsLoaded(let results):
      state.results = results
      return .none
    case .failed(let message):
      state.error = message
      return .none
    case .stop:
      return .cancel(id: "search")
    }
  }
}

@MainActor
struct EffectTests {
  @Test func runEffectFeedsItsResultBack() async {
    let clock = ControlledClock()
    let store = TestStore(initialState: Search(), reducer: searchReducer(clock: clock))
    store.send(.queryChanged("zo")) { $0.query = "zo" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(["ZO"])) { $0.results = ["ZO"] }
    await store.finish()
  }

  @Test func cancelInFlightKeepsOnlyTheLatestSearch() async {
    let clock = ControlledClock()
    let store = TestStore(initialState: Search(), reducer: searchReducer(clock: clock))
    store.send(.queryChanged("z")) { $0.query = "z" }
    await clock.advance(by: .milliseconds(100))
    store.send(.queryChanged("zo")) { $0.query = "zo" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.resultsLoaded(["ZO"])) { $0.results = ["ZO"] }
    await store.finish()
  }

  @Test func cancelByIDStopsWorkAndDropsItsSends() async {
    let clock = ControlledClock()
    let store = TestStore(initialState: Search(), reducer: searchReducer(clock: clock))
    store.send(.queryChanged("zo")) { $0.query = "zo" }
    store.send(.stop)
    await clock.advance(by: .seconds(1), waitingForSleepers: 0)
    await store.finish()
  }

  @Test func errorsGoToTheHandler() async {
    let clock = ControlledClock()
    let store = TestStore(initialState: Search(), reducer: searchReducer(clock: clock))
    store.send(.queryChanged("boom")) { $0.query = "boom" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.failed("lookup failed")) { $0.error = "lookup failed" }
    await store.finish()
  }

  @Test func storeCancelEffectsIsHowACoordinatorStopsAScreensWork() async {
    let clock = ControlledClock()
    let store = Store(initialState: Search(), reducer: searchReducer(clock: clock))
    store.send(.queryChanged("zo"))
    #expect(store.activeEffectCount == 1)
    store.cancelEffects(id: "search")
    #expect(store.activeEffectCount == 0)
    await clock.advance(by: .seconds(1), waitingForSleepers: 0)
    await store.waitForEffects()
    #expect(store.state.results.isEmpty)
  }

  /// What an action sent on behalf of an owner starts is cancelled by the owner's id, with no
  /// id of its own in the reducer; an action sent plainly is not the owner's.
  @Test func effectsStartedOnBehalfOfAnOwnerAreCancelledWithIt() async {
    let clock = ControlledClock()
    let store = Store(initialState: Search(), reducer: searchReducer(clock: clock))
    store.send(.queryChanged("zo"), owner: "the search screen")
    #expect(store.activeEffectCount == 1)
    store.cancelEffects(id: "another screen")
    #expect(store.activeEffectCount == 1)
    store.cancelEffects(id: "the search screen")
    #expect(store.activeEffectCount == 0)
    store.send(.queryChanged("zoë"))
    store.cancelEffects(id: "the search screen")
    #expect(store.activeEffectCount == 1, "sent plainly, it is not the screen's")
    store.cancelEffects(id: "search")
    await clock.advance(by: .seconds(1), waitingForSleepers: 0)
    await store.waitForEffects()
    #expect(store.state.results.isEmpty)
  }

  @Test func mergedEffectsAllRun() async {
    let reducer = Reducer<Counter, CounterAction> { state, action in
      switch action {
      case .reset:
        return .merge(
          .run { send in await send(.add(1)) },
          .run { send in await send(.add(2)) },
          .none
        )
      default:
        return counterReducer.reduce(into: &state, action: action)
      }
    }
    let store = Store(initialState: Counter(), reducer: reducer)
    store.send(.reset)
    await store.waitForEffects()
    #expect(store.state.count == 3)
  }
}

/// A background effect waits on the outside world (a file watcher): it delivers actions like
/// any effect and is cancelled like any, but it is not work in progress.
@MainActor
struct BackgroundEffectTests {
  private enum Action: Equatable, Sendable {
    case watch
    case changed
    case stop
  }

  @Test func aBackgroundEffectDeliversButDoesNotKeepTheStoreBusy() async {
    let (events, continuation) = AsyncStream.makeStream(of: Void.self)
    let reducer = Reducer<Int, Action> { count, action in
      switch action {
      case .watch:
        return .run { send in
          for await _ in events { await send(.changed) }
        }
        .cancellable(id: "watch")
        .background()
      case .changed:
        count += 1
        return .none
      case .stop:
        return .cancel(id: "watch")
      }
    }
    let store = TestStore(initialState: 0, reducer: reducer)
    store.send(.watch)
    continuation.yield()
    await store.receive(.changed) { $0 = 1 }
    // Waiting for effects does not wait for the watch.
    await store.finish()
    store.send(.stop)
    continuation.finish()
  }

  @Test func aBackgroundEffectIsNotCountedAsRunning() async {
    let (events, continuation) = AsyncStream.makeStream(of: Void.self)
    let store = Store<Int, Int>(
      initialState: 0,
      reducer: Reducer { _, _ in
        .run { _ in for await _ in events {} }.cancellable(id: "watch").background()
      })
    store.send(1)
    #expect(store.activeEffectCount == 0)
    #expect(store.runningEffectCount == 0)
    #expect(store.backgroundEffectCount == 1)
    await store.waitForEffects()
    store.cancelEffects(id: "watch")
    #expect(store.backgroundEffectCount == 0)
    continuation.finish()
  }
}
