import ContactsModel
public import Flow
public import Navigation
public import TerminalUI

/// The add/edit form: the framework's form under a heading, each field's and each entry's
/// problem under it once shown; Ctrl-N, Ctrl-X, Alt-↑↓ and Ctrl-P add, remove, move and mark
/// entries of a list; in the notes, several lines, Enter breaks the line; Ctrl-S (or Enter on
/// Save) saves; Esc cancels, asking first when something changed.
public struct ContactEditorScreen: Screen {
  /// The contact edited; nil for a new one.
  public let id: Int64?

  public init(id: Int64?) { self.id = id }

  /// The editor out of line (``Indirect``): the model is copied for each condition of the
  /// help bar's keys and by the subscription at every key, and a copy of the editor inline
  /// copies every array and string in it.
  public struct ViewModel: Equatable, Sendable {
    @Indirect public var editor: ContactEditor
    public var tick: Int

    var isAsking: Bool {
      if case .changedElsewhere = editor.status { true } else { false }
    }
  }

  /// What the config file calls these keys: `[keys.editor]`.
  public static let keysName = "editor"

  /// The name the form's fields and Save answer clicks by.
  static let control = "editor"

  /// The form's keys. While it asks what to do about a change made elsewhere only the answers
  /// apply; otherwise the form's (a list's while the focus is in one), Save and Cancel. The
  /// conditions are closures, not key paths: each is read at every key (the help bar's), and
  /// applying a key path costs more than the condition.
  public static let keys = KeyMap<ViewModel?, AppAction>(answers + formKeys + ownKeys)

  /// What to do about a change made elsewhere, while the form asks.
  private static let answers: [KeyBinding<ViewModel?, AppAction>] = [
    KeyBinding(["m", "M"], "Keep mine", .editor(.resolve(.keepMine)), shownAs: "m", when: { $0.asks }),
    KeyBinding(["t", "T"], "Take theirs", .editor(.resolve(.takeTheirs)), shownAs: "t", when: { $0.asks }),
    KeyBinding(
      [.escape, "e", "E"], "Keep editing", .editor(.resolve(.keepEditing)), shownAs: "Esc", when: { $0.asks }),
  ]

  /// The form's keys: a list's while the focus is in one, the notes' while in them.
  private static let formKeys: [KeyBinding<ViewModel?, AppAction>] =
    KeyBinding.form({ $0.editableForm }, control: control, next: "Next") { intent, _ in .editor(.form(intent)) }
    + KeyBinding.formLists({ $0.editableForm }) { intent, _ in .editor(.form(intent)) }
    + KeyBinding.formTextArea({ $0.editableForm }) { intent, _ in .editor(.form(intent)) }

  private static let ownKeys: [KeyBinding<ViewModel?, AppAction>] = [
    KeyBinding(.ctrl("s"), "Save", .editor(.form(.submit)), when: { $0.savable }).essential(),
    KeyBinding(.escape, "Cancel", .cancelEditing, when: { !$0.asks }).essential(),
    // In the notes Enter breaks the line (the form's `new-line`).
    KeyBinding(.enter, "Next or save", .editor(.form(.enter)), hidden: true, when: { $0.savableOutsideNotes }),
  ]

  public func select(_ state: AppState) -> ViewModel? {
    guard let editor = state.signedIn?.editor, editor.id == id else { return nil }
    return ViewModel(editor: editor, tick: editor.isLoading ? state.tick : 0)
  }

  /// Loads the contact unless the list or the detail had it already.
  public func onAppear(_ model: ViewModel?) -> AppAction? {
    model?.editor.isLoading == true ? .editor(.load) : nil
  }

  public func title(_ model: ViewModel?) -> String { id == nil ? "New contact" : "Edit" }

