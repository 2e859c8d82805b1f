import ContactsModel
import TerminalUI

/// The sync screen's drawing: the set-up form, the address books to choose from, or the link's
/// state with the conflicts, the selected one's two versions side by side.
struct SyncView: View {
  let model: SyncScreen.ViewModel
  let isFocused: Bool
  /// The frame's theme, which the helpers below draw in: set as the view is drawn.
  var theme = Theme.standard

  func render(into frame: inout Frame, in region: Rect) {
    var themed = self
    themed.theme = frame.theme
    themed.draw(into: &frame, in: region)
  }

  private func draw(into frame: inout Frame, in region: Rect) {
    let content: any View
    switch model.sync.overview {
    case .loading:
      content = Centered(
        Spinner(tick: model.tick, label: "Reading the sync settings…"), size: Size(width: 30, height: 1))
    case .failed(let message):
      content = Text("✖ " + message + " Press r to retry.", style: theme.error, overflow: .wrap)
    case .loaded(nil):
      if case .choosing(let discovery, let selected) = model.sync.setup.status {
        content = chooser(discovery, selected: selected)
      } else {
        content = setupForm(model.sync.setup.form)
      }
    case .loaded(let overview?):
      content = linked(overview)
    }
    Padding(content, horizontal: 2, vertical: 1).render(into: &frame, in: region)
  }

  // MARK: Setting up

  /// The set-up form in a box (a spinner for Connect while discovery runs), under what it is
  /// for and over what is enough to give. Why connecting failed is said under the box, on two
  /// lines: a server that sends set-up elsewhere takes more words than the box's one line.
  private func setupForm(_ form: Form<SyncSetupForm.Field>) -> any View {
    var boxed = form
    boxed.serverError = nil
    var rows: [StackItem] = [
      .fixed(1, Text("Keep this account's contacts in step with a CardDAV server.", style: theme.title)),
      .fill(
        FormView(
          boxed, title: "CardDAV server", button: "Connect", busyLabel: "Connecting…", isFocused: isFocused,
          layout: .boxed(width: 64), control: SyncScreen.setupControl)),
    ]
    if let error = form.serverError {
      rows.append(.fixed(2, Text("✖ " + error, style: theme.error, overflow: .wrap)))
    }
    rows.append(
      .fixed(
        2,
        Text(
          "The server's address is enough: the address book is found from it. The password is stored sealed "
            + "under your account's password.", style: theme.secondary, overflow: .wrap)))
    return VStack(rows)
  }

  // MARK: Choosing an address book

  /// The names the address books and the conflicts answer clicks by.
  static let books = "sync-books"
  static let conflicts = "sync-conflicts"

  private func chooser(_ discovery: SyncDiscovery, selected: Int) -> any View {
    var rows: [StackItem] = [
      .fixed(1, Text("Address books of \(discovery.username) at \(discovery.server)", style: theme.title)),
      .fixed(1, Spacer()),
    ]
    var titles = discovery.books.map { "\($0.title)  \($0.url)" }
    if discovery.offersAll, let first = discovery.books.first {
      titles.insert("All \(discovery.books.count) address books, new contacts in \(first.title)", at: 0)
    }
    if discovery.homeSet != nil { titles.append("+ Make a new address book “Contacts”") }
    if titles.isEmpty {
      rows.append(.fixed(1, Text("The server lists no address book for you, and no place to make one.")))
    }
    for (index, title) in titles.enumerated() {
      let style = index == selected ? (isFocused ? theme.selection : theme.inactiveSelection) : Style.plain
      rows.append(.fixed(1, Clickable(.item(Self.books, index: index), Text(" " + title, style: style))))
    }
    rows.append(.fixed(1, Spacer()))
    if model.sync.setup.status == .linking {
      rows.append(.fixed(1, Spinner(tick: model.tick, label: "Linking…")))
    } else {
      rows.append(.fixed(1, Text("Its contacts and yours are joined at the first sync.", style: theme.secondary)))
    }
    return VStack(rows)
  }

  // MARK: Linked

  private func linked(_ overview: SyncOverview) -> any View {
    var rows: [StackItem] = []
    if overview.books.count > 1 {
      rows.append(line("Address books", "\(overview.books.count) linked; new contacts go to the one marked *"))
      rows += bookRows(overview.books)
    } else {
      rows.append(line("Address book", overview.addressBook))
      if overview.books.first?.isGone == true {
        rows.append(
          line("", [Span("gone from the server: its contacts stay here, no longer synced", style: theme.error)]))
      }
    }
    let hasLiveBook = overview.books.contains { !$0.isGone }
    for book in overview.books where book.isGone { rows += goneBookHint(book, keys: hasLiveBook) }
    rows.append(line("User", "\(overview.username), password \(overview.passwordSource)"))
    if let form = model.sync.newPassword { rows += newPassword(form) }
    rows.append(line("Last sync", lastSync(overview)))
    var waiting: [String] = []
    if overview.pending > 0 { waiting.append("\(overview.pending.formattedWithSeparators) changes to send") }
    if overview.refused > 0 { waiting.append("\(overview.refused) refused by the server (kept here)") }
    if overview.unreadable > 0 { waiting.append("\(overview.unreadable) unreadable on the server (left alone)") }
    rows.append(line("Waiting", waiting.isEmpty ? "nothing" : waiting.joined(separator: ", ")))
    rows.append(.fixed(1, Spacer()))
    let conflicts = overview.conflicts
    guard !conflicts.isEmpty else {
      rows.append(.fixed(1, Text("No conflicts: nothing needs you.", style: theme.secondary)))
      return VStack(rows)
    }
    let selected = min(model.sync.selectedConflict, conflicts.count - 1)
    let heading =
      conflicts.count == 1
      ? "1 contact changed differently here and on the server:"
      : "\(conflicts.count) contacts changed differently here and on the server:"
    rows.append(.fixed(1, Text(heading, style: theme.title)))
    // A few names around the selection, then both versions of the selected one.
    let shown = 3
    let first = max(0, min(selected - shown / 2, conflicts.count - shown))
    for index in first..<min(conflicts.count, first + shown) {
      let style = index == selected ? (isFocused ? theme.selection : theme.inactiveSelection) : Style.plain
      rows.append(
        .fixed(1, Clickable(.item(Self.conflicts, index: index), Text(" " + conflicts[index].here.name, style: style))))
    }
    let pair = conflicts[selected]
    rows.append(
      .fill(
        HStack(
          spacing: 1,
          [
            .fill(
              Box(
                title: "Here (h keeps it)", borderStyle: theme.border,
                ContactCard(contact: pair.here, comparedWith: pair.server))),
            .fill(
              Box(
                title: "Server (t keeps it)", borderStyle: theme.border,
                ContactCard(contact: pair.server, comparedWith: pair.here))),
          ])))
    return VStack(rows)
  }

