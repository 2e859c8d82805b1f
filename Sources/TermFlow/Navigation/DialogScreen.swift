public import TerminalUI

/// The screen of a ``Dialog``: its message, a blank row and its buttons, the first one focused;
/// a chooser's rows as a list between the message and the buttons. Its key map is its buttons
/// and rows: each button's keys choose it and show in the help bar. (The ``Wireframe`` lets no
/// other key past a modal.) It keeps no state of its own: everything it shows is in the dialog,
/// in the app's state, the selected row included.
@MainActor
public final class DialogScreen<Action>: LiveScreen {
  /// What a key or click asks of the dialog.
  public enum Answer: Hashable, Sendable {
    /// The button at this index.
    case button(Int)
    /// The chooser's row at this index.
    case choice(Int)
    /// Select the chooser's row at this index (kept within its rows), choosing nothing yet.
    case select(Int)
  }

  public let dialog: Dialog<Action>
  private let answer: (Action?) -> Void
  private let select: ((Int) -> Void)?
  /// The buttons and rows by index, built once per dialog shown.
  public let keyMap: KeyMap<Void, Answer>

  /// `answer` receives what the button or row a key chose sends. `select` receives the row ↑
  /// or ↓ selects; without it a chooser's rows are chosen by Enter (the selected row), their
  /// keys and clicks alone. `keyBindings` are the user's own keys for the buttons and the
  /// chooser's keys by name (``DialogKeys``); a button without a name keeps its keys.
  public init(
    _ dialog: Dialog<Action>, keyBindings: [String: [Key]] = [:], select: ((Int) -> Void)? = nil,
    answer: @escaping (Action?) -> Void
  ) {
    self.dialog = dialog
    self.answer = answer
    self.select = select
    var bindings: [KeyBinding<Void, Answer>] = dialog.buttons.enumerated().map { index, button in
      // An empty name is one no user's keys can give (a config's names are checked).
      KeyBinding(button.keys, button.label, Answer.button(index), named: button.name ?? "")
    }
    bindings.append(.click(Self.control) { click, _ in .button(click.index) })
    if !dialog.choices.isEmpty {
      bindings += Self.chooserBindings(dialog, selects: select != nil)
    }
    keyMap = KeyMap(bindings).rebinding(keyBindings)
  }

  /// A chooser's keys: its rows' own keys, Enter for the selected row, a click on a row, and ↑
  /// and ↓ (with Home and End, `k` and `j`) when the app keeps the selection.
  private static func chooserBindings(_ dialog: Dialog<Action>, selects: Bool) -> [KeyBinding<Void, Answer>] {
    let last = dialog.choices.count - 1
    var bindings: [KeyBinding<Void, Answer>] = [
      KeyBinding(DialogKeys.choose, "Choose", Answer.choice(dialog.selected), named: "choose")
    ]
    if selects {
      bindings += [
        KeyBinding(
          DialogKeys.previous, "Select", Answer.select(max(0, dialog.selected - 1)), shownAs: "↑↓", named: "previous"),
        KeyBinding(DialogKeys.next, "Down", Answer.select(min(last, dialog.selected + 1)), hidden: true, named: "next"),
        KeyBinding(.home, "First", Answer.select(0), hidden: true),
        KeyBinding(.end, "Last", Answer.select(last), hidden: true),
      ]
    }
    for (index, choice) in dialog.choices.enumerated() where !choice.keys.isEmpty {
      bindings.append(KeyBinding(choice.keys, choice.label, Answer.choice(index), hidden: true))
    }
    bindings.append(.click(Self.choicesControl) { click, _ in .choice(click.index) })
    return bindings
  }

  /// The name the dialog's buttons answer clicks by, each by its place.
  static var control: String { "dialog" }
  /// The name a chooser's rows answer clicks by, each by its place.
  static var choicesControl: String { "dialog-choices" }

  public var keyContext: Void { () }

  public func send(_ answer: Answer) {
    switch answer {
    case .button(let index):
      guard dialog.buttons.indices.contains(index) else { return }
      self.answer(dialog.buttons[index].action)
    case .choice(let index):
      guard dialog.choices.indices.contains(index) else { return }
      self.answer(dialog.choices[index].action)
    case .select(let index):
      if index != dialog.selected { select?(index) }
    }
  }

  public var title: String { dialog.title }

  /// The most rows a chooser shows at once; a longer list scrolls with its selection.
  static var chooserRows: Int { 10 }

  public func body(isFocused: Bool) -> any View {
    let buttons = dialog.buttons.enumerated().map { index, button in
      StackItem.fit(
        Button(
          button.label, isFocused: dialog.choices.isEmpty && index == 0,
          clickTarget: .item(Self.control, index: index)))
    }
    guard !dialog.choices.isEmpty else {
      // The message, one blank row, the buttons: the height `modalSize` gives it.
      return VStack([
        .fill(Text(dialog.message, overflow: .wrap)),
        .fixed(1, Spacer()),
        .fixed(1, HStack(spacing: 2, buttons)),
      ])
    }
    // A detail ends a column before the scrollbar.
    let rows = dialog.choices.map { ListRow([$0.label, $0.detail.isEmpty ? "" : $0.detail + " "]) }
    let detailWidth = dialog.choices.map { DisplayWidth.of($0.detail) }.max() ?? 0
    var columns = [ListColumn("", .flexible(1))]
    if detailWidth > 0 { columns.append(ListColumn("", .fixed(detailWidth + 1), alignment: .trailing)) }
    return VStack([
      .fill(Text(dialog.message, overflow: .wrap)),
      .fixed(1, Spacer()),
      .fixed(
        min(Self.chooserRows, rows.count),
        ListView(
          columns: columns, showsHeader: false, allRows: rows, selected: dialog.selected,
          control: Self.choicesControl)),
      .fixed(1, Spacer()),
      .fixed(1, HStack(spacing: 2, buttons)),
    ])
  }

  /// As wide as it may be, and as tall as the message wrapped at that width (up to four rows),
  /// a blank row and the buttons (a chooser's rows, up to ten, and another blank row before
  /// them): no empty rows.
  public func modalSize(in available: Size) -> Size {
    let width = min(56, available.width - 4)
    // The border and the padding take two columns on each side.
    let wrapped = Text(dialog.message, overflow: .wrap).preferredSize(in: Size(width: max(1, width - 4), height: 4))
    let messageRows = max(1, wrapped.height)
    let chooser = dialog.choices.isEmpty ? 0 : min(Self.chooserRows, dialog.choices.count) + 1
    // The border's two rows, the message, a blank row, the chooser, the buttons.
    return Size(width: width, height: min(messageRows + chooser + 4, available.height - 2))
  }
}
