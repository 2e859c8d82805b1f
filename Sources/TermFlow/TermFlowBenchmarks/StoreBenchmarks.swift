import Benchmarking
import Flow

/// The store cases of `make bench`, after ReSwift's and TCA's own performance tests: notifying
/// and subscribing 3,000 (ReSwift's `testNotify`, `testSubscribe`), skipping unchanged values,
/// 100,000 chained and 3 coalesced follow-ups (TCA's `StoreTests`), a dispatch with no
/// subscribers. ReSwift's figures on the same machine are in Benchmarks/README.md.
@MainActor
enum StoreBenchmarks {
  struct State: Equatable {
    var count = 0
    var unrelated = 0
  }

  enum Action: Sendable {
    case increment
    case touchUnrelated
    case chain(Int)
    case incrementWithFollowUps
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .touchUnrelated:
      state.unrelated += 1
      return .none
    case .chain(let remaining):
      guard remaining > 0 else { return .none }
      state.count += 1
      return .send(.chain(remaining - 1))
    case .incrementWithFollowUps:
      state.count += 1
      return .merge(.send(.increment), .send(.increment), .send(.increment))
    }
  }

  final class Subscriber: StoreSubscriber {
    var received = 0
    func receive(_ value: Int) { received &+= 1 }
  }

  static func run(into runner: inout BenchmarkRunner) {
    let subscriberCount = 3_000

    // B1: one dispatch delivered to 3,000 subscribers with trivial (closure) selectors.
    do {
      let store = Store(initialState: State(), reducer: reducer)
      let subscribers = (0..<subscriberCount).map { _ in Subscriber() }
      for subscriber in subscribers { store.subscribe(subscriber, select: { $0.count }) }
      runner.measure("notify_3000", target: .microseconds(500)) {
        store.send(.increment)
        return 1
      }
      withExtendedLifetime(subscribers) {}
    }

    // B2: subscribing 3,000 (each delivered its current value at once).
    do {
      var store = Store(initialState: State(), reducer: reducer)
      let subscribers = (0..<subscriberCount).map { _ in Subscriber() }
      runner.measure("subscribe_3000", setUp: { store = Store(initialState: State(), reducer: reducer) }) {
        for subscriber in subscribers { store.subscribe(subscriber, select: { $0.count }) }
        return 1
      }
    }

    // B3: one dispatch where all 3,000 selected values are unchanged.
    do {
      let store = Store(initialState: State(), reducer: reducer)
      let subscribers = (0..<subscriberCount).map { _ in Subscriber() }
      for subscriber in subscribers { store.subscribe(subscriber, select: { $0.count }) }
      runner.measure("skip_3000", target: .microseconds(300)) {
        store.send(.touchUnrelated)
        return 1
      }
      precondition(subscribers.allSatisfy { $0.received == 1 }, "skip_3000 delivered repeats")
    }

    // B3 with key-path selectors, as apps often write them: a key-path read is a runtime call
    // (`swift_getAtKeyPath`), so this costs more than the closure form above.
    do {
      let store = Store(initialState: State(), reducer: reducer)
      let subscribers = (0..<subscriberCount).map { _ in Subscriber() }
      for subscriber in subscribers { store.subscribe(subscriber, select: \.count) }
      runner.measure("skip_3000_keypath") {
        store.send(.touchUnrelated)
        return 1
      }
    }

    // B12: per-dispatch cost with no subscribers, measured over 10,000 dispatches.
    do {
      let store = Store(initialState: State(), reducer: reducer)
      runner.measure("dispatch_no_subscribers", target: .nanoseconds(300)) {
        for _ in 0..<10_000 { store.send(.increment) }
        return 10_000
      }
    }

    // B7: 100,000 actions fed back synchronously by effects, in one batch, no stack growth.
    do {
      let store = Store(initialState: State(), reducer: reducer)
      let subscriber = Subscriber()
      store.subscribe(subscriber, select: { $0.count })
      runner.measure("chained_100k") {
        store.send(.chain(100_000))
        return 1
      }
    }

    // B8: one dispatch producing three synchronous follow-ups yields one notification.
    do {
      let store = Store(initialState: State(), reducer: reducer)
      let subscriber = Subscriber()
      store.subscribe(subscriber, select: \.count, skipRepeats: .never)
      let before = subscriber.received
      store.send(.incrementWithFollowUps)
      let notifications = subscriber.received - before
      precondition(notifications == 1, "coalesce: \(notifications) notifications for one batch")
      runner.measure("coalesce", counters: ["notifications_per_dispatch": notifications]) {
        store.send(.incrementWithFollowUps)
        return 1
      }
    }
  }
}
