import Flow

/// A small feature used across the tests: a counter with a log of what it saw.
struct Counter: Equatable, Sendable {
  var count = 0
}

enum CounterAction: Equatable, Sendable {
  case increment
  case add(Int)
  case incrementThenFollowUps(Int)
  case reset
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
  switch action {
  case .increment:
    state.count += 1
    return .none
  case .add(let amount):
    state.count += amount
    return .none
  case .incrementThenFollowUps(let followUps):
    state.count += 1
    return .merge((0..<followUps).map { _ in .send(.increment) })
  case .reset:
    state.count = 0
    return .none
  }
}

/// Records every value a subscription delivers.
@MainActor
final class Recorder<Value>: StoreSubscriber {
  var values: [Value] = []
  var onReceive: ((Value) -> Void)?

  func receive(_ value: Value) {
    values.append(value)
    onReceive?(value)
  }
}

/// A main-actor list that `@Sendable @MainActor` closures (middleware, effects) can append to.
@MainActor
final class Log<Entry> {
  private(set) var entries: [Entry] = []
  func append(_ entry: Entry) { entries.append(entry) }
}

/// A main-actor mutable value for closures that must be `@Sendable`.
@MainActor
final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
