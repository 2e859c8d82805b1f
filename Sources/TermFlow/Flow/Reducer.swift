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
  @inlinable
  public static func combine(_ reducers: Reducer...) -> Reducer { combine(reducers) }

  /// Runs `reducers` in order on the same state; their effects are merged.
  /// No array is made for an action unless two of them return work: most actions are one
  /// feature's, and the app's reducer runs at every key.
  @inlinable
  public static func combine(_ reducers: [Reducer]) -> Reducer {
    Reducer { state, action in
      var first: Effect<Action>?
      var more: [Effect<Action>] = []
      for reducer in reducers {
        let effect = reducer.reduce(into: &state, action: action)
        if effect.isNone { continue }
        if first == nil { first = effect } else { more.append(effect) }
      }
      guard let first else { return .none }
      return more.isEmpty ? first : .merge([first] + more)
    }
  }

  /// Lifts this reducer to work on a parent whose state always contains this one's.
  /// Inlinable, as the other compositions: the app compiles them for its own states and
  /// actions, so that an action does not go through generic code that asks the runtime for
  /// each type it handles.
  @inlinable
  public func pullback<ParentState, ParentAction>(
    state keyPath: WritableKeyPath<ParentState, State> & Sendable,
    action path: ActionPath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction> {
    Reducer<ParentState, ParentAction> { parent, parentAction in
      guard let action = path.extract(parentAction) else { return .none }
      return reduce(into: &parent[keyPath: keyPath], action: action).map(path.embed)
    }
  }

  /// Lifts this reducer to work on a part of a parent that `part` hands over in place:
  /// `feature.pullback(state: { $1(&$0.feature) }, action: …)`.
  ///
  /// Where the part is a stored property a key path does as well. Where it is computed or
  /// wrapped (``Indirect``), a key path writes it as a getter and a setter, through the runtime:
  /// the part is copied out and back at every action, and every array in it copied before it is
  /// changed. The closure reaches it by its own accessors, in place.
  @inlinable
  public func pullback<ParentState, ParentAction>(
    state part: @escaping @Sendable (inout ParentState, (inout State) -> Void) -> Void,
    action path: ActionPath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction> {
    Reducer<ParentState, ParentAction> { parent, parentAction in
      guard let action = path.extract(parentAction) else { return .none }
      var effect = Effect<Action>.none
      part(&parent) { effect = reduce(into: &$0, action: action) }
      return effect.map(path.embed)
    }
  }

  /// Lifts this reducer to work on a parent that holds this state only sometimes (an enum case
  /// or an optional). Actions that arrive while the child is absent are ignored: they are late
  /// results of work the parent has moved past.
  @inlinable
  public func pullback<ParentState, ParentAction>(
    state statePath: StatePath<ParentState, State>,
    action path: ActionPath<ParentAction, Action>
  ) -> Reducer<ParentState, ParentAction> {
    Reducer<ParentState, ParentAction> { parent, parentAction in
      guard let action = path.extract(parentAction) else { return .none }
      var effect = Effect<Action>.none
      guard statePath.modify(&parent, { effect = reduce(into: &$0, action: action) }) else { return .none }
      return effect.map(path.embed)
    }
  }
}
