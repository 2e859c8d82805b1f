public import ContactsModel
public import Flow
public import TerminalUI

/// The contacts list as state: the scroll window and a contiguous segment of loaded rows around
/// it — never the whole list, so a list of ten million costs what a list of a hundred does.
///
/// Rows are loaded by keyset pages (after the segment's last row, before its first, or the
/// first/last page for Home/End) whenever the window comes within ``prefetch`` rows of the
/// segment's edge; the segment is trimmed to ``maximumLoaded`` rows on the far side.
public struct ContactsBrowser: Equatable, Sendable {
  /// Rows kept beyond the window on each side before more are loaded.
  public static let prefetch = 100
  /// Rows kept in memory at most.
  public static let maximumLoaded = 600

  public var window = ScrollWindow(total: 0, visible: 20)
  /// Absolute index of `loaded[0]`.
  public var loadedStart = 0
  public var loaded: [Contact] = []
  /// The page request in flight, so the same page is not asked for twice.
  public var pending: PageRequest?
  /// The row count: loading until the database answers, or why it could not.
  public var count: Loadable<Int> = .loading
  /// The address books of the account's sync link, in order: none when it is not linked.
  public var books: [ContactBook] = []
  /// The book listed alone (``ContactBook/number``); nil lists every contact.
  public var book: Int?

  /// The books to tell apart (a column, a filter, a detail line): only when there are several.
  public var booksShown: [ContactBook] { books.count > 1 ? books : [] }

  /// The name of book `number`, when there are books to tell apart.
  public func bookName(_ number: Int?) -> String? {
    guard books.count > 1, let number else { return nil }
    return books.first { $0.number == number }?.name
  }

  /// True once the count is known and every row on screen is loaded: only then does the
  /// header show the count (what a user, and the benchmark, take as "the list is there").
  public var isReady: Bool {
    // Asked at every state change: answered from the ranges, without copying the rows out.
    let visible = window.visibleRange
    return count.value != nil
      && (visible.isEmpty || (visible.lowerBound >= loadedStart && visible.upperBound <= loadedRange.upperBound))
  }

  public init() {}

  /// The contacts on screen, with nil for rows not loaded yet (shown as placeholders).
  public var visibleRows: [Contact?] {
    window.visibleRange.map { index in
      let offset = index - loadedStart
      return loaded.indices.contains(offset) ? loaded[offset] : nil
    }
  }

  public var selectedContact: Contact? {
    let offset = window.selected - loadedStart
    return loaded.indices.contains(offset) ? loaded[offset] : nil
  }

  var loadedRange: Range<Int> { loadedStart..<(loadedStart + loaded.count) }

  /// What to load next to cover the window and its prefetch margin, if anything.
  func neededPage() -> PageRequest? {
    guard window.total > 0 else { return nil }
    guard let first = loaded.first, let last = loaded.last, loadedRange.overlaps(window.visibleRange) else {
      // Nothing on screen is loaded: start from an end when the window is near one, else walk
      // from the segment towards the window a page at a time (keyset pages cannot jump).
      if window.offset < Self.prefetch { return .first }
      if window.offset + window.visible > window.total - Self.prefetch { return .last }
      guard let first = loaded.first, let last = loaded.last else { return .first }
      return window.offset >= loadedRange.upperBound ? .after(last.position) : .before(first.position)
    }
    let wanted =
      max(0, window.offset - Self.prefetch)..<min(window.total, window.offset + window.visible + Self.prefetch)
    if wanted.upperBound > loadedRange.upperBound { return .after(last.position) }
    if wanted.lowerBound < loadedRange.lowerBound { return .before(first.position) }
    return nil
  }
}

public enum ContactsBrowserAction: Equatable, Sendable, Codable {
  /// The list came on screen with room for `visibleRows`: count, then load the first page.
  case appeared(visibleRows: Int)
  case counted(Int)
  /// Count again and keep the selection on `around` (after a save), or on the same index.
  indirect case reload(around: Contact?)
  indirect case reloaded(total: Int, focus: Focus?)
  /// Another program changed the contacts: count again and reload the rows around the
  /// selection, which stays on its contact, or, if that was deleted, on the one now in its place.
  case refresh
  /// The answer to ``refresh``: the count, and the rows around the selection (nil when nothing
  /// was selected: the window's rows are then loaded afresh).
  indirect case refreshed(total: Int, Segment?)
  case retry
  case move(Move)
  case resized(visibleRows: Int)
  case pageLoaded(PageRequest, [Contact])
  case loadFailed(String)
  /// Read the account's address books again: its sync link changed (linked, synced, unlinked).
  case reloadBooks
  /// The account's address books, read when the list appears, the contacts change or the link
  /// does (sent only when they are not the books known).
  case booksLoaded([ContactBook])
  /// List the address book `book` alone (nil: every contact), from its first row.
  case showBook(Int?)

