import Flow
import TerminalUI

/// The live screen ``NavigationApp`` makes of a declared ``Screen``: subscribed to the store
/// with the screen's selector, holding the view model it last received, sending what its key
/// map makes of a key to the store.
@MainActor
final class ScreenHost<Declared: Screen>: LiveScreen {
  let screen: Declared
  let keyMap: KeyMap<Declared.Model, Declared.Action>
  private(set) var keyContext: Declared.Model
  private let dispatch: (Declared.Action) -> Void

  init(
    _ screen: Declared, keyMap: KeyMap<Declared.Model, Declared.Action>, store: Store<Declared.State, Declared.Action>,
    send: @escaping (Declared.Action) -> Void
  ) {
    self.screen = screen
    dispatch = send
    self.keyMap = keyMap
    keyContext = screen.select(store.state)
    store.observe(self, select: { [screen] in screen.select($0) }) { host, model in host.keyContext = model }
  }

  func send(_ action: Declared.Action) { dispatch(action) }

  var title: String { screen.title(keyContext) }

  func body(isFocused: Bool) -> any View { screen.body(keyContext, isFocused: isFocused) }

  var preview: (any View)? { screen.preview(keyContext) }
}
