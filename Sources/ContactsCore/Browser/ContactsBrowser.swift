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

/// A page to load.
public enum PageRequest: Hashable, Sendable {
  case first
  case last
  case after(ContactPosition)
  case before(ContactPosition)
}

/// What the browser needs from the database, injected.
public struct ContactsClient: Sendable {
  public var count: @Sendable () async throws -> Int
  public var page: @Sendable (PageRequest, _ limit: Int) async throws -> [Contact]

  public init(
    count: @escaping @Sendable () async throws -> Int,
    page: @escaping @Sendable (PageRequest, Int) async throws -> [Contact]
  ) {
    self.count = count
    self.page = page
  }
}

public enum ContactsBrowserAction: Equatable, Sendable {
  case appeared(visibleRows: Int)
  case counted(Int)
  case move(Move)
  case resized(visibleRows: Int)
  case pageLoaded(PageRequest, [Contact])
  case loadFailed(String)

  public enum Move: Equatable, Sendable { case up, down, pageUp, pageDown, home, end }
}

public func contactsBrowserReducer(client: ContactsClient) -> Reducer<ContactsBrowser, ContactsBrowserAction> {
  Reducer { browser, action in
    switch action {
    case .appeared(let rows):
      browser.window.resize(visible: rows)
      return .run { send in
        await send(.counted(try await client.count()))
      } onError: { error, send in
        await send(.loadFailed("\(error)"))
      }

    case .counted(let total):
      browser.window.setTotal(total)
      browser.loaded = []
      browser.loadedStart = 0
      browser.pending = nil
      return load(&browser, client: client)

    case .move(let move):
      switch move {
      case .up: browser.window.move(by: -1)
      case .down: browser.window.move(by: 1)
      case .pageUp: browser.window.pageUp()
      case .pageDown: browser.window.pageDown()
      case .home: browser.window.home()
      case .end: browser.window.end()
      }
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

    case .loadFailed:
      browser.pending = nil
      return .none
    }
  }
}

/// Starts the page load the window needs, unless one is in flight.
private func load(_ browser: inout ContactsBrowser, client: ContactsClient) -> Effect<ContactsBrowserAction> {
  guard browser.pending == nil, let request = browser.neededPage() else { return .none }
  browser.pending = request
  let limit = ContactsBrowser.prefetch * 2
  return .run { send in
    await send(.pageLoaded(request, try await client.page(request, limit)))
  } onError: { error, send in
    await send(.loadFailed("\(error)"))
  }
  .cancellable(id: "contacts/page", cancelInFlight: true)
}
