public import ContactsModel
public import Navigation
import TerminalUI

extension Dialog where Action == AppAction {
  /// The list's chooser of address books, one a row: "All books" first (or 0), then each book
  /// (the first nine also by their place, 1 to 9), the book listed now selected; Enter shows
  /// the selected one, Esc leaves the list as it is. A book the server no longer has is marked,
  /// since its contacts are still here.
  public static func bookChooser(_ books: [ContactBook], showing book: Int?) -> Dialog {
    let now = books.first { $0.number == book }?.name ?? "all books"
    var choices = [Choice("All books", keys: ["0"], sends: .browser(.showBook(nil)))]
    for (place, book) in books.enumerated() {
      let label = book.name + (book.isGone ? " (gone)" : "")
      choices.append(Choice(label, keys: digit(place), sends: .browser(.showBook(book.number))))
    }
    let selected = books.firstIndex { $0.number == book }.map { $0 + 1 } ?? 0
    return .chooser(
      title: "Show which book?", message: "The list shows \(now).", choices: choices, selected: selected)
  }

  /// The chooser of the book to move `contact` to: each of `books` (the account's others the
  /// server has) a row, the first nine also by their place (1 to 9); Enter moves it to the
  /// selected one, Esc leaves it where it is.
  public static func moveChooser(_ contact: Contact, to books: [ContactBook]) -> Dialog {
    .chooser(
      title: "Move to which book?",
      message: "Move “\(contact.name)” to another address book? The next sync moves it on the server too.",
      choices: books.enumerated().map { place, book in
        Choice(book.name, keys: digit(place), sends: .moveContact(contact, toBook: book.number))
      })
  }

  /// The chooser of the book the contacts of `gone`, a book the server no longer has, move to:
  /// each of `books` (the account's others the server has) a row with its count, the first nine
  /// also by their place (1 to 9); Esc leaves them where they are.
  public static func goneBookMoveChooser(_ gone: SyncBookOverview, to books: [SyncBookOverview]) -> Dialog {
    let contacts = "\(gone.contacts) \(gone.contacts == 1 ? "contact" : "contacts")"
    return .chooser(
      title: "Move to which book?",
      message: "\(gone.name) is gone from the server. Move its \(contacts) to another book? "
        + "The next sync creates \(gone.contacts == 1 ? "it" : "them") there.",
      choices: books.enumerated().map { place, book in
        Choice(
          book.name, detail: "\(book.contacts)", keys: digit(place),
          sends: .sync(.moveGoneBook(from: gone.number, to: book.number)))
      })
  }

  /// A chooser of the books gone from the server (`gone`), each a row with its count, the
  /// first nine also by their place: when several are gone, which one `m` or `k` acts on.
  public static func goneBookChooser(
    _ gone: [SyncBookOverview], title: String, message: String, sends: (SyncBookOverview) -> AppAction
  ) -> Dialog {
    .chooser(
      title: title, message: message,
      choices: gone.enumerated().map { place, book in
        let contacts = "\(book.contacts) \(book.contacts == 1 ? "contact" : "contacts")"
        return Choice(book.name, detail: contacts, keys: digit(place), sends: sends(book))
      })
  }

  /// The key that chooses the row at `place` of a list of books at once: 1 to 9 for the first
  /// nine, none for the rest (↑, ↓ and Enter reach them).
  private static func digit(_ place: Int) -> [Key] {
    place < 9 ? [Key.character(Character(String(place + 1)))] : []
  }
}
