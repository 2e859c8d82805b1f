import ArgumentParser
import ContactsServices

/// `contacts sync move QUERY --to NAME`: contacts to another of the account's address books;
/// `--from BOOK` instead of a query moves all of a book's (a book gone from the server's too).
struct SyncMoveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "move",
    abstract: "Move contacts to another linked address book.",
    discussion: """
      Finds the contacts as the app's search does. More than one match is moved only with --all. \
      With --from BOOK instead of a query, every contact of that book moves (a book the server no \
      longer has too: its contacts are then created in the new book, and the emptied book is \
      unlinked). \
      Here the contacts are in the new book at once; on the server, the next sync creates each \
      card in the new book first and deletes it from the old one only once the new one is there, \
      so a sync stopped anywhere loses nothing. A card changed on the server in the old book \
      meanwhile: the newer version is kept, and the sync says so. Moving a contact back to the \
      book it is leaving before a sync finished the move undoes the move, or turns it round.
      """)

  @OptionGroup var options: AccountOptions

  @Argument(help: "Which contacts: what the app's search would find.")
  var query: [String] = []

  @Option(name: .long, help: ArgumentHelp("Every contact of this address book, instead of a query.", valueName: "BOOK"))
  var from: String?

  @Option(name: .long, help: ArgumentHelp("The address book: its name, last path segment or URL.", valueName: "NAME"))
  var to: String

  @Flag(name: .long, help: "Move every contact the search finds, when it finds several.")
  var all = false

  func run() async throws {
    let (database, account) = try await options.open()
    let store = SyncStore(database: database)
    let link = try await ServerPassword.link(of: account, in: store)
    let book = try link.book(named: to, of: account.email, nothing: "moved")
    if let from {
      guard query.isEmpty else { throw CommandFailure("Give a query or --from BOOK, not both. Nothing was moved.") }
      let source = try link.book(named: from, of: account.email, nothing: "moved")
      let moved: BookMoveOutcome
      let unlinked: Bool
      do {
        (moved, unlinked) = try await store.moveAll(from: source.key, to: book.key)
      } catch let error as BookMoveError {
        throw CommandFailure("\(error). Nothing was moved.")
      }
      let count = moved.names.count
      print(
        "Moved \(count) \(count == 1 ? "contact" : "contacts") from \(source.title) to \(book.title)"
          + Self.onServer(moved))
      if unlinked { print("\(source.title) is gone from the server and now empty: it is unlinked.") }
      return
    }
    guard !query.isEmpty else { throw CommandFailure("Give a query or --from BOOK. Nothing was moved.") }
    let text = query.joined(separator: " ")
    let found = try await ContactStore(database: database).search(
      account: account.id, query: text, limit: ContactStore.searchCountLimit)
    guard !found.contacts.isEmpty else { throw CommandFailure("No contacts match '\(text)'. Nothing was moved.") }
    guard found.contacts.count == 1 || all else {
      let names = found.contacts.prefix(10).map(\.name).joined(separator: ", ")
      let more = found.total > 10 ? ", …" : ""
      throw CommandFailure(
        "'\(text)' matches \(found.total)\(found.isTotalExact ? "" : "+") contacts (\(names)\(more)): "
          + "name one, or move them all with --all. Nothing was moved.")
    }
    guard found.isTotalExact else {
      throw CommandFailure("'\(text)' matches more than \(found.total) contacts: narrow it. Nothing was moved.")
    }
    let moved: BookMoveOutcome
    do {
      moved = try await store.move(contacts: found.contacts.map(\.id), to: book.key)
    } catch let error as BookMoveError {
      throw CommandFailure("\(error). Nothing was moved.")
    }
    let count = moved.names.count
    let stayed = found.contacts.count - count
    print(
      "Moved \(count) \(count == 1 ? "contact" : "contacts") to \(book.title)"
        + (stayed > 0 ? " (\(stayed) there already)" : "") + Self.onServer(moved))
  }

  /// What the next sync does of `moved` on the server, in words: a move undone (moved back
  /// before a sync sent it) leaves nothing to move there.
  static func onServer(_ moved: BookMoveOutcome) -> String {
    var parts: [String] = []
    let pending = moved.toMoveOnServer
    if pending > 0 {
      let which = pending == moved.names.count ? (pending == 1 ? "it" : "them") : "\(pending) of them"
      parts.append("the next `contacts sync` moves \(which) on the server")
    }
    let undone = moved.undone.count
    if undone > 0 {
      parts.append(
        "\(undone == 1 ? "1 was" : "\(undone) were") moved back before a sync sent the move, so nothing "
          + "moves on the server for \(undone == 1 ? "it" : "them")")
    }
    return parts.isEmpty ? "." : ": " + parts.joined(separator: "; ") + "."
  }
}
