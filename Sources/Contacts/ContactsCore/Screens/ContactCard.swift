import ContactsModel
import TerminalUI

/// A contact's fields under the "Contact details" heading, one row per value: every email,
/// phone, address and web address with its types and a ★ on the preferred one, nicknames,
/// organisation and title, birthday and anniversary (a date without a year reads "15 April"),
/// categories, the address book it is in (when the account syncs several), then the notes.
/// Empty fields are left out.
///
/// The screen does not scroll: when the rows are taller than the region, the last row that fits
/// says how many more there are and that the editor shows them all, rather than dropping them
/// without a word.
struct ContactCard: View {
  let contact: Contact
  /// Another version of the same contact (a sync conflict's) or another record of the same
  /// person (a duplicate's): rows this one has and that one lacks are marked `≠`.
  var comparedWith: Contact? = nil
  /// How list entries are compared with `comparedWith`'s. Nil: whole rows, types and all (a sync
  /// conflict's two versions, where a changed type is a change). Else by their values as a merge
  /// unites them (two records of one person: `Ada@X.org` is `ada@x.org` whatever its type), and an
  /// entry both have with other types or another ★ is marked `≈`, dimmed: the merge keeps this
  /// side's types and adds nothing.
  var entryKeys: ListEntryKeys? = nil
  /// The name of the address book the contact is in, when the account has several to tell apart.
  var book: String? = nil

  /// The width of the label column: "Anniversary" and a space.
  static let labelWidth = 12
  static let preferredMark = "★"

  /// One row of a field: the label on the first row of the field only.
  struct Row {
    var label: String
    var value: String
    var types: String = ""
    var isPreferred = false
    /// The display width the values of this row's list are padded to, so types line up.
    var valueColumn = 0
    /// A list entry's value as `entryKeys` compares it, after its list's label; nil for a
    /// single field's row (or without `entryKeys`).
    var key: String? = nil

    /// What the row says, for comparing two versions of a contact.
    var content: String { "\(label)\u{1}\(value)\u{1}\(types)\u{1}\(isPreferred)" }
    /// Its types and ★, for telling an entry both have apart from one both have alike.
    var marks: String { "\(types)\u{1}\(isPreferred)" }
  }

  /// How a row compares with the other contact's.
  enum Difference {
    /// The other lacks it: `≠`.
    case lacking
    /// The other has it with other types or another ★: `≈`.
    case otherMarks
  }

  var rows: [Row] {
    var rows: [Row] = []
    func single(_ label: String, _ value: String) {
      if !value.isEmpty { rows.append(Row(label: label, value: value)) }
    }
    func list<Value>(
      _ label: String, _ entries: [ContactEntry<Value>], key: ((Value) -> String)?, text: (Value) -> String
    ) {
      let values = entries.map { text($0.value) }
      let column = values.map(DisplayWidth.of).max() ?? 0
      for (index, entry) in entries.enumerated() {
        rows.append(
          Row(
            label: index == 0 ? label : "", value: values[index], types: entry.typeLabel,
            isPreferred: entry.isPreferred, valueColumn: column, key: key.map { label + "\u{1}" + $0(entry.value) }))
      }
    }
    let keys = entryKeys
    single("Nickname", contact.nicknames.joined(separator: ", "))
    single("Company", contact.organization)
    single("Title", contact.title)
    list("Email", contact.emails, key: keys?.email) { $0 }
    list("Phone", contact.phones, key: keys?.phone) { $0 }
    list("Address", contact.addresses, key: keys?.address) { $0.singleLine }
    list("Web", contact.urls, key: keys?.url) { $0 }
    single("Birthday", contact.birthday?.reading ?? "")
    single("Anniversary", contact.anniversary?.reading ?? "")
    single("Categories", contact.categories.joined(separator: ", "))
    single("Book", book ?? "")
    return rows
  }