  public typealias Move = ScrollWindow.Move

  /// Rows read together around a selected contact, so that a refresh replaces the loaded rows
  /// at once, with no placeholders in between.
  public struct Segment: Equatable, Sendable, Codable {
    /// The rows in list order.
    public var rows: [Contact]
    /// The absolute index of `rows[0]`.
    public var start: Int
    /// The absolute index to select.
    public var selected: Int

    public init(rows: [Contact], start: Int, selected: Int) {
      self.rows = rows
      self.start = start
      self.selected = selected
    }
  }

  /// A contact and its absolute index, to select after a reload.
  public struct Focus: Equatable, Sendable, Codable {
    public var contact: Contact
    public var index: Int

    public init(contact: Contact, index: Int) {
      self.contact = contact
      self.index = index
    }
  }
}

extension ContactsBrowser {
  /// The ids of the effects the browser runs, so that leaving the list can cancel them.
  public static let effectIDs = ["contacts/count", "contacts/page", "contacts/refresh", "contacts/books"]
}

public func contactsBrowserReducer(client: ContactsClient) -> Reducer<ContactsBrowser, ContactsBrowserAction> {
  Reducer { browser, action in
    switch action {
    case .appeared(let rows):
      browser.window.resize(visible: rows)
      browser.count = .loading
      return .merge(count(browser.book, client: client), books(browser.books, client: client))

    case .retry:
      browser.count = .loading
      return .merge(count(browser.book, client: client), books(browser.books, client: client))

    case .reloadBooks:
      return books(browser.books, client: client)

    case .booksLoaded(let books):
      browser.books = books
      // The book listed alone is gone from the link, or there is no other: list them all.
      if let book = browser.book, browser.booksShown.first(where: { $0.number == book }) == nil {
        return .send(.showBook(nil))
      }
      return .none

    case .showBook(let book):
      guard browser.book != book else { return .none }
      browser.book = book
      browser.count = .loading
      browser.window.home()
      browser.loaded = []
      browser.loadedStart = 0
      browser.pending = nil
      return .merge(.cancel(id: "contacts/page"), .cancel(id: "contacts/refresh"), count(book, client: client))

    case .counted(let total):
      browser.count = .loaded(total)
      browser.window.setTotal(total)
      browser.loaded = []
      browser.loadedStart = 0
      browser.pending = nil
      return load(&browser, client: client)

    case .reload(let contact):
      let book = browser.book
      return .run { send in
        let total = try await client.count(book)
        var focus: ContactsBrowserAction.Focus?
        // A contact of another book than the one listed is not in the list: no focus.
        if let contact, book == nil || contact.book == book {
          focus = ContactsBrowserAction.Focus(contact: contact, index: try await client.index(contact.position, book))
        }
        await send(.reloaded(total: total, focus: focus))
      } onError: { error, send in
        await send(.loadFailed("\(error)"))
      }
      .cancellable(id: "contacts/count", cancelInFlight: true)

    case .reloaded(let total, let focus):
      browser.count = .loaded(total)
      browser.pending = nil
      browser.window.setTotal(total)
      if let focus, focus.index < total {
        // Seed the segment with the focused contact: pages then grow around it, wherever it is.
        browser.window.select(focus.index)
        browser.loaded = [focus.contact]
        browser.loadedStart = focus.index
      } else {
        // Keep the segment's rows before the selection (still valid after a delete at or
        // after it) and reload from there.
        let kept = max(0, min(browser.loaded.count, browser.window.selected - browser.loadedStart))
        browser.loaded = Array(browser.loaded.prefix(kept))
        if browser.loaded.isEmpty { browser.loadedStart = 0 }
      }
      return load(&browser, client: client)

    case .refresh:
      return .merge(
        refresh(around: browser.selectedContact, book: browser.book, client: client),
        books(browser.books, client: client))

    case .refreshed(let total, let segment):
      browser.count = .loaded(total)
      browser.pending = nil
      browser.window.setTotal(total)
      if let segment, segment.start >= 0, segment.selected < total {
        browser.window.select(segment.selected)
        browser.loaded = segment.rows
        browser.loadedStart = segment.start
      } else {
        // Every loaded row may be stale: load the window's afresh.
        browser.loaded = []
        browser.loadedStart = 0
      }
      return load(&browser, client: client)

    case .move(let move):
      browser.window.apply(move)
      return load(&browser, client: client)

    case .resized(let rows):
      browser.window.resize(visible: rows)
      return load(&browser, client: client)

    case .pageLoaded(let request, let contacts):
      guard browser.pending == request else { return .none }
      browser.pending = nil
      // Nothing new (rows deleted meanwhile, or the count is stale): stop here rather than
      // asking for the same page again; the next move tries afresh.
      guard !contacts.isEmpty else { return .none }
      switch request {
      case .first:
        browser.loaded = contacts
        browser.loadedStart = 0
      case .last:
        browser.loaded = contacts
        browser.loadedStart = max(0, browser.window.total - contacts.count)
      case .after:
        browser.loaded += contacts
        let excess = browser.loaded.count - ContactsBrowser.maximumLoaded
        if excess > 0 {
          browser.loaded.removeFirst(excess)
          browser.loadedStart += excess
        }
      case .before:
        browser.loaded = contacts + browser.loaded
        browser.loadedStart -= contacts.count
        let excess = browser.loaded.count - ContactsBrowser.maximumLoaded
        if excess > 0 { browser.loaded.removeLast(excess) }
      }
      return load(&browser, client: client)

    case .loadFailed(let message):
      browser.pending = nil
      browser.count = .failed(message)
      return .none
    }
  }
}

