import Flow
import Foundation
import Testing

/// The promises of `Store.send`: FIFO, never re-entrant, one notification pass per batch,
/// states delivered in order without duplicates, and safe dispatch from other threads.
@MainActor
struct DispatchSemanticsTests {
  @Test func actionsSentFromASubscriberAreQueuedNotReentered() {
    let reduced = Log<CounterAction>()
    let depth = Log<Int>()
    let nesting = Box(0)
    let store = Store(
      initialState: Counter(),
      reducer: counterReducer,
      middleware: [
        Middleware(
          intercept: { action, _ in
            nesting.value += 1
            depth.append(nesting.value)
            return action
          },
          didReduce: { action, _ in
            nesting.value -= 1
            reduced.append(action)
          })
      ]
    )
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    store.subscribe(first, select: \.count)
    store.subscribe(second, select: \.count)
    first.onReceive = { count in
      // Sent in the middle of a notification pass: must wait until the pass is over.
      if count == 1 { store.send(.add(10)) }
    }

    store.send(.increment)

    #expect(depth.entries.allSatisfy { $0 == 1 })
    #expect(reduced.entries == [.increment, .add(10)])
    // The second subscriber saw 1 before 11: no stale state after a newer one, no duplicates.
    #expect(first.values == [0, 1, 11])
    #expect(second.values == [0, 1, 11])
  }

  @Test func everySubscriberSeesStatesInOrderWhenSeveralDispatchFromCallbacks() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let recorders = (0..<5).map { _ in Recorder<Int>() }
    for recorder in recorders { store.subscribe(recorder, select: \.count) }
    recorders[1].onReceive = { if $0 < 3 { store.send(.increment) } }
    recorders[3].onReceive = { if $0 == 3 { store.send(.add(100)) } }

    store.send(.increment)

    for recorder in recorders {
      #expect(recorder.values == [0, 1, 2, 3, 103])
    }
  }

  @Test func synchronousFollowUpsCoalesceIntoOneNotification() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let recorder = Recorder<Int>()
    store.subscribe(recorder, select: \.count, skipRepeats: .never)

    store.send(.incrementThenFollowUps(3))

    // Initial value, then a single pass after the action and its three follow-ups.
    #expect(recorder.values == [0, 4])
  }

  @Test func hundredThousandChainedFollowUpsRunWithoutStackGrowth() {
    let chain = Reducer<Counter, CounterAction> { state, action in
      guard case .add(let remaining) = action, remaining > 0 else { return .none }
      state.count += 1
      return .send(.add(remaining - 1))
    }
    let store = Store(initialState: Counter(), reducer: chain)
    let recorder = Recorder<Int>()
    store.subscribe(recorder, select: \.count)

    store.send(.add(100_000))

    #expect(store.state.count == 100_000)
    #expect(recorder.values == [0, 100_000])
  }

  @Test func concurrentDispatchFromOtherTasksIsSerialisedOnTheMainActor() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask { await store.send(.increment) }
      }
    }
    #expect(store.state.count == 1_000)
  }

  @Test func sinkDeliversActionsFromAnotherThreadInOrder() async {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let recorder = Recorder<Int>()
    store.subscribe(recorder, select: \.count)
    let sink = store.sink
    let arrivals = AsyncStream<Int>.makeStream()
    recorder.onReceive = { arrivals.continuation.yield($0) }

    let thread = Thread {
      for amount in 1...200 { sink(.add(amount)) }
    }
    thread.start()

    for await count in arrivals.stream where count == (1...200).reduce(0, +) {
      break
    }
    #expect(store.state.count == 20_100)
    // Every delivered value is a prefix sum: the actions were reduced in the order sent.
    let prefixSums = Set((1...200).map { n in n * (n + 1) / 2 })
    #expect(recorder.values.dropFirst().allSatisfy { prefixSums.contains($0) })
    #expect(recorder.values == recorder.values.sorted())
  }
}
