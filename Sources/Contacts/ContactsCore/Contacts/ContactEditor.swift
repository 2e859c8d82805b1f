public import ContactsModel
public import Flow
public import TerminalUI

/// The add/edit form (`contacts/new`, `contacts/<id>/edit`): the framework's form, with a field
/// per single value and a list per kind of entry (each entry its value and its types as typed,
/// "work, fax"), the contact the edit started from, and whether it loads, or asks what to do
/// about a change made elsewhere.
///
/// Every list always shows at least one entry, empty when the contact has none, so that it can be
/// reached and added to by keyboard alone; empty entries are dropped when saving. Entries
/// remember the contact's entry they were made from, so a save keeps what was not edited.
public struct ContactEditor: Equatable, Sendable {
  /// A field of the form, in the order shown; a list's entries are rows of their own.
  public enum Field: Hashable, Sendable, CaseIterable {
    case name, nickname, organization, title, email, phone, address, url, birthday, anniversary, categories, notes
  }

  public enum Status: Equatable, Sendable {
    /// Waiting for the contact to edit.
    case loading
    case editing
    /// The save was refused: someone else saved the contact (`current` now) since the edit
    /// started. The form asks: keep mine, take theirs, or keep editing.
    indirect case changedElsewhere(current: Contact)
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
  public var form: Form<Field>
  public var status: Status
  /// The contact as the edit started from it: a save is refused when the stored one's revision
  /// has moved since. Nil for a new contact. Out of line (``Indirect``): the editor is copied
  /// and compared at every key, the contact in it not written.
  @Indirect public var startedFrom: Contact? = nil
  /// The notes' columns (`width`) and rows (`height`) as the screen has room for them, once it
  /// said (``ContactEditorScreen/resized(to:)``): their lines wrap there for ↑/↓.
  public private(set) var notesSize: Size?

  /// The draft as loaded, to tell whether anything changed: the contact the edit started from,
  /// or an empty form.
  public var original: ContactDraft { startedFrom.map(ContactDraft.init) ?? ContactDraft() }

  /// A form for a new contact.
  public init() {
    id = nil
    form = Self.form(for: ContactDraft())
    status = .editing
  }

  /// A form for contact `id`, filled once it is loaded (or at once with `contact`).
  public init(id: Int64, contact: Contact? = nil) {
    self.id = id
    startedFrom = contact
    form = Self.form(for: contact.map(ContactDraft.init) ?? ContactDraft())
    status = contact == nil ? .loading : .editing
  }

  /// Starts the form over from `contact`: its fields, its revision, nothing touched.
  mutating func load(_ contact: Contact) {
    startedFrom = contact
    form = Self.form(for: original, focus: form.focus, notes: notesSize)
    status = .editing
  }

  /// Gives the notes `size` (columns and rows) from now on.
  mutating func fitNotes(_ size: Size) {
    notesSize = size
    form.fitTextArea(.notes, columns: size.width, rows: size.height)
  }

  /// The form showing `draft`, its problems found, the focus on `focus` if it is there, the
  /// notes `notes` columns wide and high.
  static func form(for draft: ContactDraft, focus: FormPlace<Field>? = nil, notes: Size? = nil) -> Form<Field> {
    var form = Form(
      Field.allCases.map { field in
        if field == .notes {
          return FormField(
            field, field.label, .multiline(TextArea(draft.notes, rows: 4, maxLength: field.maximumLength)))
        }
        guard field.isList else {
          return FormField(
            field, field.label, .text(TextInput(draft[field], maxLength: field.maximumLength)),
            placeholder: field.placeholder)
        }
        let entries = draft[list: field].map {
          FormEntry($0.value, type: $0.label, isPreferred: $0.isPreferred, origin: $0.origin)
        }
        return FormField(
          field, field.label, .list(entries.isEmpty ? [FormEntry()] : entries), placeholder: field.placeholder)
      }, focus: focus)
    if let notes { form.fitTextArea(.notes, columns: notes.width, rows: notes.height) }
    form.validate(rules)
    return form
  }

