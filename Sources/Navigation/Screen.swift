public import TerminalUI

/// A "view controller": one screen of the app.
///
/// A screen holds the view model its coordinator subscribed it to, builds its view from it, and
/// turns keys into intents with its ``KeyResponder/keyMap``, which is also its help bar (a
/// binding shows unless marked hidden, and only while it applies). It never presents or knows
/// another screen; where and how it appears is the ``Wireframe``'s business.
///
/// ```swift
/// @MainActor
/// final class CounterScreen: Screen, StoreSubscriber {
///   enum Intent: Sendable { case increment }
///   static let keys = KeyMap<Int, Intent>([KeyBinding(.character("+"), "Add one", .increment)])
///
///   private(set) var keyContext = 0  // the view model: what the key map's conditions read
///   let onIntent: (Intent) -> Void  // to the coordinator
///
///   init(onIntent: @escaping (Intent) -> Void) { self.onIntent = onIntent }
///
///   func receive(_ value: Int) { keyContext = value }
///   var keyMap: KeyMap<Int, Intent> { Self.keys }
///   func send(_ intent: Intent) { onIntent(intent) }
///
///   var title: String { "Counter" }
///   func body(isFocused: Bool) -> any View { Text("Count: \(keyContext)", alignment: .center) }
/// }
/// ```
@MainActor
public protocol Screen: KeyResponder {
  /// Shown in the breadcrumb (and as a modal's title).
  var title: String { get }
  /// The view for the current view model. Only a focused screen shows a text cursor.
  func body(isFocused: Bool) -> any View
  /// The size of this screen when presented as a modal.
  func modalSize(in available: Size) -> Size
  /// What a split presentation shows beside this screen while nothing is open on top of it (a
  /// list previews its selection, as mail readers do); nil shows the wireframe's empty message.
  var preview: (any View)? { get }
}

extension Screen {
  public var preview: (any View)? { nil }

  public func modalSize(in available: Size) -> Size {
    Size(width: min(56, available.width - 4), height: min(9, available.height - 2))
  }
}

/// The screen of a ``Dialog``: its message, a blank row and its buttons, the first one focused.
/// Its key map is its buttons: each button's keys choose it and show in the help bar. (The
/// ``Wireframe`` lets no other key past a modal.) It keeps no state of its own: everything it
/// shows is in the dialog, in the app's state.
@MainActor
public final class DialogScreen<Action>: Screen {
  public let dialog: Dialog<Action>
  private let answer: (Dialog<Action>.Button) -> Void
  /// The buttons by index, built once per dialog shown.
  public let keyMap: KeyMap<Void, Int>

  /// `answer` receives the button a key chose.
  public init(_ dialog: Dialog<Action>, answer: @escaping (Dialog<Action>.Button) -> Void) {
    self.dialog = dialog
    self.answer = answer
    keyMap = KeyMap(dialog.buttons.enumerated().map { index, button in KeyBinding(button.keys, button.label, index) })
  }

  public var keyContext: Void { () }

  public func send(_ index: Int) { answer(dialog.buttons[index]) }

  public var title: String { dialog.title }

  public func body(isFocused: Bool) -> any View {
    let buttons = dialog.buttons.enumerated().map { index, button in
      StackItem.fit(Button(button.label, isFocused: index == 0))
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
