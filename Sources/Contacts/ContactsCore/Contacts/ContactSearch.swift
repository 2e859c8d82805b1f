public import ContactsModel
public import Flow
public import TerminalUI

/// The incremental search over the contacts list: the query field, the latest results and
/// a scroll window over them. An empty query means no search: the list shows every contact.
public struct ContactSearch: Equatable, Sendable {
  /// Results asked for per query; the total says how many matched in all.
  public static let resultLimit = 500

  public var query = TextInput("", maxLength: 100)
  /// Whether the query field has the keyboard (after `/`, until Enter or Esc).
  public var isEditing = false
  /// The results for `query`; nil while no search is active. While a newer query is being
  /// answered, the previous results stay on screen (no flicker) and `isSearching` is true.
  public var results: ContactSearchResult?
  public var isSearching = false
  /// The query `results` answer.
  public var answeredQuery = ""
  public var failure: String?
  public var window = ScrollWindow(total: 0, visible: 20)
  /// Set when a paste did not fit in the field.
  public var notice: String?
  /// The address book searched alone (the list's filter, ``ContactsBrowser/book``); nil: all.
  public var book: Int?

  public init() {}

  /// Whether there is anything to search for: a query of spaces is no search, and the list
  /// shows every contact under it.
  public var isActive: Bool {
    // Checked without making a trimmed copy: the list's view model asks at every key.
    !query.text.isBlank
  }

  public var selectedContact: Contact? {
    guard let contacts = results?.contacts, contacts.indices.contains(window.selected) else { return nil }
    return contacts[window.selected]
  }
}

public enum ContactSearchAction: Equatable, Sendable, Codable {
  /// `/`: the query field takes the keyboard.
  case start
  case key(Key)
  case paste(String)
  case move(ContactsBrowserAction.Move)
  /// Enter in the field: the list takes the keyboard, the results stay.
  case commit
  /// Esc: no more search.
  case clear
  case resized(visibleRows: Int)
  /// Ask again for the current query (after a save or a delete, or when another program
  /// changed the contacts).
  case refresh
  /// The list shows the address book `book` alone (nil: all of them): the search follows.
  case inBook(Int?)
  case answered(query: String, ContactSearchResult)
  case failed(query: String, String)
}

extension ContactSearch {
  public static let effectID = "contacts/search"
}

public func contactSearchReducer(client: ContactsClient) -> Reducer<ContactSearch, ContactSearchAction> {
  Reducer { search, action in
    switch action {
    case .start:
      search.isEditing = true
      return .none

    case .key(let key):
      search.notice = nil
      let before = search.query.text
      guard search.query.handle(key), search.query.text != before else { return .none }
      return run(&search, client: client)

    case .paste(let text):
      let dropped = search.query.insert(text)
      search.notice = dropped > 0 ? "The paste was cut to \(search.query.maxLength) characters" : nil
      return run(&search, client: client)

    case .move(let move):
      search.window.apply(move)
      return .none

    case .commit:
      search.isEditing = false
      return .none

    case .clear:
      let visible = search.window.visible
      let book = search.book
      search = ContactSearch()
      search.window.resize(visible: visible)
      search.book = book
      return .cancel(id: ContactSearch.effectID)

    case .resized(let rows):
      search.window.resize(visible: rows)
      return .none

    case .refresh:
      return search.isActive ? run(&search, client: client) : .none

    case .inBook(let book):
      guard search.book != book else { return .none }
      search.book = book
      // Other results: asked afresh, the selection from the first.
      search.answeredQuery = ""
      return search.isActive ? run(&search, client: client) : .none

    case .answered(let query, let result):
      guard query == search.query.text else { return .none }
      search.isSearching = false
      search.failure = nil
      let isNewQuery = search.results == nil || search.answeredQuery != query
      let selectedID = search.selectedContact?.id
      search.results = result
      search.answeredQuery = query
      search.window.setTotal(result.contacts.count)
      if isNewQuery {
        search.window.home()
      } else if let selectedID, let index = result.contacts.firstIndex(where: { $0.id == selectedID }) {
        // The same query answered again (the contacts changed): the selection stays on its contact.
        search.window.select(index)
      }
      return .none

    case .failed(let query, let message):
      guard query == search.query.text else { return .none }
      search.isSearching = false
      search.failure = message
      return .none
    }
  }
}

/// Asks for the results of the current query, replacing any request still in flight.
private func run(_ search: inout ContactSearch, client: ContactsClient) -> Effect<ContactSearchAction> {
  let query = search.query.text
  let book = search.book
  guard search.isActive else {
    search.results = nil
    search.isSearching = false
    search.failure = nil
    search.window.setTotal(0)
    return .cancel(id: ContactSearch.effectID)
  }
  search.isSearching = true
  return .run { send in
    await send(.answered(query: query, try await client.search(query, ContactSearch.resultLimit, book)))
  } onError: { error, send in
    await send(.failed(query: query, "\(error)"))
  }
  .cancellable(id: ContactSearch.effectID, cancelInFlight: true)
}
