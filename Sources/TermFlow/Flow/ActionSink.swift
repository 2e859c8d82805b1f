import Synchronization

/// Dispatches actions into a store from any thread: input readers, signal handlers, callbacks
/// of C libraries.
///
/// Actions are collected in a lock-protected mailbox and drained on the main actor in the order
/// they were sent; all the actions that arrive before the store gets to them are reduced as one
/// batch, with one notification pass. Code that is already async can simply `await store.send`.
public struct ActionSink<Action: Sendable>: Sendable {
  let mailbox: Mailbox<Action>
  let wake: @Sendable () -> Void

  public func callAsFunction(_ action: Action) {
    if mailbox.post(action) { wake() }
  }
}

/// Actions posted from other threads, waiting for the main actor.
final class Mailbox<Action: Sendable>: Sendable {
  private let pending = Mutex<[Action]>([])

  /// Adds `action`; `true` when the mailbox was empty, i.e. a drain must be scheduled.
  func post(_ action: Action) -> Bool {
    pending.withLock { pending in
      pending.append(action)
      return pending.count == 1
    }
  }

  func takeAll() -> [Action] {
    pending.withLock { pending in
      defer { pending.removeAll(keepingCapacity: true) }
      return pending
    }
  }
}
