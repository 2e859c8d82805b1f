public import ContactsModel
public import Flow
public import Navigation
public import TerminalUI

/// What the contacts list shows: the header, the rows on screen (nil where a row is still
/// loading), and the search when one is active. Derived from state by ``select(_:)``.
public struct ContactsListViewModel: Equatable, Sendable {
  public var count: Loadable<Int>
  public var isReady: Bool
  public var window: ScrollWindow
  public var rows: [Contact?]
  public var search: Search?
  /// The spinner's frame, only while something loads (so an idle list never re-renders).
  public var tick: Int
  /// What the pane beside the list shows on a wide terminal, if anything.
  public var preview: Contact?
  /// Whether that pane is blank while the selection moves.
  public var isPreviewPaused: Bool

  public struct Search: Equatable, Sendable {
    public var query: TextInput
    /// Whether the rows are the search's results; while the query is blank (just after `/`)
    /// they are the whole list.
    public var showsResults: Bool
    public var isEditing: Bool
    public var isSearching: Bool
    public var result: ContactSearchResult?
    public var failure: String?
    public var notice: String?
  }

  /// Before the first value arrives: nothing listed, no search.
  static let empty = ContactsListViewModel(
    count: .loading, isReady: false, window: ScrollWindow(), rows: [], search: nil, tick: 0, preview: nil,
    isPreviewPaused: false)

  /// Whether a contact is listed (the keys that act on one apply only then).
  var listsContacts: Bool { window.total > 0 }
  var isEditingSearch: Bool { search?.isEditing == true }

  /// The move `key` makes: of the results while a search shows them, else of the whole list.
  func move(for key: Key) -> ContactsBrowserScreen.Intent {
    let move = Self.moves[key] ?? .down
    return search?.showsResults == true ? .search(.move(move)) : .browse(move)
  }

  private static let moves: [Key: ContactsBrowserAction.Move] = [
    .up: .up, .down: .down, .pageUp: .pageUp, .pageDown: .pageDown, .home: .home, .end: .end,
    .character("k"): .up, .character("j"): .down, .character("g"): .home, .character("G"): .end,
  ]

  public static func select(_ state: AppState) -> ContactsListViewModel? {
    guard let signedIn = state.signedIn else { return nil }
    let browser = signedIn.browser
    let search = signedIn.search
    let searchModel =
      search.isEditing || search.isActive
      ? Search(
        query: search.query, showsResults: search.isActive, isEditing: search.isEditing,
        isSearching: search.isSearching, result: search.results, failure: search.failure, notice: search.notice)
      : nil
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
      count: browser.count, isReady: browser.isReady, window: window, rows: rows, search: searchModel,
      tick: isLoading ? state.tick : 0,
      preview: state.showsPreview && !isPreviewPaused ? signedIn.selectedContact : nil,
      isPreviewPaused: isPreviewPaused)
  }
}

/// The contacts list: a virtualised table over the browser's window, the count in its header,
/// and `/` for an incremental search.
@MainActor
public final class ContactsBrowserScreen: Screen, StoreSubscriber {
  public enum Intent: Equatable, Sendable {
    case browse(ContactsBrowserAction.Move)
    case search(ContactSearchAction)
    case open, add, edit, delete, retry, sync, signOut, quit
  }

  /// The list's keys and its help bar. While the search field has the keyboard it takes what
  /// it edits with (but Home and End, which move the list); keys that act on a contact apply
  /// only while one is listed.
  static let keys = KeyMap<ContactsListViewModel, Intent>([
    .typing(
      "Search", except: [.home, .end], when: \.isEditingSearch, key: { .search(.key($0)) },
      paste: { .search(.paste($0)) }),
    KeyBinding([.up, .down, .pageUp, .pageDown, .home, .end], "Move", shownAs: "↑↓", when: \.listsContacts) {
      key, model in model.move(for: key)
    },
    KeyBinding(
      [.character("k"), .character("j"), .character("g"), .character("G")], "Move", hidden: true,
      when: { $0.listsContacts && !$0.isEditingSearch }
    ) { key, model in model.move(for: key) },
    KeyBinding(.enter, "Done", .search(.commit), when: \.isEditingSearch),
    KeyBinding(.escape, "Clear", .search(.clear), when: \.isEditingSearch),
    KeyBinding(.enter, "Open", .open, when: { $0.listsContacts && !$0.isEditingSearch }),
    KeyBinding(.character("/"), "Search", .search(.start), when: { !$0.isEditingSearch }),
    KeyBinding(.character("a"), "Add", .add, when: { !$0.isEditingSearch }),
    KeyBinding(.character("e"), "Edit", .edit, when: { $0.listsContacts && !$0.isEditingSearch }),
    KeyBinding(.character("d"), "Delete", .delete, when: { $0.listsContacts && !$0.isEditingSearch }),
    KeyBinding(.delete, "Delete", .delete, hidden: true, when: { $0.listsContacts && !$0.isEditingSearch }),
    KeyBinding(.escape, "Clear search", .search(.clear), when: { $0.search != nil && !$0.isEditingSearch }),
    KeyBinding(.character("r"), "Retry", .retry, when: { $0.count.failure != nil && !$0.isEditingSearch }),
    KeyBinding(.character("s"), "Sync", .sync, when: { !$0.isEditingSearch }),
    KeyBinding(.character("S"), "Sign out", .signOut, when: { !$0.isEditingSearch }),
    KeyBinding(.character("q"), "Quit", .quit, when: { !$0.isEditingSearch }),
  ])

