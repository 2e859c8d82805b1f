public import ContactsModel
public import TerminalUI

/// What the contacts list shows: the header, the rows on screen (nil where a row is still
/// loading), and the search when one is active. Derived from state by ``select(_:)``.
public struct ContactsListViewModel: Equatable, Sendable {
  public var count: Loadable<Int>
  public var isReady: Bool
  public var window: ScrollWindow
  public var rows: [Contact?]
  /// The search, while its field is open or it shows results (`isActive`: a blank query shows
  /// the whole list).
  public var search: ContactSearch?
  /// The spinner's frame, only while something loads (so an idle list never re-renders).
  public var tick: Int
  /// What the pane beside the list shows on a wide terminal, if anything.
  public var preview: Contact?
  /// Whether that pane is blank while the selection moves.
  public var isPreviewPaused: Bool
  /// The contact the keys that act on one act on (nil while its row loads).
  public var selected: Contact?
  /// The account's address books when it has several (the book column and the book key show
  /// only then), else none.
  public var books: [ContactBook] = []
  /// The name of the book listed alone, if one is.
  public var bookShown: String?

  /// Before the first value arrives: nothing listed, no search.
  static let empty = ContactsListViewModel(
    count: .loading, isReady: false, window: ScrollWindow(), rows: [], search: nil, tick: 0, preview: nil,
    isPreviewPaused: false, selected: nil)

  /// Whether the account has books to choose among (not while the search field is typed in).
  var choosesBook: Bool { !books.isEmpty && isNotEditingSearch }

  /// The name of the book `contact` is in, when there are several.
  func bookName(of contact: Contact) -> String {
    guard let number = contact.book else { return "" }
    return books.first { $0.number == number }?.name ?? ""
  }

  /// Whether a contact is listed (the keys that act on one apply only then).
  var listsContacts: Bool { window.total > 0 }
  var isEditingSearch: Bool { search?.isEditing == true }
  var isNotEditingSearch: Bool { !isEditingSearch }
  /// Whether the vi letters move (not while they are typed into the search).
  var movesByLetter: Bool { listsContacts && !isEditingSearch }
  /// Whether the keys that act on the selected contact apply.
  var actsOnSelection: Bool { selected != nil && !isEditingSearch }

  /// `move` of the results while a search shows them, else of the whole list.
  func move(_ move: ContactsBrowserAction.Move) -> AppAction {
    search?.isActive == true ? .search(.move(move)) : .browser(.move(move))
  }

  public static func select(_ state: AppState) -> ContactsListViewModel {
    guard let signedIn = state.signedIn else { return .empty }
    let browser = signedIn.browser
    let search = signedIn.search
    let window = search.isActive ? search.window : browser.window
    let rows: [Contact?] =
      if search.isActive {
        window.visibleRange.map { index in search.results?.contacts[index] }
      } else {
        browser.visibleRows
      }
    let isLoading = browser.count.isLoading || search.isSearching
    let isPreviewPaused = signedIn.preview != .showsSelection
    return ContactsListViewModel(
      count: browser.count, isReady: browser.isReady, window: window, rows: rows,
      search: search.isEditing || search.isActive ? search : nil,
      tick: isLoading ? state.tick : 0,
      preview: state.showsPreview && !isPreviewPaused ? signedIn.selectedContact : nil,
      isPreviewPaused: isPreviewPaused, selected: signedIn.selectedContact, books: browser.booksShown,
      bookShown: browser.bookName(browser.book))
  }
}
