public import ContactsModel
public import Flow
public import TerminalUI

/// The add/edit form (`contacts/new`, `contacts/<id>/edit`): one text input per field, focus,
/// which fields were edited (only those show their problems), and the save in progress.
public struct ContactEditor: Equatable, Sendable {
  public enum Field: Hashable, Sendable, CaseIterable {
    case name, email, phone, company, address, notes, save
  }

  public enum Status: Equatable, Sendable {
    /// Waiting for the contact to edit.
    case loading
    case editing
    case saving
    /// The save failed: the banner says why; editing goes on.
    case failed(String)
    /// The contact could not be loaded: there is nothing to edit.
    case loadFailed(String)
  }

  /// Nil for a new contact.
  public let id: Int64?
  public var inputs: [Field: TextInput]
  /// The draft as loaded, to tell whether anything changed.
  public var original: ContactDraft
  public var focus = FocusRing(Field.allCases)
  public var edited: Set<Field> = []
  public var status: Status
  /// Set when a paste did not fit in its field.
  public var notice: String?

  /// A form for a new contact.
  public init() {
    id = nil
    original = ContactDraft()
    inputs = Self.inputs(for: original)
    status = .editing
  }

  /// A form for contact `id`, filled once it is loaded (or at once with `contact`).
  public init(id: Int64, contact: Contact? = nil) {
    self.id = id
    original = contact.map(ContactDraft.init) ?? ContactDraft()
    inputs = Self.inputs(for: original)
    status = contact == nil ? .loading : .editing
  }

  static func inputs(for draft: ContactDraft) -> [Field: TextInput] {
    Dictionary(
      uniqueKeysWithValues: Field.textFields.map { field in
        (field, TextInput(draft[field], maxLength: field.maximumLength))
      })
  }

  public var draft: ContactDraft {
    // The loaded draft's other entries (a second email, say) stay as they are.
    var draft = original
    for field in Field.textFields { draft[field] = inputs[field]?.text ?? "" }
    return draft
  }

  public var hasChanges: Bool { draft != original }

  /// The problem shown under a field: only after it was edited (or a save was attempted).
  public func problem(_ field: Field) -> String? {
    guard edited.contains(field), let draftField = field.draftField else { return nil }
    return draft.problems[draftField]
  }

  /// Whether the fields are closed to edits: while loading or saving, or with nothing loaded.
  public var isBusy: Bool {
    switch status {
    case .loading, .saving, .loadFailed: true
    case .editing, .failed: false
    }
  }

  public static func effectID(_ id: Int64?) -> String {
    id.map { "contacts/\($0)/edit" } ?? "contacts/new"
  }
}

extension ContactDraft {
  /// A field's text by the editor's name for it.
  public subscript(field: ContactEditor.Field) -> String {
    get {
      switch field {
      case .name: name
      case .email: email
      case .phone: phone
      case .company: company
      case .address: address
      case .notes: notes
      case .save: ""
      }
    }
    set {
      switch field {
      case .name: name = newValue
      case .email: email = newValue
      case .phone: phone = newValue
      case .company: company = newValue
      case .address: address = newValue
      case .notes: notes = newValue
      case .save: break
      }
    }
  }
}

extension ContactEditor.Field {
  /// The fields that hold text (all but the save button).
  public static var textFields: [Self] { allCases.filter { $0 != .save } }

  /// What a user sees next to the field.
  public var label: String {
    switch self {
    case .name: "Name"
    case .email: "Email"
    case .phone: "Phone"
    case .company: "Company"
    case .address: "Address"
    case .notes: "Notes"
    case .save: "Save"
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

extension ContactEditor.Field {
  var draftField: ContactDraft.Field? {
    switch self {
    case .name: .name
    case .email: .email(0)
    case .phone: .phone(0)
    case .company: .organization
    case .address: .address(0)
    case .notes: .notes
    case .save: nil
    }
  }
}

public enum ContactEditorAction: Equatable, Sendable, Codable {
  case load
  case loaded(Loadable<Contact>)
  case key(Key)
  case paste(String)
  case save
  case saved(Contact)
  case saveFailed(String)
}

/// The editor's reducer. A successful save only reports `.saved`; the app's reducer moves the
/// route and the list on.
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
      editor.original = ContactDraft(contact)
      editor.inputs = ContactEditor.inputs(for: editor.original)
      editor.status = .editing
      return .none

    case .loaded(.failed(let message)):
      editor.status = .loadFailed(message)
      return .none

    case .loaded(.loading):
      return .none

    case .key(let key):
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
      default:
        guard case let field = editor.focus.focused, var input = editor.inputs[field] else { return .none }
        let before = input.text
        guard input.handle(key) else { return .none }
        editor.inputs[field] = input
        if input.text != before { editor.edited.insert(field) }
      }
      return .none

    case .paste(let text):
      guard !editor.isBusy, case let field = editor.focus.focused, var input = editor.inputs[field] else {
        return .none
      }
      let dropped = input.insert(text)
      editor.inputs[field] = input
      editor.edited.insert(field)
      editor.notice = dropped > 0 ? "The paste was cut to \(input.maxLength) characters" : nil
      return .none

    case .save:
      guard !editor.isBusy else { return .none }
      let draft = editor.draft.trimmed
      let problems = draft.problems
      guard problems.isEmpty else {
        // Show every problem at once, and go to the first one.
        editor.edited.formUnion(ContactEditor.Field.textFields)
        if let first = ContactEditor.Field.allCases.first(where: { $0.draftField.map { problems[$0] != nil } ?? false })
        {
          editor.focus.focus(first)
        }
        return .none
      }
      editor.status = .saving
      let id = editor.id
      return .run { send in
        let contact = if let id { try await client.update(id, draft) } else { try await client.insert(draft) }
        await send(.saved(contact))
      } onError: { error, send in
        await send(.saveFailed("Could not save: \(error)"))
      }
      .cancellable(id: ContactEditor.effectID(editor.id), cancelInFlight: true)

    case .saved(let contact):
      editor.original = ContactDraft(contact)
      editor.status = .editing
      return .none

    case .saveFailed(let message):
      editor.status = .failed(message)
      return .none
    }
  }
}

extension ContactDraft {
  /// Without surrounding spaces in any field.
  var trimmed: ContactDraft {
    var draft = self
    for field in ContactEditor.Field.textFields {
      draft[field] = draft[field].trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return draft
  }
}