  func render(into frame: inout Frame, in region: Rect) {
    let theme = frame.theme
    let difference = differences()
    // `text` in `style`, marked where the other differs.
    func marked(_ text: String, _ style: Style, _ difference: Difference?) -> Text {
      let mark: Span =
        switch difference {
        case .lacking?: Span("≠ ", style: theme.error)
        case .otherMarks?: Span("≈ ", style: theme.secondary)
        case nil: Span("")
        }
      return Text([mark, Span(text, style: style)])
    }
    func rowView(_ row: Row) -> any View {
      HStack([
        .fixed(Self.labelWidth, marked(row.label, theme.secondary, difference(row))),
        .fill(EntryLine(row: row, theme: theme)),
      ])
    }
    let nameDiffers = comparedWith.map { $0.name != contact.name } == true
    var items: [StackItem] = [
      .fixed(1, Text("Contact details", style: theme.secondary)),
      .fixed(1, marked(contact.name, theme.title, nameDiffers ? .lacking : nil)),
      .fixed(1, Spacer()),
    ]
    let rows = rows
    let hasNotes = !contact.notes.isEmpty
    // The notes need their label and at least one line after a blank row.
    let wanted = items.count + rows.count + (hasNotes ? 3 : 0)
    if wanted <= region.height {
      items += rows.map { .fixed(1, rowView($0)) }
      if hasNotes {
        items.append(.fixed(1, Spacer()))
        let notesDiffer = comparedWith.map { $0.notes != contact.notes } == true
        items.append(.fixed(1, marked("Notes", theme.secondary, notesDiffer ? .lacking : nil)))
        items.append(.fill(Text(contact.notes, overflow: .wrap)))
      }
    } else {
      let room = max(0, region.height - items.count - 1)
      let shown = min(room, rows.count)
      items += rows.prefix(shown).map { .fixed(1, rowView($0)) }
      let hidden = rows.count - shown
      var more = hidden > 0 ? ["\(hidden) more \(hidden == 1 ? "row" : "rows")"] : []
      if hasNotes { more.append("the notes") }
      let edit = frame.key(labelled: "Edit").map { ": \($0) shows them all" } ?? ""
      items.append(.fixed(1, Text("⋯ " + more.joined(separator: " and ") + edit, style: theme.secondary)))
    }
    VStack(items).render(into: &frame, in: region)
  }

  /// How each row compares with `comparedWith`'s (nil: alike, or nothing to compare with).
  private func differences() -> (Row) -> Difference? {
    guard let comparedWith else { return { _ in nil } }
    let others = ContactCard(contact: comparedWith, entryKeys: entryKeys).rows
    let contents = Set(others.map(\.content))
    var marksByKey: [String: Set<String>] = [:]
    for row in others { if let key = row.key { marksByKey[key, default: []].insert(row.marks) } }
    return { row in
      guard let key = row.key else { return contents.contains(row.content) ? nil : .lacking }
      guard let marks = marksByKey[key] else { return .lacking }
      return marks.contains(row.marks) ? nil : .otherMarks
    }
  }
}

/// A value, then its types and the preferred mark after the list's value column; a value too
/// long for the row is cut so that its types still show.
private struct EntryLine: View {
  let row: ContactCard.Row
  let theme: Theme

  func render(into frame: inout Frame, in region: Rect) {
    var suffix: [Span] = []
    if !row.types.isEmpty { suffix.append(Span(row.types, style: theme.secondary)) }
    if row.isPreferred {
      if !suffix.isEmpty { suffix.append(Span(" ")) }
      suffix.append(Span(ContactCard.preferredMark, style: theme.mark))
    }
    guard !suffix.isEmpty else {
      Text(row.value).render(into: &frame, in: region)
      return
    }
    let suffixWidth = suffix.reduce(0) { $0 + DisplayWidth.of($1.text) }
    let valueWidth = max(1, min(max(row.valueColumn, DisplayWidth.of(row.value)), region.width - suffixWidth - 2))
    HStack(spacing: 2, [.fixed(valueWidth, Text(row.value)), .fill(Text(suffix))]).render(into: &frame, in: region)
  }
}
