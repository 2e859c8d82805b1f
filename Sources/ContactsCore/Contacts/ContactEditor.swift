public import ContactsModel
public import Flow
public import TerminalUI

/// The add/edit form (`contacts/new`, `contacts/<id>/edit`): a text input per single field, a
/// row per entry of each list (its value and its types), focus, which fields were edited (only
/// those show their problems), and the save in progress.
///
/// Every list always shows at least one row, empty when the contact has none, so that a list
/// can be reached and added to by keyboard alone; empty rows are dropped when saving. Entries
/// remember the contact's entry they were made from, so a save keeps what was not edited.
public struct ContactEditor: Equatable, Sendable {
  /// A list of the form: its entries are rows.
  public enum List: Hashable, Sendable, CaseIterable {
    case email, phone, address, url
  }

  /// The two inputs of an entry's row.
  public enum Part: Hashable, Sendable {
    case value, type
  }

  /// A control that can have the keyboard.
  public enum Field: Hashable, Sendable {
    case name, nickname, organization, title
    case entry(List, Int, Part)
    case birthday, anniversary, categories, notes
    case save
  }

  /// One row of a list: the value, its types as typed ("work, fax"), the preferred mark, and
  /// the index of the contact's entry it was made from (nil for a new row).
  public struct EntryRow: Hashable, Sendable {
    public var value: TextInput
    public var type: TextInput
    public var isPreferred: Bool
    public var origin: Int?

    public init(_ entry: ContactDraft.Entry = ContactDraft.Entry(), maxLength: Int = 500) {
      value = TextInput(entry.value, maxLength: maxLength)
      type = TextInput(entry.label, maxLength: 100)
      isPreferred = entry.isPreferred
      origin = entry.origin
    }

    var entry: ContactDraft.Entry {
      ContactDraft.Entry(value.text, label: type.text, isPreferred: isPreferred, origin: origin)
    }
  }

  public enum Status: Equatable, Sendable {
    /// Waiting for the contact to edit.
    case loading
    case editing
    case saving
    /// The save failed: the banner says why. When someone else saved the contact since the
    /// edit started (``ContactSaveError/changedElsewhere(current:)``) the form asks: keep mine,
    /// take theirs, or keep editing; otherwise editing goes on.
    case failed(ContactSaveError)
    /// The contact could not be loaded: there is nothing to edit.
    case loadFailed(String)
  }

  /// The answers to a save refused because the contact changed elsewhere.
  public enum ConflictChoice: Equatable, Sendable, Codable {
    /// Save the form over what is stored now.
    case keepMine
    /// Drop the form's changes and load what is stored now.
    case takeTheirs
    /// Close the question; the next save asks again.
    case keepEditing
  }

  /// Nil for a new contact.
  public let id: Int64?
  /// The single-line fields' inputs (name, nickname, organisation, title, dates, categories, notes).
  public var inputs: [Field: TextInput]
  /// Each list's rows; never empty.
  public var rows: [List: [EntryRow]]
  public var focus: FocusRing<Field>
  public var edited: Set<Field> = []
  public var status: Status
  /// Set when a paste did not fit in its field, or a key had nothing to act on.
  public var notice: String?
  /// The contact as the edit started from it: a save is refused when the stored one's revision
  /// has moved since. Nil for a new contact.
  public var startedFrom: Contact?

  /// The draft as loaded, to tell whether anything changed: the contact the edit started from,
  /// or an empty form.
  public var original: ContactDraft { startedFrom.map(ContactDraft.init) ?? ContactDraft() }

  /// A form for a new contact.
  public init() {
    id = nil
    inputs = Self.inputs(for: ContactDraft())
    rows = Self.rows(for: ContactDraft())
    focus = FocusRing(Self.order(rows))
    status = .editing
  }

