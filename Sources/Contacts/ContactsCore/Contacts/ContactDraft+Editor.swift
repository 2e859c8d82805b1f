import ContactsModel
import TerminalUI

// The contact's draft as the editor reads and writes it: its fields by the editor's names.

extension ContactDraft {
  /// A single field's text by the editor's name for it (empty for a list).
  subscript(field: ContactEditor.Field) -> String {
    get { self[text: field.draftField(entry: 0)] }
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
      case .email, .phone, .address, .url: break
      }
    }
  }

  /// A list's entries by the editor's name for it (none for a single field).
  subscript(list field: ContactEditor.Field) -> [Entry] {
    get {
      switch field {
      case .email: emails
      case .phone: phones
      case .address: addresses
      case .url: urls
      default: []
      }
    }
    set {
      switch field {
      case .email: emails = newValue
      case .phone: phones = newValue
      case .address: addresses = newValue
      case .url: urls = newValue
      default: break
      }
    }
  }

  /// Without surrounding spaces in any field or entry. The rules trim the whole draft on every
  /// edit, so a field with nothing to trim is kept as it is, not copied.
  var trimmed: ContactDraft {
    var draft = self
    for field in ContactEditor.Field.allCases where !field.isList {
      draft[field] = draft[field].trimmedOfWhiteSpace
    }
    for list in ContactEditor.Field.lists {
      draft[list: list] = draft[list: list].map { entry in
        var entry = entry
        entry.value = entry.value.trimmedOfWhiteSpace
        entry.label = entry.label.trimmedOfWhiteSpace
        return entry
      }
    }
    return draft
  }
}

extension String {
  /// Without white space (spaces of every width, tabs, line breaks) at either end: what
  /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives (its set is Unicode's
  /// White_Space and, on Linux, the zero width space), without bridging to `NSString`, and the
  /// string itself when there is nothing to trim.
  var trimmedOfWhiteSpace: String {
    let scalars = unicodeScalars
    guard let first = scalars.first, let last = scalars.last, first.isTrimmed || last.isTrimmed else { return self }
    guard let start = scalars.firstIndex(where: { !$0.isTrimmed }),
      let end = scalars.lastIndex(where: { !$0.isTrimmed })
    else { return "" }
    return String(scalars[start...end])
  }
}

extension Unicode.Scalar {
  /// Whether trimming drops it: in Foundation's `whitespacesAndNewlines` (every scalar checked).
  /// A printable ASCII character (`!` to `~`) never is, and is told so without looking up its
  /// Unicode properties: the forms ask of every field's ends at every key.
  fileprivate var isTrimmed: Bool {
    if value > 0x20 && value < 0x7F { return false }
    return properties.isWhitespace || value == 0x200B
  }
}

extension ContactDraft.Field {
  /// Where the editor shows this field's problem.
  var place: FormPlace<ContactEditor.Field> {
    switch self {
    case .name: .field(.name)
    case .nickname: .field(.nickname)
    case .organization: .field(.organization)
    case .title: .field(.title)
    case .email(let index): .entry(.email, index)
    case .phone(let index): .entry(.phone, index)
    case .address(let index): .entry(.address, index)
    case .url(let index): .entry(.url, index)
    case .birthday: .field(.birthday)
    case .anniversary: .field(.anniversary)
    case .categories: .field(.categories)
    case .notes: .field(.notes)
    }
  }
}
