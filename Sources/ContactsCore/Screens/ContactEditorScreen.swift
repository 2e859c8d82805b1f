import ContactsModel
public import Navigation
public import TerminalUI

/// The add/edit form. Each field and each list entry shows its problem under it once edited;
/// Ctrl-N, Ctrl-X and Ctrl-P add, remove and mark entries of a list; Ctrl-S (or Enter on Save)
/// saves; Esc cancels, asking first when something changed.
public struct ContactEditorScreen: Screen {
  /// The contact edited; nil for a new one.
  public let id: Int64?

  public init(id: Int64?) { self.id = id }

  public struct ViewModel: Equatable, Sendable {
    public var editor: ContactEditor
    public var tick: Int

    var isAsking: Bool {
      if case .failed(.changedElsewhere) = editor.status { true } else { false }
    }
    var isOnEntry: Bool {
      if case .entry = editor.focus.focused { true } else { false }
    }
  }

  /// What the config file calls these keys: `[keys.editor]`.
  public static let keysName = "editor"

  /// The form's keys. While it asks what to do about a change made elsewhere only the answers
  /// apply. Otherwise the focused field takes its editing keys; on a list's row the keys that
  /// add, remove and mark entries show (elsewhere they explain where they work).
  public static let keys = KeyMap<ViewModel?, AppAction>([
    KeyBinding(["m", "M"], "Keep mine", .editor(.resolve(.keepMine)), shownAs: "m", when: \.asks),
    KeyBinding(["t", "T"], "Take theirs", .editor(.resolve(.takeTheirs)), shownAs: "t", when: \.asks),
    KeyBinding([.escape, "e", "E"], "Keep editing", .editor(.resolve(.keepEditing)), shownAs: "Esc", when: \.asks),
    .typing(when: \.typesInField, key: { .editor(.key($0)) }, paste: { .editor(.paste($0)) }),
    KeyBinding(.tab, "Next field", .editor(.key(.tab)), when: \.editsField),
    KeyBinding(.tab, "Next", .editor(.key(.tab)), when: \.editsEntry),
    KeyBinding(.ctrl("n"), "Add", .editor(.key(.ctrl("n"))), when: \.editsEntry),
    KeyBinding(.ctrl("x"), "Remove", .editor(.key(.ctrl("x"))), when: \.editsEntry),
    KeyBinding(.ctrl("p"), "Preferred", .editor(.key(.ctrl("p"))), when: \.editsEntry),
    KeyBinding([.ctrl("n"), .ctrl("x"), .ctrl("p")], "Where list keys work", hidden: true, when: \.editsField) {
      key, _ in .editor(.key(key))
    },
    KeyBinding(.ctrl("s"), "Save", .editor(.key(.ctrl("s"))), when: \.editsForm),
    KeyBinding(.escape, "Cancel", .cancelEditing, when: \.editsForm),
    KeyBinding([.down, .backTab, .up, .enter], "Move", hidden: true, when: \.editsForm) { key, _ in .editor(.key(key))
    },
    .click(ContactFormView.control, when: \.editsForm) { click, _ in
      .editor(.click(index: click.index, column: click.column))
    },
  ])

  public func select(_ state: AppState) -> ViewModel? {
    guard let editor = state.signedIn?.editor, editor.id == id else { return nil }
    return ViewModel(editor: editor, tick: editor.isBusy ? state.tick : 0)
  }

  /// Loads the contact unless the list or the detail had it already.
  public func onAppear(_ model: ViewModel?) -> AppAction? {
    model?.editor.status == .loading ? .editor(.load) : nil
  }

  public func title(_ model: ViewModel?) -> String { id == nil ? "New contact" : "Edit" }

  public func body(_ model: ViewModel?, isFocused: Bool) -> any View {
    guard let model else { return Spacer() }
    return Padding(ContactFormView(model: model, isFocused: isFocused), horizontal: 2, vertical: 1)
  }
}

extension ContactEditorScreen.ViewModel? {
  /// Whether the form asks what to do about a change made elsewhere: only its answers apply.
  var asks: Bool { self?.isAsking == true }
  /// Whether the form takes keys as a form (it is not asking).
  var editsForm: Bool { !asks }
  /// Whether the focus is on a field's text input, and the form is not asking.
  var typesInField: Bool { self.map { !$0.isAsking && $0.editor[input: $0.editor.focus.focused] != nil } ?? false }
  /// Whether the focus is on a list's entry (where Ctrl-N, Ctrl-X and Ctrl-P work), not asking.
  var editsEntry: Bool { self.map { !$0.isAsking && $0.isOnEntry } ?? false }
  /// Whether the focus is elsewhere in the form, not asking.
  var editsField: Bool { self.map { !$0.isAsking && !$0.isOnEntry } ?? true }
}
