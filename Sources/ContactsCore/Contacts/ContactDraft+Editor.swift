import ContactsModel
import TerminalUI

// The contact's draft as the editor reads and writes it: its fields by the editor's names.

extension ContactDraft {
  /// A single field's text by the editor's name for it (empty for a list).
  subscript(field: ContactEditor.Field) -> String {
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
      case .email, .phone, .address, .url: ""
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

  /// Without surrounding spaces in any field or entry.
  var trimmed: ContactDraft {
    var draft = self
    for field in ContactEditor.Field.allCases where !field.isList {
      draft[field] = draft[field].trimmingCharacters(in: .whitespacesAndNewlines)
    }
    for list in ContactEditor.Field.lists {
      draft[list: list] = draft[list: list].map { entry in
        var entry = entry
        entry.value = entry.value.trimmingCharacters(in: .whitespacesAndNewlines)
        entry.label = entry.label.trimmingCharacters(in: .whitespacesAndNewlines)
        return entry
      }
    }
    return draft
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