  /// A form for contact `id`, filled once it is loaded (or at once with `contact`).
  public init(id: Int64, contact: Contact? = nil) {
    self.id = id
    startedFrom = contact
    let draft = contact.map(ContactDraft.init) ?? ContactDraft()
    inputs = Self.inputs(for: draft)
    rows = Self.rows(for: draft)
    focus = FocusRing(Self.order(rows))
    status = contact == nil ? .loading : .editing
  }

  /// Starts the form over from `contact`: its fields, its revision, nothing edited.
  mutating func load(_ contact: Contact) {
    startedFrom = contact
    inputs = Self.inputs(for: original)
    rows = Self.rows(for: original)
    focus = FocusRing(Self.order(rows), focused: focus.focused)
    edited = []
    status = .editing
  }

  static func inputs(for draft: ContactDraft) -> [Field: TextInput] {
    Dictionary(
      uniqueKeysWithValues: Field.singleFields.map { field in
        (field, TextInput(draft[field], maxLength: field.maximumLength))
      })
  }

  static func rows(for draft: ContactDraft) -> [List: [EntryRow]] {
    Dictionary(
      uniqueKeysWithValues: List.allCases.map { list in
        let entries = draft[list]
        return (list, entries.isEmpty ? [EntryRow()] : entries.map { EntryRow($0) })
      })
  }

  /// The focus order: the single fields, each list's rows (value, then types), the rest, Save.
  static func order(_ rows: [List: [EntryRow]]) -> [Field] {
    var order: [Field] = [.name, .nickname, .organization, .title]
    for list in List.allCases {
      for index in (rows[list] ?? []).indices {
        order += [.entry(list, index, .value), .entry(list, index, .type)]
      }
    }
    return order + [.birthday, .anniversary, .categories, .notes, .save]
  }

  /// Every control in focus order, Save last.
  public var fields: [Field] { focus.order }

  /// The form as a draft with every row, empty ones included: problem indexes are row indexes.
  public var rowsDraft: ContactDraft {
    // Anything the form does not show stays as loaded.
    var draft = original
    for field in Field.singleFields { draft[field] = inputs[field]?.text ?? "" }
    for list in List.allCases { draft[list] = (rows[list] ?? []).map(\.entry) }
    return draft
  }

