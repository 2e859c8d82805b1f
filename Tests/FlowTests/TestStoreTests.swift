import Flow
import FlowTesting
import Testing

private enum TimerAction: Equatable, Sendable {
  case start
  case tick
  case stop
}

private func timerReducer(clock: some Clock<Duration>) -> Reducer<Counter, TimerAction> {
  Reducer { state, action in
    switch action {
    case .start:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: "timer")
    case .tick:
      state.count += 1
      return .none
    case .stop:
      return .cancel(id: "timer")
    }
  }
}

/// The TestStore's own promises, including that it fails when it should.
@MainActor
struct TestStoreTests {
  @Test func timeIsControlledByTheTest() async {
    let clock = ControlledClock()
    let store = TestStore(initialState: Counter(), reducer: timerReducer(clock: clock))
    store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 2 }
    store.send(.stop)
    await store.finish()
  }

  @Test func synchronousFollowUpsMustBeReceived() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.send(.incrementThenFollowUps(2)) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
    await store.receive(.increment) { $0.count = 3 }
  }

  @Test func wrongStateExpectationFails() {
    withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: counterReducer)
      store.send(.add(2)) { $0.count = 3 }
    } matching: { issue in
      issue.description.contains("State change does not match expectation")
    }
  }

  @Test func unassertedStateChangeFails() {
    withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: counterReducer)
      store.send(.increment)
    }
  }

  @Test func unexpectedReceivedActionFails() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: counterReducer)
      store.send(.incrementThenFollowUps(1)) { $0.count = 1 }
      await store.receive(.reset) { $0.count = 2 }
    } matching: { issue in
      issue.description.contains("Received an unexpected action")
    }
  }

  @Test func unhandledReceivedActionsFailWhenTheStoreGoesAway() {
    withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: counterReducer)
      store.send(.incrementThenFollowUps(1)) { $0.count = 1 }
    } matching: { issue in
      issue.description.contains("did not handle")
    }
  }

  @Test func sendingBeforeHandlingReceivedActionsFails() {
    withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: counterReducer)
      store.send(.incrementThenFollowUps(1)) { $0.count = 1 }
      store.send(.reset) { $0.count = 0 }
    } matching: { issue in
      issue.description.contains("Must handle 1 received action")
    }
  }

  @Test func effectsStillRunningAtTheEndFail() {
    let clock = ControlledClock()
    withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: timerReducer(clock: clock))
      store.send(.start)
    } matching: { issue in
      issue.description.contains("still running")
    }
  }

  @Test func receivingWithNoEffectsRunningFailsAtOnce() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: counterReducer)
      store.send(.increment) { $0.count = 1 }
      await store.receive(.increment)
    } matching: { issue in
      issue.description.contains("no effects are running")
    }
  }

  @Test func receiveTimesOutWhenTheClockIsNotAdvanced() async {
    let clock = ControlledClock()
    await withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: timerReducer(clock: clock), timeout: .milliseconds(50))
      store.send(.start)
      await store.receive(.tick) { $0.count = 1 }
      store.cancelInFlightEffects()
    } matching: { issue in
      issue.description.contains("nothing arrived")
    }
  }
}
