import Flow
import TerminalUI

/// What the framework hands a declared screen to become live (``Screen/makeLiveScreen(_:)``):
/// the store it subscribes to, where its intents go, and its key map with the user's keys.
/// Apps never make one.
@MainActor
public struct ScreenHosting<State, Action: Sendable> {
  @usableFromInline let store: Store<State, Action>
  @usableFromInline let dispatch: (consuming Action) -> Void
  private let director: StageDirector<State, Action>

  init(
    store: Store<State, Action>, dispatch: @escaping (consuming Action) -> Void, director: StageDirector<State, Action>
  ) {
    self.store = store
    self.dispatch = dispatch
    self.director = director
  }

  /// `Declared`'s key map, with the keys the user gave its bindings.
  @usableFromInline
  func keyMap<Declared: Screen<State, Action>>(
    of declared: Declared.Type
  ) -> KeyMap<Declared.Model, Declared.Action> {
    director.keyMap(of: declared)
  }
}
