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
}
