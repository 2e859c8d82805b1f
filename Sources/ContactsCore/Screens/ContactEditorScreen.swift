import ContactsModel
public import Flow
public import Navigation
public import TerminalUI

/// The add/edit form. Each field and each list entry shows its problem under it once edited;
/// Ctrl-N, Ctrl-X and Ctrl-P add, remove and mark entries of a list; Ctrl-S (or Enter on Save)
/// saves; Esc cancels, asking first when something changed.
@MainActor
public final class ContactEditorScreen: Screen, StoreSubscriber {
  public enum Intent: Equatable, Sendable {
    case form(ContactEditorAction)
    case cancel
  }

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
  static let keys = KeyMap<ViewModel?, Intent>([
    KeyBinding(.character("m"), "Keep mine", .form(.resolve(.keepMine)), when: { $0?.isAsking == true }),
    KeyBinding(.character("t"), "Take theirs", .form(.resolve(.takeTheirs)), when: { $0?.isAsking == true }),
    KeyBinding(.escape, "Keep editing", .form(.resolve(.keepEditing)), when: { $0?.isAsking == true }),
    KeyBinding(.character("M"), "Keep mine", .form(.resolve(.keepMine)), hidden: true, when: { $0?.isAsking == true }),
    KeyBinding(
      .character("T"), "Take theirs", .form(.resolve(.takeTheirs)), hidden: true, when: { $0?.isAsking == true }),
    KeyBinding(
      [.character("e"), .character("E")], "Keep editing", .form(.resolve(.keepEditing)), hidden: true,
      when: { $0?.isAsking == true }),
    .typing(
      when: { model in model.map { !$0.isAsking && $0.editor[input: $0.editor.focus.focused] != nil } ?? false },
      key: { .form(.key($0)) }, paste: { .form(.paste($0)) }),
    KeyBinding(.tab, "Next field", .form(.key(.tab)), when: { $0.map { !$0.isAsking && !$0.isOnEntry } ?? true }),
    KeyBinding(.tab, "Next", .form(.key(.tab)), when: { $0.map { !$0.isAsking && $0.isOnEntry } ?? false }),
    KeyBinding(.ctrl("n"), "Add", .form(.key(.ctrl("n"))), when: { $0.map { !$0.isAsking && $0.isOnEntry } ?? false }),
    KeyBinding(
      .ctrl("x"), "Remove", .form(.key(.ctrl("x"))), when: { $0.map { !$0.isAsking && $0.isOnEntry } ?? false }),
    KeyBinding(
      .ctrl("p"), "Preferred", .form(.key(.ctrl("p"))), when: { $0.map { !$0.isAsking && $0.isOnEntry } ?? false }),
    KeyBinding(
      [.ctrl("n"), .ctrl("x"), .ctrl("p")], "Where list keys work", hidden: true,
      when: { $0.map { !$0.isAsking && !$0.isOnEntry } ?? false }
    ) { key, _ in .form(.key(key)) },
    KeyBinding(.ctrl("s"), "Save", .form(.key(.ctrl("s"))), when: { $0?.isAsking != true }),
    KeyBinding(.escape, "Cancel", .cancel, when: { $0?.isAsking != true }),
    KeyBinding([.down, .backTab, .up, .enter], "Move", hidden: true, when: { $0?.isAsking != true }) { key, _ in
      .form(.key(key))
    },
  ])

  public let id: Int64?
  private var model: ViewModel?
  private let onIntent: (Intent) -> Void

  public init(id: Int64?, onIntent: @escaping (Intent) -> Void) {
    self.id = id
    self.onIntent = onIntent
  }

  public nonisolated static func select(_ id: Int64?) -> @Sendable (AppState) -> ViewModel? {
    { state in
      guard let editor = state.signedIn?.editor, editor.id == id else { return nil }
      return ViewModel(editor: editor, tick: editor.isBusy ? state.tick : 0)
    }
  }

  public func receive(_ value: ViewModel?) {
    if let value { model = value }
  }

  public var title: String { id == nil ? "New contact" : "Edit" }

  public var keyMap: KeyMap<ViewModel?, Intent> { Self.keys }
  public var keyContext: ViewModel? { model }
  public func send(_ intent: Intent) { onIntent(intent) }

  public func body(isFocused: Bool) -> any View {
    guard let model else { return Spacer() }
    return Padding(ContactFormView(model: model, isFocused: isFocused), horizontal: 2, vertical: 1)
  }
}
