import ContactsModel
public import Flow
public import Navigation
public import TerminalUI

/// The add/edit form. Each field shows its problem under it once edited; Ctrl-S (or Enter on
/// Save) saves; Esc cancels, asking first when something changed.
@MainActor
public final class ContactEditScreen: Screen, StoreSubscriber {
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

  public var help: [HelpItem] {
    [
      HelpItem(key: "Tab", label: "Next field"), HelpItem(key: "Ctrl-S", label: "Save"),
      HelpItem(key: "Esc", label: "Cancel"),
    ]
  }

  public func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .key(.escape): send(.cancel)
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

/// The form's drawing: a heading, a row per field with its problem under it, the banner
/// (saving, or why the save failed) and the Save button.
struct ContactFormView: View {
  let model: ContactEditScreen.ViewModel
  let isFocused: Bool
  var theme = Theme.standard

  func render(into frame: inout Frame, in region: Rect) {
    let editor = model.editor
    switch editor.status {
    case .loading:
      LoadingContainer<Int>(.loading, tick: model.tick, label: "Loading contact…") { _ in Spacer() }
        .render(into: &frame, in: region)
      return
    case .loadFailed(let message):
      Text(message, style: theme.error, alignment: .center).render(into: &frame, in: region.row(region.height / 2))
      return
    case .editing, .saving, .failed:
      break
    }
    var rows: [StackItem] = [
      .fixed(1, Text(editor.id == nil ? "New contact" : "Edit contact", style: theme.title)),
      .fixed(1, Spacer()),
    ]
    for field in ContactEditor.Field.textFields {
      guard let input = editor.inputs[field] else { continue }
      let isFocusedField = isFocused && editor.focus.focused == field
      let label = field.label + (field == .name ? " *" : "")
      rows.append(
        .fixed(
          1,
          HStack(
            spacing: 1,
            [
              .fixed(10, Text(label, style: isFocusedField ? theme.title : .plain)),
              .fill(TextField(input, isFocused: isFocusedField, isDisabled: editor.isBusy)),
            ])))
      rows.append(.fixed(1, Padding(Text(editor.problem(field) ?? "", style: theme.error), left: 11)))
    }
    let banner: any View =
      switch editor.status {
      case .saving: Spinner(tick: model.tick, label: "Saving…")
      case .failed(let message): Text("✖ " + message, style: theme.error)
      default: Text(editor.notice ?? "", style: theme.error)
      }
    rows.append(.fixed(1, banner))
    rows.append(
      .fixed(
        1,
        HStack(
          spacing: 2,
          [
            .fit(Button("Save", isFocused: isFocused && editor.focus.focused == .save, isDisabled: editor.isBusy)),
            .fill(Text(editor.hasChanges ? "Unsaved changes" : "", style: theme.secondary)),
          ])))
    VStack(rows).render(into: &frame, in: region)
  }
}