private func count(_ book: Int?, client: ContactsClient) -> Effect<ContactsBrowserAction> {
  .run { send in
    await send(.counted(try await client.count(book)))
  } onError: { error, send in
    await send(.loadFailed("\(error)"))
  }
  .cancellable(id: "contacts/count", cancelInFlight: true)
}

/// Reads the account's address books, and says so when they are not `known` (as a rule they are:
/// nothing is sent). A failure leaves the books as they were: the list works without them.
private func books(_ known: [ContactBook], client: ContactsClient) -> Effect<ContactsBrowserAction> {
  .run { send in
    let books = try await client.books()
    if books != known { await send(.booksLoaded(books)) }
  } onError: { _, _ in
  }
  .cancellable(id: "contacts/books", cancelInFlight: true)
}

/// Counts again and reads the rows around `selected` as they are now: the contact itself if it
/// still exists (perhaps renamed, so elsewhere in the list), else the one after the place it
/// had, else the one before.
private func refresh(around selected: Contact?, book: Int?, client: ContactsClient) -> Effect<
  ContactsBrowserAction
> {
  .run { send in
    let total = try await client.count(book)
    var segment: ContactsBrowserAction.Segment?
    var current: Contact?
    if let selected {
      current = try await client.contact(selected.id)
      // Moved to another book than the one listed: the row after its place takes the selection.
      if let found = current, book != nil, found.book != book { current = nil }
      if current == nil { current = try await client.page(.after(selected.position), 1, book).first }
      if current == nil { current = try await client.page(.before(selected.position), 1, book).last }
    }
    if let current {
      let index = try await client.index(current.position, book)
      let before = try await client.page(.before(current.position), ContactsBrowser.prefetch, book)
      let after = try await client.page(.after(current.position), ContactsBrowser.prefetch * 2, book)
      segment = ContactsBrowserAction.Segment(
        rows: before + [current] + after, start: index - before.count, selected: index)
    }
    await send(.refreshed(total: total, segment))
  } onError: { error, send in
    await send(.loadFailed("\(error)"))
  }
  .cancellable(id: "contacts/refresh", cancelInFlight: true)
}

/// Starts the page load the window needs, unless one is in flight.
private func load(_ browser: inout ContactsBrowser, client: ContactsClient) -> Effect<ContactsBrowserAction> {
  guard browser.pending == nil, let request = browser.neededPage() else { return .none }
  browser.pending = request
  let limit = ContactsBrowser.prefetch * 2
  let book = browser.book
  return .run { send in
    await send(.pageLoaded(request, try await client.page(request, limit, book)))
  } onError: { error, send in
    await send(.loadFailed("\(error)"))
  }
  .cancellable(id: "contacts/page", cancelInFlight: true)
}
