public import TerminalUI

/// Decides *what* is on stage: reads the route (and whatever else it needs) in the state and
/// names the screens it calls for. Screens come and go only this way.
///
/// ```swift
/// struct ItemsCoordinator: Coordinator {
///   func stage(for state: ItemsState) -> Stage<ItemsState, ItemsAction> {
///     guard let id = state.route.detailID else { return Stage([ListScreen()]) }
///     return Stage([ListScreen(), DetailScreen(id: id)])
///   }
/// }
/// ```
///
/// ``NavigationApp`` asks after every batch of actions and compares the answer with the stage
/// it shows: a screen still named keeps its live screen (so nothing is rebuilt by unrelated
/// changes), a new one is built and subscribed, and one no longer named is torn down, its
/// subscription ended and the effects its ``Screen/onAppear(_:)`` started cancelled. A coordinator
/// of a larger app asks child coordinators for their part of the stage.
public protocol Coordinator<State, Action> {
  associatedtype State
  associatedtype Action: Sendable

  /// The screens `state` calls for, root first. Pure and cheap: it runs after every batch.
  func stage(for state: State) -> Stage<State, Action>
  /// Keys that belong to no one screen: after the focused screen's in the chain, and after its
  /// bindings in the help bar. Read once, when the app is made.
  var keys: KeyMap<State, Action> { get }
}

extension Coordinator {
  public var keys: KeyMap<State, Action> { KeyMap([]) }
}
