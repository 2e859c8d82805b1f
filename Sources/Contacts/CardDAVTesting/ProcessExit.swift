import Foundation
import Synchronization

/// Waiting for a child process to exit without blocking a thread: the process's termination
/// handler calls `happened()`, and `wait()` suspends until it has. (Foundation's
/// `waitUntilExit()` spins a run loop on Linux, a core's worth of CPU per waiting server.)
final class ProcessExit: Sendable {
  private struct State {
    var hasExited = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  func happened() {
    let waiters = state.withLock { state in
      state.hasExited = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let hasExited = state.withLock { state in
        if !state.hasExited { state.waiters.append(continuation) }
        return state.hasExited
      }
      if hasExited { continuation.resume() }
    }
  }
}
