public import ContactsModel
public import Navigation
import TerminalUI

extension Dialog where Action == AppAction {
  /// The list's chooser of address books: "All books" first (0 or Enter), then each book by
  /// its place (1 to 9), and Esc to leave the list as it is. The book listed now is named in
  /// the question; a book the server no longer has is marked, since its contacts are still here.
  public static func bookChooser(_ books: [ContactBook], showing book: Int?) -> Dialog {
    let now = books.first { $0.number == book }?.name ?? "all books"
    var buttons = [Button("All books", keys: ["0", .enter], sends: .browser(.showBook(nil)))]
    for (place, book) in books.prefix(9).enumerated() {
      let label = book.name + (book.isGone ? " (gone)" : "")
      let key = Key.character(Character(String(place + 1)))
      buttons.append(Button(label, keys: [key], sends: .browser(.showBook(book.number))))
    }
    buttons.append(Button("Cancel", keys: DialogKeys.cancel, named: "cancel"))
    return Dialog(title: "Show which book?", message: "The list shows \(now).", buttons: buttons)
  }

  /// The chooser of the book to move `contact` to: each of `books` (the account's others the
  /// server has) by its place (1 to 9, Enter the first), and Esc to leave it where it is.
  public static func moveChooser(_ contact: Contact, to books: [ContactBook]) -> Dialog {
    var buttons: [Button] = []
    for (place, book) in books.prefix(9).enumerated() {
      let keys = [Key.character(Character(String(place + 1)))] + (place == 0 ? [.enter] : [])
      buttons.append(Button(book.name, keys: keys, sends: .moveContact(contact, toBook: book.number)))
    }
    buttons.append(Button("Cancel", keys: DialogKeys.cancel, named: "cancel"))
    return Dialog(
      title: "Move to which book?",
      message: "Move “\(contact.name)” to another address book? The next sync moves it on the server too.",
      buttons: buttons)
  }

  /// The chooser of the book the contacts of `gone`, a book the server no longer has, move to:
  /// each of `books` (the account's others the server has) by its place (1 to 9, Enter the
  /// first), and Esc to leave them where they are.
  public static func goneBookMoveChooser(_ gone: SyncBookOverview, to books: [SyncBookOverview]) -> Dialog {
    var buttons: [Button] = []
    for (place, book) in books.prefix(9).enumerated() {
      let keys = [Key.character(Character(String(place + 1)))] + (place == 0 ? [.enter] : [])
      buttons.append(Button(book.name, keys: keys, sends: .sync(.moveGoneBook(from: gone.number, to: book.number))))
    }
    buttons.append(Button("Cancel", keys: DialogKeys.cancel, named: "cancel"))
    let contacts = "\(gone.contacts) \(gone.contacts == 1 ? "contact" : "contacts")"
    return Dialog(
      title: "Move to which book?",
      message: "\(gone.name) is gone from the server. Move its \(contacts) to another book? "
        + "The next sync creates \(gone.contacts == 1 ? "it" : "them") there.",
      buttons: buttons)
  }
}
