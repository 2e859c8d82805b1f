/// Sends actions from a running effect back into the store.
///
/// `Send` is handed to `Effect.run`'s operation. Calling it hops to the main actor, so an
/// effect doing work elsewhere feeds its result back with `await send(.loaded(rows))`. Once the
/// effect has been cancelled, further sends are dropped: a screen that left the route never
/// hears from the work it started.
@MainActor
public struct Send<Action: Sendable>: Sendable {
  private let deliver: @MainActor @Sendable (Action) -> Void

  nonisolated public init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }

  /// A `Send` for a child effect that embeds its actions into this one's.
  nonisolated public func map<Child: Sendable>(_ embed: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let deliver = self.deliver
    return Send<Child> { child in deliver(embed(child)) }
  }
}