  /// The draft to save: rows with no value are dropped.
  public var draft: ContactDraft {
    var draft = rowsDraft
    for list in List.allCases {
      draft[list] = draft[list].filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }
    }
    return draft
  }

  public var hasChanges: Bool { draft != original }

  /// The problem shown under a field: only after it was edited (or a save was attempted).
  public func problem(_ field: Field) -> String? {
    guard edited.contains(field), let draftField = field.draftField else { return nil }
    return rowsDraft.problems[draftField]
  }

  /// Whether the fields are closed to edits: while loading or saving, or with nothing loaded.
  public var isBusy: Bool {
    switch status {
    case .loading, .saving, .loadFailed, .failed(.changedElsewhere): true
    case .editing, .failed: false
    }
  }

  /// The focused input's text, for a key or a paste.
  subscript(input field: Field) -> TextInput? {
    get {
      switch field {
      case .entry(let list, let index, let part):
        guard let row = rows[list]?[safe: index] else { return nil }
        return part == .value ? row.value : row.type
      case .save: return nil
      default: return inputs[field]
      }
    }
    set {
      guard let newValue else { return }
      switch field {
      case .entry(let list, let index, let part):
        guard rows[list]?[safe: index] != nil else { return }
        if part == .value { rows[list]?[index].value = newValue } else { rows[list]?[index].type = newValue }
      case .save: break
      default: inputs[field] = newValue
      }
    }
  }

  /// Adds an empty row after the focused one of its list and focuses it.
  mutating func addEntry() {
    guard case .entry(let list, let index, _) = focus.focused else {
      notice = "Ctrl-N adds an entry to the email, phone, address or web list it is pressed in"
      return
    }
    rows[list, default: []].insert(EntryRow(), at: index + 1)
    shiftEdited(list, from: index + 1, by: 1)
    refocus(.entry(list, index + 1, .value))
  }

  /// Removes the focused row; the last row of a list is emptied instead, so the list stays
  /// reachable.
  mutating func removeEntry() {
    guard case .entry(let list, let index, _) = focus.focused, var listRows = rows[list] else {
      notice = "Ctrl-X removes the email, phone, address or web entry it is pressed in"
      return
    }
    if listRows.count == 1 {
      listRows[0] = EntryRow()
      edited.remove(.entry(list, 0, .value))
      edited.remove(.entry(list, 0, .type))
      rows[list] = listRows
      refocus(.entry(list, 0, .value))
      return
    }
    listRows.remove(at: index)
    rows[list] = listRows
    edited.remove(.entry(list, index, .value))
    edited.remove(.entry(list, index, .type))
    shiftEdited(list, from: index + 1, by: -1)
    refocus(.entry(list, min(index, listRows.count - 1), .value))
  }

  /// Makes the focused row its list's preferred one, or, when it is already, none.
  mutating func togglePreferred() {
    guard case .entry(let list, let index, _) = focus.focused, let listRows = rows[list] else {
      notice = "Ctrl-P marks the preferred email, phone, address or web entry it is pressed in"
      return
    }
    let wasPreferred = listRows[index].isPreferred
    rows[list] = listRows.enumerated().map { offset, row in
      var row = row
      row.isPreferred = offset == index && !wasPreferred
      return row
    }
  }

  private mutating func refocus(_ field: Field) {
    focus = FocusRing(Self.order(rows), focused: field)
  }

  /// Moves the edited marks of `list`'s rows from `start` on by `delta`, as rows come and go.
  private mutating func shiftEdited(_ list: List, from start: Int, by delta: Int) {
    edited = Set(
      edited.map { field in
        guard case .entry(list, let index, let part) = field, index >= start else { return field }
        return .entry(list, index + delta, part)
      })
  }

  /// What the discard and quit questions say about the editor's unsaved changes.
  public static let unsavedMessage = "Your changes to this contact have not been saved."

  /// The effect id of the editor's load and saves: a new one replaces the one in flight.
  public static func effectID(_ id: Int64?) -> String {
    id.map { "contact-editor/\($0)" } ?? "contact-editor/new"
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}

extension ContactDraft {
  /// A single field's text by the editor's name for it.
  public subscript(field: ContactEditor.Field) -> String {
    get {
      switch field {
      case .name: name
      case .nickname: nickname
      case .organization: organization
      case .title: title
      case .birthday: birthday
      case .anniversary: anniversary
      case .categories: categories
      case .notes: notes
      case .entry, .save: ""
      }
    }
    set {
      switch field {
      case .name: name = newValue
      case .nickname: nickname = newValue
      case .organization: organization = newValue
      case .title: title = newValue
      case .birthday: birthday = newValue
      case .anniversary: anniversary = newValue
      case .categories: categories = newValue
      case .notes: notes = newValue
      case .entry, .save: break
      }
    }
  }

  /// A list's entries by the editor's name for it.
  public subscript(list: ContactEditor.List) -> [Entry] {
    get {
      switch list {
      case .email: emails
      case .phone: phones
      case .address: addresses
      case .url: urls
      }
    }
    set {
      switch list {
      case .email: emails = newValue
      case .phone: phones = newValue
      case .address: addresses = newValue
      case .url: urls = newValue
      }
    }
  }
}

extension ContactEditor.List {
  /// What a user sees next to the list's first row.
  public var label: String {
    switch self {
    case .email: "Email"
    case .phone: "Phone"
    case .address: "Address"
    case .url: "Web"
    }
  }

  /// What an empty row says it is for.
  public var placeholder: String {
    switch self {
    case .email: "name@example.com"
    case .phone: "+1 555 0100"
    case .address: "street, town, region, country"
    case .url: "https://…"
    }
  }
}

