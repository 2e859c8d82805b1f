import Synchronization

/// A value that is settled once and awaited by any number of tasks without blocking a thread:
/// a started server's process id, a request to stop it. The first `settle` wins; later ones are
/// ignored, so two sides that race to settle it (the server's output ending, a test stopping
/// it) need not coordinate.
final class OneShot<Value: Sendable>: Sendable {
  private struct State {
    var value: Result<Value, any Error>?
    var waiters: [CheckedContinuation<Value, any Error>] = []
  }

  private let state = Mutex(State())

  init() {}

  /// Settles it with `result` unless it is settled already; true if this call settled it.
  @discardableResult
  func settle(_ result: Result<Value, any Error>) -> Bool {
    let waiters: [CheckedContinuation<Value, any Error>]? = state.withLock { state in
      guard state.value == nil else { return nil }
      state.value = result
      defer { state.waiters = [] }
      return state.waiters
    }
    guard let waiters else { return false }
    for waiter in waiters { waiter.resume(with: result) }
    return true
  }

  /// The value once settled (at once if it is).
  var value: Value {
    get async throws {
      try await withCheckedThrowingContinuation { continuation in
        let settled: Result<Value, any Error>? = state.withLock { state in
          if state.value == nil { state.waiters.append(continuation) }
          return state.value
        }
        if let settled { continuation.resume(with: settled) }
      }
    }
  }
}
