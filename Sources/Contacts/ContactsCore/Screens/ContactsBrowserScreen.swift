import ContactsModel
public import Navigation
public import TerminalUI

/// The contacts list: a virtualised table over the browser's window, the count in its header,
/// and `/` for an incremental search.
public struct ContactsBrowserScreen: Screen {
  /// The columns the table may show, in order (the config file's `[list] columns`).
  public let columns: [ContactsListColumn]

  public init(columns: [ContactsListColumn] = ContactsListColumn.allCases) {
    self.columns = columns
  }

  public func select(_ state: AppState) -> ContactsListViewModel { ContactsListViewModel.select(state) }

  /// What the config file calls these keys: `[keys.list]`.
  public static let keysName = "list"

  /// The list's keys and its help bar. While the search field has the keyboard it takes what
  /// it edits with (but Home and End, which move the list); keys that act on a contact apply
  /// only while one is selected.
  public static let keys = KeyMap<ContactsListViewModel, AppAction>([
    .typing(
      "Search", except: [.home, .end], when: \.isEditingSearch, key: { .search(.key($0)) },
      paste: { .search(.paste($0)) }),
    .listMoves(when: \.listsContacts) { move, model in model.move(move) },
    .viListMoves(when: \.movesByLetter) { move, model in model.move(move) },
    KeyBinding(.enter, "Done", .search(.commit), when: \.isEditingSearch),
    KeyBinding(.escape, "Clear", .search(.clear), when: \.isEditingSearch),
    KeyBinding(.enter, "Open", when: \.actsOnSelection) { _, model in .go(.contact(model.selected!.id)) },
    KeyBinding("/", "Search", .search(.start), when: \.isNotEditingSearch),
    KeyBinding("a", "Add", .go(.newContact), when: \.isNotEditingSearch),
    KeyBinding("b", "Book", .chooseBook, when: \.choosesBook),
    KeyBinding("e", "Edit", when: \.actsOnSelection) { _, model in .go(.editContact(model.selected!.id)) },
    KeyBinding("m", "Move to book", when: { $0.actsOnSelection && !$0.books.isEmpty }) { _, model in
      .chooseBookToMove(model.selected!)
    },
    KeyBinding(["d", .delete], "Delete", shownAs: "d", when: \.actsOnSelection) { _, model in
      .askToDelete(model.selected!)
    },
    KeyBinding(.escape, "Clear search", .search(.clear), when: { $0.search != nil && $0.isNotEditingSearch }),
    KeyBinding("r", "Retry", .browser(.retry), when: { $0.count.failure != nil && $0.isNotEditingSearch }),
    KeyBinding("s", "Sync", .go(.sync), when: \.isNotEditingSearch),
    KeyBinding("D", "Duplicates", .go(.duplicates), when: \.isNotEditingSearch),
    KeyBinding("S", "Sign out", .askToSignOut, when: \.isNotEditingSearch),
    KeyBinding("q", "Quit", .quit, when: \.isNotEditingSearch).essential(),
    // A click selects a row; a double click on the selected row opens it.
    .click(TableView.control, when: \.listsContacts) { click, model in
      if click.count > 1, click.index == model.window.selected, let selected = model.selected {
        return .go(.contact(selected.id))
      }
      return model.move(.to(click.index))
    },
  ])

  public func title(_ model: ContactsListViewModel) -> String { "Contacts" }

  public func body(_ model: ContactsListViewModel, isFocused: Bool) -> any View {
    ContactsListView(model: model, isFocused: isFocused, columns: columns)
  }

  /// The table's name: its rows answer clicks by it, and say by it how many it shows.
  public static let listControl = "contacts"

  /// The browser loads only the rows in view: the table says how many it shows.
  public func list(_ control: String, showsRows rows: Int) -> AppAction? {
    .browser(.resized(visibleRows: rows))
  }

  /// The selected contact, shown beside the list on a wide terminal as it would be opened
  /// (see ``ContactPreview``).
  public func preview(_ model: ContactsListViewModel) -> (any View)? {
    if let contact = model.preview {
      let book = model.bookName(of: contact)
      return ContactDetailScreen.card(contact, book: book.isEmpty ? nil : book)
    }
    // Blank while the selection moves, rather than "Nothing selected", which would not be true.
    return model.isPreviewPaused ? Spacer() : nil
  }
}

/// The list's drawing: one header line (the count, or the search field and its match count),
/// then the table, whose columns follow the width it is given.
struct ContactsListView: View {
  let model: ContactsListViewModel
  let isFocused: Bool
  let columns: [ContactsListColumn]

  func render(into frame: inout Frame, in region: Rect) {
    let theme = frame.theme
    guard region.height > 0 else { return }
    renderHeader(into: &frame, in: region.row(0))
    let body = region.inset(top: 1)
    if let search = model.search, search.isActive {
      if let failure = search.failure {
        Text(failure, style: theme.error, alignment: .center).render(into: &frame, in: body.row(body.height / 2))
        return
      }
      let query = search.query.text
      table(empty: search.results == nil ? "" : "No contacts match “\(query)”").render(into: &frame, in: body)
    } else {
      let add = frame.key(labelled: "Add").map { " Press \($0) to add one." } ?? ""
      LoadingView(model.count, tick: model.tick, label: "Loading contacts…") { _ in
        table(empty: "No contacts yet." + add)
      }
      .render(into: &frame, in: body)
    }
  }

  /// The table, saying `empty` when nothing is listed.
  private func table(empty: String) -> TableView {
    TableView(
      model: model, isFocused: isFocused && model.search?.isEditing != true, emptyMessage: empty, columns: columns)
  }

  private func renderHeader(into frame: inout Frame, in row: Rect) {
    let theme = frame.theme
    if let search = model.search {
      let matches: String
      if let result = search.results {
        let count = result.total.formattedWithSeparators + (result.isTotalExact ? "" : "+")
        matches = (result.total == 1 ? "1 match" : "\(count) matches") + (model.bookShown.map { " in \($0)" } ?? "")
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
    // The book listed alone names the list: "Work (12)".
    let name = model.bookShown ?? "Contacts"
    let title: String
    if model.isReady, let count = model.count.value {
      title = "\(name) (\(count.formattedWithSeparators))"
    } else {
      title = name
    }
    let position = model.isReady && model.window.total > 0 ? ListView.positionLabel(model.window) : ""
    Heading(title, note: position).render(into: &frame, in: row)
  }
}

/// The table of contacts, with as many of its columns as the width allows.
struct TableView: View {
  /// The name the table's rows answer clicks by, and its rows shown are told by.
  static let control = ContactsBrowserScreen.listControl

  let model: ContactsListViewModel
  let isFocused: Bool
  let emptyMessage: String
  let columns: [ContactsListColumn]

  func render(into frame: inout Frame, in region: Rect) {
    // The book column tells books apart: not while one book is listed alone (its title names it).
    let shown = ContactsListColumn.shown(
      columns, width: region.width, hasBooks: !model.books.isEmpty && model.bookShown == nil)
    let columns = shown.map { column in
      ListColumn(column.title, column.width(among: shown.count, tableWidth: region.width))
    }
    let rows = model.rows.map { contact in
      ListRow(
        contact.map { contact in
          shown.map { $0 == .book ? model.bookName(of: contact) : $0.value(of: contact) }
        } ?? ["…"])
    }
    ListView(
      columns: columns, rows: rows, window: model.window, isFocused: isFocused, emptyMessage: emptyMessage,
      control: Self.control
    ).render(into: &frame, in: region)
  }
}