extension ContactEditor.Field {
  /// The fields with one input of their own (not a list's rows, not Save).
  public static let singleFields: [Self] = [
    .name, .nickname, .organization, .title, .birthday, .anniversary, .categories, .notes,
  ]

  /// What a user sees next to the field.
  public var label: String {
    switch self {
    case .name: "Name"
    case .nickname: "Nickname"
    case .organization: "Company"
    case .title: "Title"
    case .entry(let list, _, _): list.label
    case .birthday: "Birthday"
    case .anniversary: "Anniversary"
    case .categories: "Categories"
    case .notes: "Notes"
    case .save: "Save"
    }
  }

  /// What an empty field says it wants.
  public var placeholder: String {
    switch self {
    case .nickname, .categories: "separated by commas"
    case .birthday, .anniversary: "YYYY-MM-DD, or --MM-DD without a year"
    case .entry(let list, _, .value): list.placeholder
    case .entry(_, _, .type): "type"
    default: ""
    }
  }

  var maximumLength: Int {
    switch self {
    case .name: 200
    case .notes: 10_000
    default: 500
    }
  }

  var draftField: ContactDraft.Field? {
    switch self {
    case .name: .name
    case .nickname: .nickname
    case .organization: .organization
    case .title: .title
    case .entry(.email, let index, .value): .email(index)
    case .entry(.phone, let index, .value): .phone(index)
    case .entry(.address, let index, .value): .address(index)
    case .entry(.url, let index, .value): .url(index)
    case .entry: nil
    case .birthday: .birthday
    case .anniversary: .anniversary
    case .categories: .categories
    case .notes: .notes
    case .save: nil
    }
  }
}

public enum ContactEditorAction: Equatable, Sendable, Codable {
  case load
  indirect case loaded(Loadable<Contact>)
  case key(Key)
  case paste(String)
  case save
  /// The save is done; what follows is the app reducer's (it shows the saved contact).
  indirect case saved(Contact)
  indirect case saveFailed(ContactSaveError)
  case resolve(ContactEditor.ConflictChoice)
  /// A click on the control at `index` of the focus order: the focus goes there, the cursor
  /// where it was clicked; on Save, it saves.
  case click(index: Int, column: Int)
}

