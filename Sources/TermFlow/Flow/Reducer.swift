/// A pure function from the current state and an action to the next state and the work to do.
///
/// The app's reducer is built from feature reducers: each feature owns a slice of state and a
/// subset of actions, and `pullback` lifts it into the parent. Reducers must not do I/O, read
/// clocks or draw random numbers; those arrive as injected dependencies and run in effects.
///
/// ```swift
/// struct Counter: Equatable { var count = 0 }
/// enum CounterAction: Equatable, Sendable { case increment, decrement }
///
/// let counter = Reducer<Counter, CounterAction> { state, action in
///   switch action {
///   case .increment: state.count += 1
///   case .decrement: state.count -= 1
///   }
///   return .none
/// }
/// ```
public struct Reducer<State, Action: Sendable>: Sendable {
  @usableFromInline let body: @Sendable (inout State, Action) -> Effect<Action>

  public init(_ reduce: @escaping @Sendable (inout State, Action) -> Effect<Action>) {
    self.body = reduce
  }

  /// Applies `action` to `state` and returns the effect to run.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }

  /// A reducer that ignores every action.
  public static var empty: Reducer { Reducer { _, _ in .none } }

  /// Runs `reducers` in order on the same state; their effects are merged.
  public static func combine(_ reducers: Reducer...) -> Reducer { combine(reducers) }

  /// Runs `reducers` in order on the same state; their effects are merged.
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    Reducer { state, action in
      .merge(reducers.map { $0.reduce(into: &state, action: action) })
    }
  }

  /// Lifts this reducer to work on a parent whose state always contains this one's.
  public func pullback<ParentState, ParentAction>(
    state keyPath: WritableKeyPath<ParentState, State> & Sendable,
    action path: ActionPath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction> {
    Reducer<ParentState, ParentAction> { parent, parentAction in
      guard let action = path.extract(parentAction) else { return .none }
      return reduce(into: &parent[keyPath: keyPath], action: action).map(path.embed)
    }
  }

  /// Lifts this reducer to work on a parent that holds this state only sometimes (an enum case
  /// or an optional). Actions that arrive while the child is absent are ignored: they are late
  /// results of work the parent has moved past.
  public func pullback<ParentState, ParentAction>(
    state statePath: StatePath<ParentState, State>,
    action path: ActionPath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction> {
    Reducer<ParentState, ParentAction> { parent, parentAction in
      guard let action = path.extract(parentAction), var child = statePath.extract(parent) else {
        return .none
      }
      let effect = reduce(into: &child, action: action)
      statePath.embed(&parent, child)
      return effect.map(path.embed)
    }
  }
}
