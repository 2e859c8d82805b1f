import Flow
import Testing

private struct Parent: Equatable {
  var counter = Counter()
  var optionalCounter: Counter?
  var log: [String] = []
}

private enum ParentAction: Equatable, Sendable {
  case counter(CounterAction)
  case optionalCounter(CounterAction)
  case note(String)
}

private let toCounter = ActionPath<ParentAction, CounterAction>(
  embed: ParentAction.counter,
  extract: { if case .counter(let action) = $0 { action } else { nil } }
)
private let toOptionalCounter = ActionPath<ParentAction, CounterAction>(
  embed: ParentAction.optionalCounter,
  extract: { if case .optionalCounter(let action) = $0 { action } else { nil } }
)

private enum Session: Equatable {
  case signedOut
  case signedIn(Counter)
}

private let signedInCounter = StatePath<Session, Counter>(
  extract: { if case .signedIn(let counter) = $0 { counter } else { nil } },
  embed: { session, counter in session = .signedIn(counter) }
)

@MainActor
struct ReducerCompositionTests {
  @Test func pullbackAppliesChildActionsToTheChildSlice() {
    let reducer = counterReducer.pullback(state: \Parent.counter, action: toCounter)
    var state = Parent()
    _ = reducer.reduce(into: &state, action: .counter(.add(5)))
    _ = reducer.reduce(into: &state, action: .note("ignored by the child"))
    #expect(state.counter.count == 5)
    #expect(state.log.isEmpty)
  }

  @Test func combineRunsReducersInOrder() {
    let logger = Reducer<Parent, ParentAction> { state, action in
      state.log.append("count was \(state.counter.count)")
      return .none
    }
    let reducer = Reducer.combine(
      counterReducer.pullback(state: \Parent.counter, action: toCounter),
      logger
    )
    var state = Parent()
    _ = reducer.reduce(into: &state, action: .counter(.increment))
    #expect(state.log == ["count was 1"])
  }

  @Test func optionalChildIsReducedOnlyWhenPresent() {
    let reducer = counterReducer.pullback(state: StatePath(\Parent.optionalCounter), action: toOptionalCounter)
    var state = Parent()
    _ = reducer.reduce(into: &state, action: .optionalCounter(.increment))
    #expect(state.optionalCounter == nil)
    state.optionalCounter = Counter(count: 10)
    _ = reducer.reduce(into: &state, action: .optionalCounter(.increment))
    #expect(state.optionalCounter == Counter(count: 11))
  }

  @Test func enumCaseChildIsReducedInPlace() {
    let reducer = counterReducer.pullback(
      state: signedInCounter,
      action: ActionPath<CounterAction, CounterAction>(embed: { $0 }, extract: { $0 })
    )
    var session = Session.signedOut
    _ = reducer.reduce(into: &session, action: .increment)
    #expect(session == .signedOut)
    session = .signedIn(Counter(count: 1))
    _ = reducer.reduce(into: &session, action: .add(2))
    #expect(session == .signedIn(Counter(count: 3)))
  }

  @Test func childEffectsAreLiftedIntoParentActions() {
    let seen = Log<ParentAction>()
    let store = Store(
      initialState: Parent(),
      reducer: counterReducer.pullback(state: \Parent.counter, action: toCounter),
      middleware: [Middleware(didReduce: { action, _ in seen.append(action) })]
    )
    store.send(.counter(.incrementThenFollowUps(2)))
    #expect(seen.entries == [.counter(.incrementThenFollowUps(2)), .counter(.increment), .counter(.increment)])
    #expect(store.state.counter.count == 3)
  }
}
