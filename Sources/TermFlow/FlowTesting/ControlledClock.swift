import Synchronization

/// A clock that only moves when the test moves it, and moves deterministically.
///
/// `advance(by:)` first waits until the expected number of tasks are asleep on the clock, then
/// moves time and wakes those that are due. That closes the race of clocks that advance
/// immediately: an effect that has just sent an action and is about to sleep again would
/// otherwise miss the advance and sleep forever. The wait is event-driven (each `sleep`
/// registration wakes it), never a poll.
public final class ControlledClock: Clock, Sendable {
  public struct Instant: InstantProtocol, Sendable {
    public let offset: Duration

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Waiters whose sleeper count is reached, removed from the list.
    mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let ready = waiters.filter { sleepers.count >= $0.count }
      waiters.removeAll { sleepers.count >= $0.count }
      return ready.map(\.continuation)
    }
  }

  private let state = Mutex(State())

  public init() {}

  public var now: Instant { state.withLock { $0.now } }
  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (dueNow, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
          if deadline <= state.now { return (true, []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return (false, state.satisfiedWaiters())
        }
        if dueNow { continuation.resume() }
        for waiter in ready { waiter.resume() }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Waits until at least `sleepers` tasks are asleep on the clock, then moves time forward by
  /// `duration`, waking every sleeper that is due.
  public func advance(by duration: Duration, waitingForSleepers sleepers: Int = 1) async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.sleepers.count >= sleepers { return true }
        state.waiters.append((sleepers, waiter))
        return false
      }
      if ready { waiter.resume() }
    }
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let due = state.sleepers.filter { $0.deadline <= state.now }
      state.sleepers.removeAll { $0.deadline <= state.now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}