  /// The notes wrap at the width the form gives them, and show 4 rows at 80×24, more when tall.
  public func resized(to area: Size) -> AppAction? {
    // The padding's rows, the heading's two, the banner's and the button's; the other fields.
    let rows = max(4, min(12, area.height - 2 - 4 - 12))
    let columns = Self.form(ContactEditor().form, isNew: true, hasChanges: false, isFocused: true)
      .inputColumns(inWidth: area.width - 2 * Self.padding)
    return .editor(.fitNotes(Size(width: columns, height: rows)))
  }

  /// The columns left and right of the form.
  static let padding = 2

  /// The editor's form as drawn: under a heading, Save at its foot.
  static func form(
    _ form: Form<ContactEditor.Field>, isNew: Bool, hasChanges: Bool, isFocused: Bool
  ) -> FormView {
    FormView(
      form, title: isNew ? "New contact" : "Edit contact", button: "Save", busyLabel: "Saving…",
      isFocused: isFocused, layout: .page(buttonNote: hasChanges ? "Unsaved changes" : ""), labelWidth: 11,
      control: control)
  }

  public func body(_ model: ViewModel?, isFocused: Bool) -> any View {
    guard let model else { return Spacer() }
    let editor = model.editor
    let content: any View
    switch editor.status {
    case .loading:
      content = LoadingView<Int>(.loading, tick: model.tick, label: "Loading contact…") { _ in Spacer() }
    case .loadFailed(let message):
      content = LoadingView<Int>(.failed(message), tick: 0) { _ in Spacer() }
    case .editing, .changedElsewhere:
      let form = Self.form(
        editor.form, isNew: id == nil, hasChanges: editor.hasChanges, isFocused: isFocused && !model.isAsking)
      content = model.isAsking ? Layers([form, ConflictQuestion()]) : form
    }
    return Padding(content, horizontal: Self.padding, vertical: 1)
  }
}

extension ContactEditorScreen.ViewModel? {
  /// Whether the form asks what to do about a change made elsewhere: only its answers apply.
  var asks: Bool {
    guard case .changedElsewhere = self?.editor.status else { return false }
    return true
  }
  /// The form, while it takes keys: loaded, not asking (Esc cancels then too, and while loading).
  /// Read by most bindings' conditions at every key: the status matched, not compared, and the
  /// model not bound (`guard let model = self` copies all of it, every array and string of the
  /// editor, to read two of its properties).
  var editableForm: Form<ContactEditor.Field>? {
    guard case .editing? = self?.editor.status else { return nil }
    return self?.editor.form
  }
  /// Whether Save (and Enter) may start a save: the form takes keys and is not saving.
  var savable: Bool {
    guard let form = editableForm else { return false }
    return !form.isBusy
  }
  /// Whether Enter moves on or saves: savable, and not in the notes, where it breaks the line.
  var savableOutsideNotes: Bool {
    guard let form = editableForm, !form.isBusy else { return false }
    return !form.isFocusInTextArea
  }
}

/// What the form asks when its save was refused because the contact changed elsewhere, in a
/// modal over it: each answer with its key as the user's key map has it (`Frame.keyHelp`).
private struct ConflictQuestion: View {
  func render(into frame: inout Frame, in region: Rect) {
    let theme = frame.theme
    let keys = frame.keyHelp
    let choice = { (label: String, meaning: String) -> any View in
      let key = keys.first { $0.label == label }?.key ?? ""
      return Text([Span(key, style: theme.helpKey), Span(" " + label + meaning)])
    }
    let question = VStack([
      .fixed(1, Text("It was saved elsewhere after you started editing it.")),
      .fixed(1, Spacer()),
      .fixed(1, choice("Keep mine", ": save your version over theirs")),
      .fixed(1, choice("Take theirs", ": drop your changes and load theirs")),
      .fixed(1, choice("Keep editing", "")),
    ])
    let size = Size(width: min(region.width, 64), height: min(region.height, 7))
    Modal(title: "Changed elsewhere", size: size, theme: theme, question).render(into: &frame, in: region)
  }
}