/// The editor's reducer. A successful save only reports `.saved`: what follows it (the route,
/// the list, the notice) is the app reducer's, in one place.
///
/// Keys: Tab/↓ and Shift-Tab/↑ move between fields, Enter moves on (saves on Save), Ctrl-S
/// saves, Ctrl-N adds an entry after the focused one of a list, Ctrl-X removes the focused
/// entry, Ctrl-P marks it preferred; the rest edit the focused input.
public func contactEditorReducer(client: ContactsClient) -> Reducer<ContactEditor, ContactEditorAction> {
  Reducer { editor, action in
    switch action {
    case .load:
      guard let id = editor.id else { return .none }
      editor.status = .loading
      return .run { send in
        let contact = try await client.contact(id)
        await send(.loaded(contact.map(Loadable.loaded) ?? .failed("This contact does not exist (any more).")))
      } onError: { error, send in
        await send(.loaded(.failed("Could not load the contact: \(error)")))
      }
      .cancellable(id: ContactEditor.effectID(editor.id), cancelInFlight: true)

    case .loaded(.loaded(let contact)):
      editor.load(contact)
      return .none

    case .loaded(.failed(let message)):
      editor.status = .loadFailed(message)
      return .none

    case .loaded(.loading):
      return .none

    case .key(let key):
      // While it asks about a change made elsewhere, the screen's keys answer (`.resolve`).
      guard !editor.isBusy else { return .none }
      editor.notice = nil
      switch key {
      case .tab, .down:
        editor.focus.next()
      case .backTab, .up:
        editor.focus.previous()
      case .enter:
        if editor.focus.focused == .save { return .send(.save) }
        editor.focus.next()
      case .ctrl("s"):
        return .send(.save)
      case .ctrl("n"):
        editor.addEntry()
      case .ctrl("x"):
        editor.removeEntry()
      case .ctrl("p"):
        editor.togglePreferred()
      default:
        let field = editor.focus.focused
        guard var input = editor[input: field] else { return .none }
        let before = input.text
        guard input.handle(key) else { return .none }
        editor[input: field] = input
        if input.text != before { editor.edited.insert(field) }
      }
      return .none

    case .click(let index, let column):
      guard !editor.isBusy, editor.focus.order.indices.contains(index) else { return .none }
      let field = editor.focus.order[index]
      if field == .save { return .send(.save) }
      editor.focus.focus(field)
      if var input = editor[input: field] {
        input.placeCursor(atColumn: column)
        editor[input: field] = input
      }
      return .none

    case .paste(let text):
      let field = editor.focus.focused
      guard !editor.isBusy, var input = editor[input: field] else { return .none }
      let dropped = input.insert(text)
      editor[input: field] = input
      editor.edited.insert(field)
      editor.notice = dropped > 0 ? "The paste was cut to \(input.maxLength) characters" : nil
      return .none

    case .save:
      guard !editor.isBusy else { return .none }
      let problems = editor.rowsDraft.trimmed.problems
      guard problems.isEmpty else {
        // Show every problem at once, and go to the first one.
        editor.edited.formUnion(editor.fields)
        if let first = editor.fields.first(where: { $0.draftField.map { problems[$0] != nil } ?? false }) {
          editor.focus.focus(first)
        }
        return .none
      }
      return save(&editor, client: client)

    case .saved:
      // What follows a save is the app reducer's.
      return .none

    case .saveFailed(let error):
      editor.status = .failed(error)
      return .none

    case .resolve(let choice):
      guard case .failed(.changedElsewhere(let current)) = editor.status else { return .none }
      switch choice {
      case .keepMine:
        // What the user changed, over what is stored now (a field only they changed stays
        // theirs); the check is against the revision just seen.
        let merged = ContactDraft.merging(mine: editor.draft, base: editor.original, theirs: ContactDraft(current))
        let edited = editor.edited
        editor.load(current)
        editor.inputs = ContactEditor.inputs(for: merged)
        editor.rows = ContactEditor.rows(for: merged)
        editor.focus = FocusRing(ContactEditor.order(editor.rows), focused: editor.focus.focused)
        editor.edited = edited
        return save(&editor, client: client)
      case .takeTheirs:
        editor.load(current)
        editor.notice = "Loaded the contact as it was saved elsewhere"
        return .none
      case .keepEditing:
        editor.status = .editing
        return .none
      }

    }
  }
}

/// Saves the form's draft, checked against the revision the edit started from.
private func save(_ editor: inout ContactEditor, client: ContactsClient) -> Effect<ContactEditorAction> {
  let draft = editor.draft.trimmed
  editor.status = .saving
  let id = editor.id
  let startedFrom = editor.startedFrom
  return .run { send in
    do throws(ContactSaveError) {
      let contact =
        if let id { try await client.update(id, draft, startedFrom) } else { try await client.insert(draft) }
      await send(.saved(contact))
    } catch {
      await send(.saveFailed(error))
    }
  }
  .cancellable(id: ContactEditor.effectID(editor.id), cancelInFlight: true)
}

extension ContactDraft {
  /// Without surrounding spaces in any field or entry.
  var trimmed: ContactDraft {
    var draft = self
    for field in ContactEditor.Field.singleFields {
      draft[field] = draft[field].trimmingCharacters(in: .whitespacesAndNewlines)
    }
    for list in ContactEditor.List.allCases {
      draft[list] = draft[list].map { entry in
        var entry = entry
        entry.value = entry.value.trimmingCharacters(in: .whitespacesAndNewlines)
        entry.label = entry.label.trimmingCharacters(in: .whitespacesAndNewlines)
        return entry
      }
    }
    return draft
  }
}
