/// A handle to one subscription. Cancelling is optional: the store also forgets a subscription
/// once its subscriber has been released.
@MainActor
public final class Subscription {
  // Strong on purpose: an object that is weakly referenced gets a side table, which puts every
  // retain and release of it on the runtime's slow path; entries are retained on each
  // notification pass. The entry holds its owner weakly, so there is no cycle.
  private let entry: SubscriptionEntryBase

  @usableFromInline
  init(entry: SubscriptionEntryBase) {
    self.entry = entry
  }

  /// Whether values are still delivered through this subscription.
  public var isActive: Bool { entry.isActive && entry.owner != nil }

  /// Stops delivery at once, including later in a notification pass already under way.
  public func cancel() {
    entry.isActive = false
  }
}

/// What a ``Subscription`` handle can see of the store's record, whatever the state type.
@MainActor
@usableFromInline
class SubscriptionEntryBase {
  @usableFromInline weak var owner: AnyObject?
  @usableFromInline var isActive = true

  @usableFromInline
  init(owner: AnyObject) {
    self.owner = owner
  }
}

/// The store's record of one subscription.
///
/// `notify` is built by `Store.observe`, which is inlinable: the selector, the skip-repeats check
/// and the delivery are specialized for the concrete types in the subscriber's module, so a
/// notification pass costs a closure call per subscriber rather than generic witness-table work.
@MainActor
@usableFromInline
final class SubscriptionEntry<State>: SubscriptionEntryBase {
  /// Delivers the value selected from the state unless it repeats; `false` once the owner is gone.
  @usableFromInline let notify: (State) -> Bool

  @usableFromInline
  init(owner: AnyObject, notify: @escaping (State) -> Bool) {
    self.notify = notify
    super.init(owner: owner)
  }
}
