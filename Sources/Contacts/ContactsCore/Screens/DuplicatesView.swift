import ContactsModel
import TerminalUI

/// The Duplicates screen's drawing: which group of how many and why, the pair side by side
/// (each marking what the other lacks), the fields to pick between, and what the last write did.
struct DuplicatesView: View {
  let model: DuplicatesScreen.ViewModel
  let isFocused: Bool

  func render(into frame: inout Frame, in region: Rect) {
    let theme = frame.theme
    let content: any View
    switch model.search {
    case .idle, .finding:
      content = Centered(Spinner(tick: model.tick, label: progress), size: Size(width: 48, height: 1))
    case .failed(let message):
      content = Text("✖ " + message + " Press r to retry.", style: theme.error, overflow: .wrap)
    case .found:
      content = found(theme)
    }
    content.render(into: &frame, in: region)
  }

  private var progress: String {
    guard case .finding(let done, let total) = model.search, total > 0 else { return "Looking for duplicates…" }
    return "Looking for duplicates… \(done.formattedWithSeparators) of \(total.formattedWithSeparators)"
  }

  private func found(_ theme: Theme) -> any View {
    var rows: [StackItem] = []
    if model.groupCount == 0 {
      rows.append(.fill(Spacer()))
      rows.append(.fixed(1, Text("No likely duplicates.", style: theme.title, alignment: .center)))
      rows.append(
        .fixed(
          2,
          Text(
            "Contacts that share an e-mail or a phone, or a name and one more field, would show here.",
            style: theme.secondary, alignment: .center, overflow: .wrap)))
    } else {
      var heading = "Group \(model.position + 1) of \(model.groupCount.formattedWithSeparators)"
      if model.groupSize > 2 { heading += ", contact \(model.contactInGroup) of \(model.groupSize)" }
      rows.append(
        .fixed(1, Text([Span(heading, style: theme.title), Span(" · " + model.reason, style: theme.secondary)])))
      switch model.pair {
      case .loaded(let pair)?:
        rows += sideBySide(pair, theme)
      case .failed(let message)?:
        rows.append(.fixed(2, Text("✖ " + message + " Press r to retry.", style: theme.error, overflow: .wrap)))
      case .loading?, nil:
        rows.append(.fill(Centered(Spinner(tick: model.tick, label: "Loading…"), size: Size(width: 20, height: 1))))
      }
    }
    rows.append(.fixed(1, messageLine(theme)))
    if model.groupCount == 0 { rows.append(.fill(Spacer())) }
    return VStack(rows)
  }

  private func sideBySide(_ pair: ContactPair, _ theme: Theme) -> [StackItem] {
    var rows: [StackItem] = [
      .fill(
        HStack(
          spacing: 1,
          [
            .fill(
              Box(
                title: "Stays", borderStyle: theme.border,
                Padding(
                  ContactCard(contact: pair.survivor, comparedWith: pair.other, entryKeys: pair.entryKeys),
                  horizontal: 1, vertical: 0))),
            .fill(
              Box(
                title: "Merged in", borderStyle: theme.border,
                Padding(
                  ContactCard(contact: pair.other, comparedWith: pair.survivor, entryKeys: pair.entryKeys),
                  horizontal: 1, vertical: 0))),
          ]))
    ]
    let choices = pair.choices
    let note = "Lists of both are united; the other's UID is recorded on the one that stays."
    guard !choices.isEmpty else {
      rows.append(.fixed(1, Text(note, style: theme.secondary)))
      return rows
    }
    rows.append(.fixed(1, Text("Where they differ, the merge takes ● (←→ picks):", style: theme.secondary)))
    for (index, field) in choices.enumerated() {
      let fromOther = model.takeFromOther.contains(field)
      let isCursor = index == model.selectedChoice
      let labelStyle = isCursor ? (isFocused ? theme.selection : theme.inactiveSelection) : theme.secondary
      rows.append(
        .fixed(
          1,
          HStack(
            spacing: 1,
            [
              .fixed(ContactCard.labelWidth, Text(field.label, style: labelStyle)),
              .fill(choice(field.text(in: pair.survivor), isTaken: !fromOther, theme)),
              .fill(choice(field.text(in: pair.other), isTaken: fromOther, theme)),
            ])))
    }
    rows.append(.fixed(1, Text(note, style: theme.secondary)))
    return rows
  }

  private func choice(_ text: String, isTaken: Bool, _ theme: Theme) -> any View {
    Text(
      [Span(isTaken ? "● " : "○ ", style: isTaken ? theme.mark : theme.secondary), Span(text)],
      overflow: .ellipsis)
  }

  private func messageLine(_ theme: Theme) -> any View {
    if model.isWriting { return Spinner(tick: model.tick, label: "Writing…") }
    switch model.message {
    case .done(let text)?: return Text("✔ " + text)
    case .failed(let text)?: return Text("✖ " + text, style: theme.error)
    case nil: return Spacer()
    }
  }
}

extension ContactMerge.Field {
  /// The field's value in `contact` on one line.
  func text(in contact: Contact) -> String {
    switch self {
    case .name: contact.name
    case .organization: contact.organization
    case .title: contact.title
    case .birthday: contact.birthday?.reading ?? ""
    case .anniversary: contact.anniversary?.reading ?? ""
    case .notes: contact.notes.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
  }
}
