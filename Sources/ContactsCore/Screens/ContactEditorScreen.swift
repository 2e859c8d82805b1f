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
  }

  public let id: Int64?
  private var model: ViewModel?
  private let send: (Intent) -> Void

  public init(id: Int64?, send: @escaping (Intent) -> Void) {
    self.id = id
    self.send = send
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

  /// On a list's row the keys that add, remove and mark entries come first; elsewhere the
  /// bar stays as short as it always was.
  public var help: [HelpItem] {
    if case .changedElsewhere = model?.editor.status {
      return [
        HelpItem(key: "m", label: "Keep mine"), HelpItem(key: "t", label: "Take theirs"),
        HelpItem(key: "Esc", label: "Keep editing"),
      ]
    }
    let save = [HelpItem(key: "Ctrl-S", label: "Save"), HelpItem(key: "Esc", label: "Cancel")]
    guard case .entry = model?.editor.focus.focused else { return [HelpItem(key: "Tab", label: "Next field")] + save }
    return [
      HelpItem(key: "Tab", label: "Next"), HelpItem(key: "Ctrl-N", label: "Add"),
      HelpItem(key: "Ctrl-X", label: "Remove"), HelpItem(key: "Ctrl-P", label: "Preferred"),
    ] + save
  }

  public func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(.escape):
      // Esc answers the changed-elsewhere question (keep editing) before it leaves the form.
      if case .changedElsewhere = model?.editor.status { send(.form(.key(.escape))) } else { send(.cancel) }
    case .key(let key): send(.form(.key(key)))
    case .paste(let text): send(.form(.paste(text)))
    case .terminalMode: return false
    }
    return true
  }

  public func body(isFocused: Bool) -> any View {
    guard let model else { return Spacer() }
    return Padding(ContactFormView(model: model, isFocused: isFocused), horizontal: 2, vertical: 1)
  }
}
