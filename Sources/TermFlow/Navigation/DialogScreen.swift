public import TerminalUI

/// The screen of a ``Dialog``: its message, a blank row and its buttons, the first one focused.
/// Its key map is its buttons: each button's keys choose it and show in the help bar. (The
/// ``Wireframe`` lets no other key past a modal.) It keeps no state of its own: everything it
/// shows is in the dialog, in the app's state.
@MainActor
public final class DialogScreen<Action>: LiveScreen {
  public let dialog: Dialog<Action>
  private let answer: (Dialog<Action>.Button) -> Void
  /// The buttons by index, built once per dialog shown.
  public let keyMap: KeyMap<Void, Int>

  /// `answer` receives the button a key chose. `keyBindings` are the user's own keys for the
  /// buttons by name (``DialogKeys``); a button without a name keeps its keys.
  public init(
    _ dialog: Dialog<Action>, keyBindings: [String: [Key]] = [:], answer: @escaping (Dialog<Action>.Button) -> Void
  ) {
    self.dialog = dialog
    self.answer = answer
    keyMap = KeyMap(
      dialog.buttons.enumerated().map { index, button in
        // An empty name is one no user's keys can give (a config's names are checked).
        KeyBinding(button.keys, button.label, index, named: button.name ?? "")
      } + [.click(Self.control) { click, _ in click.index }]
    ).rebinding(keyBindings)
  }

  /// The name the dialog's buttons answer clicks by, each by its place.
  static var control: String { "dialog" }

  public var keyContext: Void { () }

  public func send(_ index: Int) { answer(dialog.buttons[index]) }

  public var title: String { dialog.title }

  public func body(isFocused: Bool) -> any View {
    let buttons = dialog.buttons.enumerated().map { index, button in
      StackItem.fit(Button(button.label, isFocused: index == 0, clickTarget: .item(Self.control, index: index)))
    }
    // The message, one blank row, the buttons: the height `modalSize` gives it.
    return VStack([
      .fill(Text(dialog.message, overflow: .wrap)),
      .fixed(1, Spacer()),
      .fixed(1, HStack(spacing: 2, buttons)),
    ])
  }

  /// As wide as it may be, and as tall as the message wrapped at that width (up to four rows),
  /// a blank row and the buttons: no empty rows.
  public func modalSize(in available: Size) -> Size {
    let width = min(56, available.width - 4)
    // The border and the padding take two columns on each side.
    let wrapped = Text(dialog.message, overflow: .wrap).preferredSize(in: Size(width: max(1, width - 4), height: 4))
    let messageRows = max(1, wrapped.height)
    // The border's two rows, the message, a blank row, the buttons.
    return Size(width: width, height: min(messageRows + 4, available.height - 2))
  }
}
