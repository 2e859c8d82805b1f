import Synchronization

/// A server's combined stdout and stderr, read as it comes: `waitUntilReady()` returns once the
/// line that says the server listens appears (true) or the output ends because the process
/// exited (false). Timing comes from the server's own words, never from sleeps. After that the
/// output keeps being drained, so a chatty server never blocks on a full pipe; the last part is
/// kept for failure messages.
final class ServerOutput: Sendable {
  private struct State {
    var text = ""
    var isReady = false
    var hasEnded = false
    var waiters: [CheckedContinuation<Bool, Never>] = []
  }

  private static let keptAfterReady = 16 * 1024
  private let readyMarker: String
  private let state = Mutex(State())

  init(readyMarker: String) {
    self.readyMarker = readyMarker
  }

  /// True once the server said it listens; false if its output ended first (it exited).
  func waitUntilReady() async -> Bool {
    await withCheckedContinuation { continuation in
      let answer: Bool? = state.withLock { state in
        if state.isReady { return true }
        if state.hasEnded { return false }
        state.waiters.append(continuation)
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }

  /// What the server wrote (all of it until ready, the last part after).
  var text: String { state.withLock { $0.text } }

  /// The next chunk the server wrote (``ServerProcess`` reads them as they come).
  func append(_ chunk: String) {
    let waiters: [CheckedContinuation<Bool, Never>] = state.withLock { state in
      state.text += chunk
      if state.isReady {
        if state.text.utf8.count > 2 * Self.keptAfterReady {
          state.text = String(state.text.suffix(Self.keptAfterReady))
        }
        return []
      }
      guard state.text.contains(readyMarker) else { return [] }
      state.isReady = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume(returning: true) }
  }

  /// The output ended: the server closed it, mostly by exiting.
  func end() {
    let (waiters, ready) = state.withLock { state in
      state.hasEnded = true
      defer { state.waiters = [] }
      return (state.waiters, state.isReady)
    }
    for waiter in waiters { waiter.resume(returning: ready) }
  }
}
