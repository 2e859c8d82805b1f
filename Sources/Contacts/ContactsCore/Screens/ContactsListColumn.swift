import ContactsModel
import TerminalUI

/// A column the contacts list can show; the user picks which and in what order (the config
/// file's `[list] columns`), the terminal's width how many.
public enum ContactsListColumn: String, CaseIterable, Hashable, Sendable {
  /// `book`: the address book a contact is in, shown only when the account syncs several.
  case name, email, phone, company, book

  /// Of `chosen`, in its order, those a table `width` wide has room for: the name alone under
  /// 40 columns, no email under 64 (the list pane of a split on 120 columns keeps the phone),
  /// no company under 100; the book from 64 on, and only when the account `hasBooks` (several).
  /// At least the first chosen one.
  static func shown(_ chosen: [ContactsListColumn], width: Int, hasBooks: Bool = false) -> [ContactsListColumn] {
    var room: Set<ContactsListColumn> =
      switch width {
      case ..<40: [.name]
      case ..<64: [.name, .phone]
      case ..<100: [.name, .email, .phone, .book]
      default: Set(allCases)
      }
    if !hasBooks { room.remove(.book) }
    let shown = chosen.filter(room.contains)
    return shown.isEmpty ? Array(chosen.prefix(1)) : shown
  }

  var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  /// How wide the column is with `count` columns in a table `tableWidth` wide: a narrow table's
  /// text columns take what the phone leaves.
  func width(among count: Int, tableWidth: Int) -> Length {
    switch self {
    case .phone: count == 1 ? .fill : .fixed(18)
    case .book: count == 1 ? .fill : .fixed(12)
    case .name, .email: tableWidth < 64 ? .fill : .flexible(3)
    case .company: tableWidth < 64 ? .fill : .flexible(2)
    }
  }

  /// What the column shows of `contact`. A switch rather than a key path: a list draws every
  /// row's columns at every frame, and a key path's getter copied the whole contact each time.
  func value(of contact: Contact) -> String {
    switch self {
    case .name: contact.name
    case .email: contact.email
    case .phone: contact.phone
    case .company: contact.company
    // The book's name is the list's to give (the contact holds its number).
    case .book: ""
    }
  }
}
