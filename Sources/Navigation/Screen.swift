public import TerminalUI

/// A "view controller": one screen of the app.
///
/// A screen holds the view model its coordinator subscribed it to, builds its view from it, and
/// turns keys into intents for its handler (the coordinator). It never presents or knows another
/// screen; where and how it appears is the ``Wireframe``'s business.
///
/// ```swift
/// @MainActor
/// final class CounterScreen: Screen, StoreSubscriber {
///   private var count = 0
///   let onIncrement: () -> Void  // an intent, handled by the coordinator
///
///   init(onIncrement: @escaping () -> Void) { self.onIncrement = onIncrement }
///
///   func receive(_ value: Int) { count = value }
///
///   var title: String { "Counter" }
///   var help: [HelpItem] { [HelpItem(key: "+", label: "Add one")] }
///
///   func body(isFocused: Bool) -> any View {
///     Text("Count: \(count)", alignment: .center)
///   }
///
///   func handle(_ event: InputEvent) -> Bool {
///     guard event == .key(.character("+")) else { return false }
///     onIncrement()
///     return true
///   }
/// }
/// ```
@MainActor
public protocol Screen: AnyObject {
  /// Shown in the breadcrumb (and as a modal's title).
  var title: String { get }
  /// Its key bindings, for the help bar while it has the keyboard.
  var help: [HelpItem] { get }
  /// The view for the current view model. Only a focused screen shows a text cursor.
  func body(isFocused: Bool) -> any View
  /// A key or paste while this screen has the keyboard; false when it had no use for it.
  func handle(_ event: InputEvent) -> Bool
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
/// Each button's keys choose it and show in the help bar; every other key is swallowed (a
/// dialog takes the keyboard). It keeps no state of its own: everything it shows is in the
/// dialog, in the app's state.
@MainActor
public final class DialogScreen<Action>: Screen {
  public let dialog: Dialog<Action>
  private let answer: (Dialog<Action>.Button) -> Void

  /// `answer` receives the button a key chose.
  public init(_ dialog: Dialog<Action>, answer: @escaping (Dialog<Action>.Button) -> Void) {
    self.dialog = dialog
    self.answer = answer
  }

  public var title: String { dialog.title }

  public var help: [HelpItem] {
    dialog.buttons.map { HelpItem(key: $0.keys.map(\.description).joined(separator: "/"), label: $0.label) }
  }

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

  public func handle(_ event: InputEvent) -> Bool {
    if case .key(let key) = event, let button = dialog.button(for: key) { answer(button) }
    // A dialog takes the keyboard: nothing reaches the screens behind it.
    return true
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
