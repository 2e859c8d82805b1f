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
      if case .changedElsewhere = editor.status { true } else { false }
    }
    var isOnEntry: Bool {
      if case .entry = editor.focus.focused { true } else { false }
    }
  }

  /// The form's keys. While it asks what to do about a change made elsewhere only the answers
  /// apply. Otherwise the focused field takes its editing keys; on a list's row the keys that
  /// add, remove and mark entries show (elsewhere they explain where they work).
  public static let keys = KeyMap<ViewModel?, AppAction>([
    KeyBinding(.character("m"), "Keep mine", .editor(.resolve(.keepMine)), when: { $0?.isAsking == true }),
    KeyBinding(.character("t"), "Take theirs", .editor(.resolve(.takeTheirs)), when: { $0?.isAsking == true }),
    KeyBinding(.escape, "Keep editing", .editor(.resolve(.keepEditing)), when: { $0?.isAsking == true }),
    KeyBinding(
      .character("M"), "Keep mine", .editor(.resolve(.keepMine)), hidden: true, when: { $0?.isAsking == true }),
    KeyBinding(
      .character("T"), "Take theirs", .editor(.resolve(.takeTheirs)), hidden: true, when: { $0?.isAsking == true }),
    KeyBinding(
      [.character("e"), .character("E")], "Keep editing", .editor(.resolve(.keepEditing)), hidden: true,
      when: { $0?.isAsking == true }),
    .typing(
      when: { model in model.map { !$0.isAsking && $0.editor[input: $0.editor.focus.focused] != nil } ?? false },
      key: { .editor(.key($0)) }, paste: { .editor(.paste($0)) }),
    KeyBinding(.tab, "Next field", .editor(.key(.tab)), when: { $0.map { !$0.isAsking && !$0.isOnEntry } ?? true }),
    KeyBinding(.tab, "Next", .editor(.key(.tab)), when: { $0.map { !$0.isAsking && $0.isOnEntry } ?? false }),
    KeyBinding(
      .ctrl("n"), "Add", .editor(.key(.ctrl("n"))), when: { $0.map { !$0.isAsking && $0.isOnEntry } ?? false }),
    KeyBinding(
      .ctrl("x"), "Remove", .editor(.key(.ctrl("x"))), when: { $0.map { !$0.isAsking && $0.isOnEntry } ?? false }),
    KeyBinding(
      .ctrl("p"), "Preferred", .editor(.key(.ctrl("p"))), when: { $0.map { !$0.isAsking && $0.isOnEntry } ?? false }),
    KeyBinding(
      [.ctrl("n"), .ctrl("x"), .ctrl("p")], "Where list keys work", hidden: true,
      when: { $0.map { !$0.isAsking && !$0.isOnEntry } ?? false }
    ) { key, _ in .editor(.key(key)) },
    KeyBinding(.ctrl("s"), "Save", .editor(.key(.ctrl("s"))), when: { $0?.isAsking != true }),
    KeyBinding(.escape, "Cancel", .cancelEditing, when: { $0?.isAsking != true }),
    KeyBinding([.down, .backTab, .up, .enter], "Move", hidden: true, when: { $0?.isAsking != true }) { key, _ in
      .editor(.key(key))
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
