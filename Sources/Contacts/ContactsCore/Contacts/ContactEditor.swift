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
    case changedElsewhere(current: Contact)
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
  /// has moved since. Nil for a new contact.
  public var startedFrom: Contact?
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
  /// (`ContactDraft.problem(of:_:)`), with no draft made: they are found again after every key.
  static let rules: FormRules<Field> = { form in
    var problems: [FormPlace<Field>: String] = [:]
    for (position, id) in form.fieldIDs.enumerated() {
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

public enum ContactEditorAction: Equatable, Sendable, Codable {
  case load
  indirect case loaded(Loadable<Contact>)
  /// What a key, a paste or a click means to the form; a submit saves.
  case form(FormIntent)
  /// The save is done; what follows is the app reducer's (it shows the saved contact).
  indirect case saved(Contact)
  indirect case saveFailed(ContactSaveError)
  case resolve(ContactEditor.ConflictChoice)
  /// The notes' columns (`width`) and rows (`height`) in the screen's area.
  case fitNotes(Size)
}

/// The editor's reducer: the form's intents, its load, and its saves. A successful save only
/// reports `.saved`: what follows it (the route, the list, the notice) is the app reducer's, in
/// one place.
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

    case .fitNotes(let size):
      editor.fitNotes(size)
      return .none

    case .form(let intent):
      // While it asks about a change made elsewhere, the screen's keys answer (`.resolve`).
      guard editor.status == .editing, editor.form.apply(intent, rules: ContactEditor.rules) == .submit else {
        return .none
      }
      return save(&editor, client: client)

    case .saved:
      // What follows a save is the app reducer's.
      editor.form.finish(error: nil)
      return .none

    case .saveFailed(let error):
      editor.form.finish(error: "\(error)")
      if case .changedElsewhere(let current) = error { editor.status = .changedElsewhere(current: current) }
      return .none

    case .resolve(let choice):
      guard case .changedElsewhere(let current) = editor.status else { return .none }
      switch choice {
      case .keepMine:
        // What the user changed, over what is stored now (a field only they changed stays
        // theirs); the check is against the revision just seen.
        let merged = ContactDraft.merging(mine: editor.draft, base: editor.original, theirs: ContactDraft(current))
        let touched = editor.form.touched
        editor.load(current)
        editor.form = ContactEditor.form(for: merged, focus: editor.form.focus, notes: editor.notesSize)
        editor.form.touched = touched
        editor.form.isBusy = true
        return save(&editor, client: client)
      case .takeTheirs:
        editor.load(current)
        editor.form.notice = "Loaded the contact as it was saved elsewhere"
        return .none
      case .keepEditing:
        editor.status = .editing
        return .none
      }
    }
  }
}

/// Saves the form's draft, checked against the revision the edit started from (the form is
/// busy meanwhile).
private func save(_ editor: inout ContactEditor, client: ContactsClient) -> Effect<ContactEditorAction> {
  let draft = editor.draft.trimmed
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