  /// One row a linked book: its name (the default marked *), how many contacts it has and waits
  /// to send, and its URL, as much of it as fits.
  private func bookRows(_ books: [SyncBookOverview]) -> [StackItem] {
    let nameWidth = min(24, books.map { $0.name.count }.max() ?? 0)
    let counts = books.map { book in
      var counts = "\(book.contacts.formattedWithSeparators) contacts"
      if book.pending > 0 { counts += ", \(book.pending.formattedWithSeparators) to send" }
      if book.isGone { counts += ", gone from the server" }
      return counts
    }
    let countsWidth = counts.map(\.count).max() ?? 0
    return zip(books, counts).map { book, counts in
      let name = Text((book.isDefault ? "* " : "  ") + book.name, style: book.isGone ? theme.error : .plain)
      return .fixed(
        1,
        Padding(
          HStack(
            spacing: 2,
            [
              .fixed(nameWidth + 2, name), .fixed(countsWidth, Text(counts, style: theme.secondary)),
              .fill(Text(book.url, style: theme.secondary, overflow: .headEllipsis)),
            ]), left: 1))
    }
  }

  /// What to do about a book the server no longer has, wrapped under the value column: the
  /// screen's keys when another book is linked (with several gone, they ask which), else the
  /// commands `contacts sync` names; for a book that holds no contact here, only unlinking it.
  private func goneBookHint(_ gone: SyncBookOverview, keys: Bool) -> [StackItem] {
    let book = gone.name
    let hint =
      switch (keys, gone.contacts > 0) {
      case (true, true):
        "\(book): m moves its contacts to another book, k keeps them here only, synced nowhere "
          + "(`contacts sync move --from` and `contacts sync unlink-book` do the same)."
      case (false, true):
        "\(book): move its contacts to another book with `contacts sync move --from \"\(book)\" --to NAME`, "
          + "or keep them here only with `contacts sync unlink-book \"\(book)\"`."
      case (true, false): "\(book) holds no contact here: k unlinks it (`contacts sync unlink-book` does the same)."
      case (false, false): "\(book) holds no contact here: unlink it with `contacts sync unlink-book \"\(book)\"`."
      }
    return [.fixed(3, Padding(Text(hint, style: theme.secondary, overflow: .wrap), left: Self.labelWidth + 1))]
  }

  /// The new password's field, and how its check with the server went.
  private func newPassword(_ form: NewServerPassword) -> [StackItem] {
    var rows: [StackItem] = [
      .fixed(
        1,
        LabelledField(
          label: "Password", input: form.mask.input, placeholder: "the new one, as the server now has it",
          isMasked: true, isFocused: isFocused, isDisabled: form.status == .checking, labelWidth: Self.labelWidth))
    ]
    let (height, below): (Int, any View) =
      switch form.status {
      case .editing: (1, Text("Enter checks it with the server and keeps it.", style: theme.secondary))
      case .checking: (1, Spinner(tick: model.tick, label: "Asking the server…"))
      case .failed(let message): (2, Text("✖ " + message, style: theme.error, overflow: .wrap))
      }
    rows.append(.fixed(height, Padding(below, left: Self.labelWidth + 1)))
    return rows
  }

  /// The linked screen's labels: "Address book" and a space.
  static let labelWidth = 13

  private func lastSync(_ overview: SyncOverview) -> [Span] {
    switch model.sync.activity {
    case .running(let phase):
      return [Span("Syncing: \(phase.text)…")]
    case .failed(let message):
      return [Span("✖ " + message, style: theme.error)]
    case .synced(let report):
      return [Span((overview.lastSync.map { "\($0): " } ?? "") + report.text)]
    case .idle:
      if let error = overview.lastError { return [Span("✖ " + error, style: theme.error)] }
      return [Span(overview.lastSync ?? "never")]
    }
  }

  private func line(_ label: String, _ value: String) -> StackItem {
    line(label, [Span(value)])
  }

  private func line(_ label: String, _ value: [Span]) -> StackItem {
    .fixed(
      1,
      HStack(
        spacing: 1,
        [.fixed(Self.labelWidth, Text(label, style: theme.secondary)), .fill(Text(value, overflow: .headEllipsis))])
    )
  }
}