  /// The contact's problems as the form shows them, each under its field or entry: those of
  /// the draft as it would be saved (trimmed), found field by field from the form's text
  /// (`ContactDraft.problem(of:_:)`), with no draft made: they are found again after every key,
  /// so fields whose text is never wrong are not read.
  static let rules: FormRules<Field> = { form in
    var problems: [FormPlace<Field>: String] = [:]
    for (position, id) in form.fieldIDs.enumerated() where ContactDraft.isChecked(id.draftField(entry: 0)) {
      let content = form.content(at: position)
      switch content {
      case .list(let entries):
        for index in entries.indices {
          if let problem = ContactDraft.problem(
            of: id.draftField(entry: index), entries[index].value.text.trimmedOfWhiteSpace)
          {
            problems[.entry(id, index)] = problem
          }
        }
      case .text, .secret, .multiline:
        if let text = content.input?.text,
          let problem = ContactDraft.problem(of: id.draftField(entry: 0), text.trimmedOfWhiteSpace)
        {
          problems[.field(id)] = problem
        }
      case .choice:
        break
      }
    }
    return problems
  }

  /// `form`'s values over `base`, empty entries included: problem indexes are entry indexes.
  static func draft(of form: Form<Field>, over base: ContactDraft) -> ContactDraft {
    var draft = base
    for field in form.fields {
      if case .list(let entries) = field.content {
        draft[list: field.id] = entries.map {
          ContactDraft.Entry($0.value.text, label: $0.type.text, isPreferred: $0.isPreferred, origin: $0.origin)
        }
      } else {
        draft[field.id] = field.content.input?.text ?? ""
      }
    }
    return draft
  }

  /// The draft to save: what the form shows over what it does not, entries with no value dropped.
  public var draft: ContactDraft {
    var draft = Self.draft(of: form, over: original)
    for list in ContactEditor.Field.lists {
      draft[list: list] = draft[list: list].filter { !$0.value.isBlank }
    }
    return draft
  }

  /// Whether the draft differs from the original. Asked at every frame: a single field typed
  /// into answers it without a draft made.
  public var hasChanges: Bool {
    let original = original
    for (position, id) in form.fieldIDs.enumerated() {
      // Not one condition of `&&`: that would wrap the draft in a closure holding a copy of it
      // for each field (in a debug build).
      guard !id.isList, let input = form.content(at: position).input else { continue }
      if input.text != original[id] { return true }
    }
    return draft != original
  }

  /// Whether the contact is still being loaded (a match: asked at every action).
  public var isLoading: Bool {
    if case .loading = status { true } else { false }
  }

  /// Whether the fields are closed to edits: while loading or saving, with nothing loaded, or
  /// while asking about a change made elsewhere.
  public var isBusy: Bool { status != .editing || form.isBusy }

  /// What the discard and quit questions say about the editor's unsaved changes.
  public static let unsavedMessage = "Your changes to this contact have not been saved."

  /// The effect id of the editor's load and saves: a new one replaces the one in flight.
  public static func effectID(_ id: Int64?) -> String {
    id.map { "contact-editor/\($0)" } ?? "contact-editor/new"
  }
}

extension ContactEditor.Field {
  /// The fields that are lists of entries.
  static let lists: [Self] = [.email, .phone, .address, .url]

  /// The draft's field this one (its entry `entry`, for a list) is checked as.
  func draftField(entry: Int) -> ContactDraft.Field {
    switch self {
    case .name: .name
    case .nickname: .nickname
    case .organization: .organization
    case .title: .title
    case .email: .email(entry)
    case .phone: .phone(entry)
    case .address: .address(entry)
    case .url: .url(entry)
    case .birthday: .birthday
    case .anniversary: .anniversary
    case .categories: .categories
    case .notes: .notes
    }
  }

  var isList: Bool {
    switch self {
    case .email, .phone, .address, .url: true
    default: false
    }
  }

  /// What a user sees next to the field (a list's, next to its first entry).
  public var label: String {
    switch self {
    case .name: "Name *"
    case .nickname: "Nickname"
    case .organization: "Company"
    case .title: "Title"
    case .email: "Email"
    case .phone: "Phone"
    case .address: "Address"
    case .url: "Web"
    case .birthday: "Birthday"
    case .anniversary: "Anniversary"
    case .categories: "Categories"
    case .notes: "Notes"
    }
  }

  /// What an empty field (a list's empty entry) says it wants.
  public var placeholder: String {
    switch self {
    case .nickname, .categories: "separated by commas"
    case .birthday, .anniversary: "YYYY-MM-DD, or --MM-DD without a year"
    case .email: "name@example.com"
    case .phone: "+1 555 0100"
    case .address: "street, town, region, country"
    case .url: "https://…"
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
}
