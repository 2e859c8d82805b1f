/// Sits between `send` and the reducer: observes, transforms or swallows actions.
///
/// `intercept` runs before the reducer with the state as it is; returning `nil` swallows the
/// action, returning another action replaces it. `didReduce` runs after the reducer with the
/// action that was applied and the new state. Middleware run in the order given for
/// `intercept` and in reverse for `didReduce`, like nested layers.
public struct Middleware<State, Action: Sendable>: Sendable {
  public typealias Intercept = @MainActor @Sendable (Action, State) -> Action?
  public typealias DidReduce = @MainActor @Sendable (Action, State) -> Void

  @usableFromInline let intercept: Intercept
  @usableFromInline let didReduce: DidReduce

  public init(
    intercept: @escaping Intercept = { action, _ in action },
    didReduce: @escaping DidReduce = { _, _ in }
  ) {
    self.intercept = intercept
    self.didReduce = didReduce
  }
}
