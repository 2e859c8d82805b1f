import ContactsModel
import TerminalUI

/// The form's drawing: a heading, a row per field and per list entry with its problem under
/// it, the banner (saving, or why the save failed) and the Save button.
///
/// The rows scroll between the heading and the banner when they are taller than the screen, so
/// that the focused row is always on screen (about a third of the way down) and Save is always
/// in sight; the heading says how many rows are out of view above and below. The offset is
/// worked out from the focus and the size alone, so the form redraws the same from state.
struct ContactFormView: View {
  let model: ContactEditorScreen.ViewModel
  let isFocused: Bool
  /// The frame's theme, which the helpers below draw in: set as the view is drawn.
  var theme = Theme.standard
  /// Whether the frame records what the mouse can click: only then are the fields' places
  /// looked up, so a key's frame costs nothing more.
  var marksClicks = false

  /// The name the form's fields and Save answer clicks by, each by its place in the focus order.
  static let control = "editor"

  static let labelWidth = 12
  static let typeWidth = 14

  /// A row of the scrolled part, and the control it belongs to.
  struct Row {
    var field: ContactEditor.Field?
    var view: any View
  }

  func render(into frame: inout Frame, in region: Rect) {
    var themed = self
    themed.theme = frame.theme
    themed.marksClicks = frame.mouseRegions != nil
    themed.draw(into: &frame, in: region)
  }

  private func draw(into frame: inout Frame, in region: Rect) {
    let editor = model.editor
    switch editor.status {
    case .loading:
      LoadingView<Int>(.loading, tick: model.tick, label: "Loading contact…") { _ in Spacer() }
        .render(into: &frame, in: region)
      return
    case .loadFailed(let message):
      Text(message, style: theme.error, alignment: .center).render(into: &frame, in: region.row(region.height / 2))
      return
    case .editing, .saving, .failed:
      break
    }
    let banner: any View =
      switch editor.status {
      case .saving: Spinner(tick: model.tick, label: "Saving…")
      case .failed(let error): Text("✖ \(error)", style: theme.error)
      default: Text(editor.notice ?? "", style: theme.error)
      }
    let save = Button(
      "Save", isFocused: isFocused && editor.focus.focused == .save, isDisabled: editor.isBusy,
      clickTarget: target(.save))
    let saveRow = HStack(
      spacing: 2, [.fit(save), .fill(Text(editor.hasChanges ? "Unsaved changes" : "", style: theme.secondary))])
    // The heading, a blank row, the rows (in what the others leave them), the banner and Save.
    var items: [StackItem] = [
      .fixed(1, Spacer()), .fixed(1, Spacer()), .fill(Spacer()), .fixed(1, banner), .fixed(1, saveRow),
    ]
    let height = VStack(items).slots(in: region)[2].height
    let rows = rows(editor)
    // An entry's type input shares its row with the value.
    var focusedField = editor.focus.focused
    if case .entry(let list, let index, .type) = focusedField { focusedField = .entry(list, index, .value) }
    // Save is below the rows: on it, the last rows show.
    let focusedRow = focusedField == .save ? rows.count - 1 : rows.firstIndex { $0.field == focusedField }
    let offset = ScrollWindow(total: rows.count, visible: height, showingAThirdDown: focusedRow).offset
    let below = max(0, rows.count - offset - height)
    let more = [offset > 0 ? "↑ \(offset) more" : nil, below > 0 ? "↓ \(below) more" : nil].compactMap { $0 }
    items[0] = .fixed(1, Heading(editor.id == nil ? "New contact" : "Edit contact", note: more.joined(separator: "  ")))
    items[2] = .fill(VStack(rows.dropFirst(offset).prefix(height).map { .fixed(1, $0.view) }))
    VStack(items).render(into: &frame, in: region)
    if case .failed(.changedElsewhere) = editor.status {
      let size = Size(width: min(region.width, 64), height: min(region.height, 7))
      Modal(title: "Changed elsewhere", size: size, theme: theme, ConflictQuestion(theme: theme))
        .render(into: &frame, in: region)
    }
  }

  private func rows(_ editor: ContactEditor) -> [Row] {
    var rows: [Row] = []
    func problem(_ field: ContactEditor.Field) {
      if let problem = editor.problem(field) {
        rows.append(Row(field: nil, view: Padding(Text(problem, style: theme.error), left: Self.labelWidth)))
      }
    }
    func single(_ field: ContactEditor.Field) {
      guard let input = editor.inputs[field] else { return }
      let label = Labelled(
        field.label + (field == .name ? " *" : ""), width: Self.labelWidth - 1, isFocused: isFocusedField(field),
        textField(input, field))
      rows.append(Row(field: field, view: label))
      problem(field)
    }
    for field in [ContactEditor.Field.name, .nickname, .organization, .title] { single(field) }
    for list in ContactEditor.List.allCases {
      for (index, row) in (editor.rows[list] ?? []).enumerated() {
        let valueField = ContactEditor.Field.entry(list, index, .value)
        let typeField = ContactEditor.Field.entry(list, index, .type)
        let entry = HStack([
          .fill(textField(row.value, valueField)),
          .fixed(1, Spacer()),
          .fixed(Self.typeWidth, textField(row.type, typeField)),
          .fixed(2, Text(row.isPreferred ? " " + ContactCard.preferredMark : "", style: theme.mark)),
        ])
        let isFocusedRow = isFocusedField(valueField) || isFocusedField(typeField)
        let label = Labelled(index == 0 ? list.label : "", width: Self.labelWidth - 1, isFocused: isFocusedRow, entry)
        rows.append(Row(field: valueField, view: label))
        problem(valueField)
      }
    }
    for field in [ContactEditor.Field.birthday, .anniversary, .categories, .notes] { single(field) }
    return rows
  }

  private func isFocusedField(_ field: ContactEditor.Field) -> Bool {
    isFocused && model.editor.focus.focused == field
  }

  private func textField(_ input: TextInput, _ field: ContactEditor.Field) -> TextField {
    TextField(
      input, placeholder: isFocusedField(field) || field.placeholder.isEmpty ? field.placeholder : "",
      isFocused: isFocusedField(field), isDisabled: model.editor.isBusy, clickTarget: target(field))
  }

  /// A click on `field`: its place in the focus order.
  private func target(_ field: ContactEditor.Field) -> MouseTarget? {
    guard marksClicks else { return nil }
    return model.editor.focus.order.firstIndex(of: field).map { .item(Self.control, index: $0) }
  }
}

/// What the form asks when its save was refused because the contact changed elsewhere: each
/// answer with its key as the user's key map has it (`Frame.keyHelp`).
private struct ConflictQuestion: View {
  let theme: Theme

  func render(into frame: inout Frame, in region: Rect) {
    let keys = frame.keyHelp
    let choice = { (label: String, meaning: String) -> any View in
      let key = keys.first { $0.label == label }?.key ?? ""
      return Text([Span(key, style: theme.helpKey), Span(" " + label + meaning)])
    }
    VStack([
      .fixed(1, Text("It was saved elsewhere after you started editing it.")),
      .fixed(1, Spacer()),
      .fixed(1, choice("Keep mine", ": save your version over theirs")),
      .fixed(1, choice("Take theirs", ": drop your changes and load theirs")),
      .fixed(1, choice("Keep editing", "")),
    ]).render(into: &frame, in: region)
  }
}