  private var model: ContactsListViewModel?
  private let onIntent: (Intent) -> Void

  public init(onIntent: @escaping (Intent) -> Void) {
    self.onIntent = onIntent
  }

  public func receive(_ value: ContactsListViewModel?) {
    if let value { model = value }
  }

  public var title: String { "Contacts" }

  public var keyMap: KeyMap<ContactsListViewModel, Intent> { Self.keys }
  public var keyContext: ContactsListViewModel { model ?? .empty }
  public func send(_ intent: Intent) { onIntent(intent) }

  public func body(isFocused: Bool) -> any View {
    guard let model else { return Spacer() }
    return ContactsListView(model: model, isFocused: isFocused)
  }

  /// The selected contact, shown beside the list on a wide terminal as it would be opened
  /// (see ``ContactPreview``).
  public var preview: (any View)? {
    guard let model else { return nil }
    if let contact = model.preview { return ContactDetailScreen.card(contact) }
    // Blank while the selection moves, rather than "Nothing selected", which would not be true.
    return model.isPreviewPaused ? Spacer() : nil
  }
}

/// The list's drawing: one header line (the count, or the search field and its match count),
/// then the table, whose columns follow the width it is given.
struct ContactsListView: View {
  let model: ContactsListViewModel
  let isFocused: Bool
  var theme = Theme.standard

  func render(into frame: inout Frame, in region: Rect) {
    guard region.height > 0 else { return }
    renderHeader(into: &frame, in: region.row(0))
    let body = region.inset(top: 1)
    if let search = model.search, search.showsResults {
      if let failure = search.failure {
        Text(failure, style: theme.error, alignment: .center).render(into: &frame, in: body.row(body.height / 2))
        return
      }
      let query = search.query.text
      renderTable(into: &frame, in: body, empty: search.result == nil ? "" : "No contacts match “\(query)”")
    } else {
      LoadingContainer(model.count, tick: model.tick, label: "Loading contacts…") { _ in
        TableView(
          model: model, isFocused: isFocused && model.search?.isEditing != true,
          emptyMessage: "No contacts yet. Press a to add one.")
      }
      .render(into: &frame, in: body)
    }
  }

  private func renderTable(into frame: inout Frame, in region: Rect, empty: String) {
    TableView(model: model, isFocused: isFocused && model.search?.isEditing != true, emptyMessage: empty)
      .render(into: &frame, in: region)
  }

  private func renderHeader(into frame: inout Frame, in row: Rect) {
    if let search = model.search {
      let matches: String
      if let result = search.result {
        let count = result.total.formattedWithSeparators + (result.isTotalExact ? "" : "+")
        matches = result.total == 1 ? "1 match" : "\(count) matches"
      } else {
        matches = ""
      }
      let status: any View =
        search.isSearching
        ? Spinner(tick: model.tick, label: matches.isEmpty ? "Searching…" : matches)
        : Text(search.notice ?? matches, style: search.notice == nil ? theme.secondary : theme.error)
      HStack(
        spacing: 1,
        [
          .fixed(1, Text("/", style: theme.title)),
          .fill(
            TextField(
              search.query, placeholder: "name, email, phone or company", isFocused: isFocused && search.isEditing)),
          .fixed(min(28, max(12, row.width / 3)), status),
        ]
      )
      .render(into: &frame, in: row)
      return
    }
    let title: String
    if model.isReady, let count = model.count.value {
      title = "Contacts (\(count.formattedWithSeparators))"
    } else {
      title = "Contacts"
    }
    let position = model.isReady && model.window.total > 0 ? ListView.positionLabel(model.window) : ""
    HStack(
      spacing: 1,
      [
        .fill(Text(title, style: theme.title)),
        .fit(Text(position, style: theme.secondary, alignment: .trailing)),
      ]
    )
    .render(into: &frame, in: row)
  }
}

/// The table of contacts, with as many columns as the width allows.
struct TableView: View {
  let model: ContactsListViewModel
  let isFocused: Bool
  let emptyMessage: String

  func render(into frame: inout Frame, in region: Rect) {
    let columns: [(ListColumn, (Contact) -> String)] =
      switch region.width {
      case ..<40: [(ListColumn("Name", .fill), \.name)]
      // The list pane of a split view on a 120-column terminal.
      case ..<64: [(ListColumn("Name", .fill), \.name), (ListColumn("Phone", .fixed(18)), \.phone)]
      case ..<100:
        [
          (ListColumn("Name", .flexible(3)), \.name), (ListColumn("Email", .flexible(3)), \.email),
          (ListColumn("Phone", .fixed(18)), \.phone),
        ]
      default:
        [
          (ListColumn("Name", .flexible(3)), \.name), (ListColumn("Email", .flexible(3)), \.email),
          (ListColumn("Phone", .fixed(18)), \.phone), (ListColumn("Company", .flexible(2)), \.company),
        ]
      }
    let rows = model.rows.map { contact in
      ListRow(contact.map { contact in columns.map { $0.1(contact) } } ?? ["…"])
    }
    ListView(
      columns: columns.map(\.0), rows: rows, window: model.window, isFocused: isFocused, emptyMessage: emptyMessage
    )
    .render(into: &frame, in: region)
  }
}
