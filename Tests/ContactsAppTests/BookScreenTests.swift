import CardDAV
import CardDAVTesting
import ContactsCore
import ContactsModel
import ContactsServices
import ContactsTesting
import Foundation
import SnapshotTesting
import TerminalTesting
import TerminalUI
import TestSupport
import Testing

/// An account that syncs several address books: the list's book column, its chooser and the
/// list of one book (with the search in it), and the detail's "Book" line; and an account with
/// one book, whose screens are those of an account with none.
@MainActor
struct BookScreenTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  var databasePath: String { directory.path("contacts.sqlite") }

  /// Ada's fixture people, her account linked to `books` (the first the default, where her
  /// contacts go), and the people `arriving` in the second book as a sync would bring them.
  private func linked(books: [String], arriving: [String] = []) async throws {
    let database = try ContactsDatabase.open(at: databasePath)
    let accounts = AccountService(database: database, hasher: .fastForTesting)
    let ada = try await accounts.createAccount(email: adaEmail, password: adaPassword).id
    let store = ContactStore(database: database)
    for person in fixturePeople { _ = try await store.insert(person, account: ada) }
    let sync = SyncStore(database: database)
    try await sync.saveLink(
      SyncLink(
        account: ada, username: "ada", password: .command("echo x"),
        linking: books.map { name in
          SyncLink.NewBook(
            url: URL(string: "http://127.0.0.1:5232/ada/\(name.lowercased())/")!, name: name, cardVersion: "4.0")
        }))
    let cards = arriving.enumerated().map { index, name in
      RemoteCard(
        href: "/ada/work/\(index).vcf", etag: "\"1\"",
        text: "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:work-\(index)\r\nFN:\(name)\r\n"
          + "EMAIL:\(name.split(separator: " ")[0].lowercased())@work.example\r\nEND:VCARD\r\n")
    }
    if !cards.isEmpty { _ = try await sync.applyArrivals(cards, book: SyncBook.Key(account: ada, number: 1)) }
  }

  /// The app signed in as Ada, seeing no server (the books are read from the database).
  private func signedIn(size: Size = Size(width: 80, height: 24)) async throws -> AppDriver {
    let app = try await AppDriver(databasePath: databasePath, size: size, syncing: false)
    await app.signIn(email: adaEmail, password: adaPassword)
    return app
  }

  static let workPeople = ["Barbara Liskov", "Ken Thompson", "Frances Allen"]

  @Test func severalBooksShowTheirColumnTheirChooserAndOneBookAlone() async throws {
    defer { directory.remove() }
    try await linked(books: ["Personal", "Work"], arriving: Self.workPeople)
    let app = try await signedIn()
    let list = app.frame()
    #expect(list.lines[1].hasPrefix("Contacts (13)"))
    #expect(list.lines[2].contains("Book"))
    #expect(list.lines.contains { $0.contains("Ken Thompson") && $0.contains("Work") })
    #expect(list.lines.contains { $0.contains("Ada Lovelace") && $0.contains("Personal") })
    assertSnapshot(of: list, as: .frame, named: "books-list")

    await app.press(.character("b"))
    let chooser = app.frame()
    // One book a row, the book shown (all) selected; ↓ twice and Enter show Work.
    for name in ["All books", "Personal", "Work"] { #expect(chooser.lines.contains { $0.contains(" \(name)") }) }
    #expect(app.state.dialog?.choices.map(\.label) == ["All books", "Personal", "Work"])
    assertSnapshot(of: chooser, as: .frame, named: "books-chooser")
    await app.press(.down, .down)
    #expect(app.state.dialog?.selected == 2)

    await app.press(.enter)
    let work = app.frame()
    #expect(work.lines[1].hasPrefix("Work (3)"))
    #expect(work.lines.filter { $0.contains("@work.example") }.count == 3)
    #expect(!work.lines.contains { $0.contains("Ada Lovelace") })
    assertSnapshot(of: work, as: .frame, named: "books-work")

    // The search looks in the book shown: "k" finds Ken, not Katherine (Personal).
    await app.press(.character("/"))
    await app.type("k")
    let search = app.frame()
    #expect(search.lines.contains { $0.contains("Ken Thompson") })
    #expect(!search.lines.contains { $0.contains("Katherine Johnson") })
    #expect(search.lines[1].contains("1 match"))
    assertSnapshot(of: search, as: .frame, named: "books-work-search")

    await app.press(.enter, .enter)
    let detail = app.frame()
    #expect(detail.lines.contains { $0.contains("Book") && $0.contains("Work") })
    assertSnapshot(of: detail, as: .frame, named: "books-detail")
    await app.press(.character("m"))
    let move = app.frame()
    #expect(app.state.dialog?.choices.map(\.label) == ["Personal"] && move.lines.contains { $0.contains(" Personal") })
    assertSnapshot(of: move, as: .frame, named: "books-move-chooser")
    await app.press(.escape)

    // Back, the search cleared, and all books again: the whole list.
    await app.press(.escape, .escape, .character("b"), .character("0"))
    #expect(app.frame().lines[1].hasPrefix("Contacts (13)"))
    #expect(app.state.signedIn?.search.book == nil)

    // A contact added while Work is listed goes to the default book, and the notice says which.
    await app.press(.character("b"), .character("2"), .character("a"))
    await app.type("Edsger Dijkstra")
    await app.press(.ctrl("s"))
    let saved = app.frame()
    #expect(saved.lines[0].contains("Saved “Edsger Dijkstra” in Personal"))
    #expect(saved.lines.contains { $0.contains("Book") && $0.contains("Personal") })
    await app.press(.escape)
    #expect(app.frame().lines[1].hasPrefix("Work (3)"))
  }

  @Test func severalBooksOnAWideTerminal() async throws {
    defer { directory.remove() }
    try await linked(books: ["Personal", "Work"], arriving: Self.workPeople)
    let app = try await signedIn(size: Size(width: 160, height: 30))
    let wide = app.frame()
    #expect(wide.lines[2].contains("Book"))
    #expect(wide.lines.contains { $0.contains("Book") && $0.contains("Personal") && !$0.contains("Ada Lovelace") })
    assertSnapshot(of: wide, as: .frame, named: "books-wide")
  }

  /// Another program links the account (`contacts sync setup` in another terminal) or unlinks
  /// it: when the app hears the database changed, the list's books follow, and a book listed
  /// alone that is no longer linked gives way to all of them.
  @Test func booksLinkedOrUnlinkedElsewhereAreFollowed() async throws {
    defer { directory.remove() }
    try await linked(books: ["Personal"])
    let app = try await signedIn()
    #expect(!app.frame().lines[2].contains("Book"))
    let database = try ContactsDatabase.open(at: databasePath)
    try await database.writer.write { db in
      try db.execute(
        sql: """
          INSERT INTO sync_book (accountId, number, url, name, cardVersion)
          VALUES (1, 1, 'http://127.0.0.1:5232/ada/work/', 'Work', '4.0')
          """)
    }
    app.app.store.send(.databaseChanged)
    await app.settle()
    #expect(app.frame().lines[2].contains("Book"))
    await app.press(.character("b"), .character("2"))
    #expect(app.frame().lines[1].hasPrefix("Work (0)"))

    try await SyncStore(database: database).forget(account: 1)
    app.app.store.send(.databaseChanged)
    await app.settle()
    let unlinked = app.frame()
    #expect(unlinked.lines[1].hasPrefix("Contacts (10)"))
    #expect(!unlinked.lines[2].contains("Book"))
    #expect(app.state.signedIn?.browser.book == nil && app.state.signedIn?.search.book == nil)
  }

  /// Makes "Work" beside the test server's book.
  nonisolated static func makeWork(on server: DAVTestServer) async throws -> URL {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      try await client.createAddressBook(in: server.homeSetURL, segment: "work", displayName: "Work").url
    }
  }

  /// How many cards `book` holds on the server.
  nonisolated static func cards(in book: URL, on server: DAVTestServer) async throws -> Int {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      var count = 0
      _ = try await client.listETags(book) { _ in count += 1 }
      return count
    }
  }

  /// `m` on a contact, against a real Radicale with two books: the chooser of the other book,
  /// the contact in it here at once, and on the server after the sync that follows: created in
  /// Work, gone from the book it left.
  @Test func aContactMovedInTheAppMovesOnTheServer() async throws {
    defer { directory.remove() }
    try await DAVTestServer.withServer(.radicale) { server in
      let work = try await Self.makeWork(on: server)
      let database = try ContactsDatabase.open(at: databasePath)
      let accounts = AccountService(database: database, hasher: .fastForTesting)
      let ada = try await accounts.createAccount(email: adaEmail, password: adaPassword).id
      let store = ContactStore(database: database)
      for person in fixturePeople.prefix(2) { _ = try await store.insert(person, account: ada) }
      try await SyncStore(database: database).saveLink(
        SyncLink(
          account: ada, username: server.credentials.username,
          password: .command("printf '%s\\n' '\(server.credentials.password)'"),
          linking: [
            SyncLink.NewBook(url: server.addressBookURL, name: "Home", cardVersion: "3.0"),
            SyncLink.NewBook(url: work, name: "Work", cardVersion: "3.0"),
          ]))
      let app = try await AppDriver(databasePath: databasePath)
      await app.signIn(email: adaEmail, password: adaPassword)
      let home = ServerView(server: server)
      #expect(try await home.names() == ["Ada Lovelace", "Alan Turing"])

      await app.press(.character("m"))
      let chooser = app.frame()
      #expect(chooser.lines.contains { $0.contains("Move “Ada Lovelace” to another address book?") })
      #expect(app.state.dialog?.choices.map(\.label) == ["Work"])
      await app.press(.character("1"))
      let moved = app.frame()
      #expect(moved.lines[0].contains("Moved “Ada Lovelace” to Work"))
      #expect(moved.lines.contains { $0.contains("Ada Lovelace") && $0.contains("Work") })
      // The sync after the change moved her on the server; another `m` offers Home back.
      #expect(try await home.names() == ["Alan Turing"])
      #expect(try await Self.cards(in: work, on: server) == 1)
      await app.press(.enter, .character("m"))
      #expect(app.state.dialog?.choices.map(\.label) == ["Home"] && app.frame().lines.contains { $0.contains(" Home") })
      await app.press(.escape)
      #expect(app.state.dialog == nil)
    }
  }

  /// One book, or none: nothing to tell apart, so no column, no key, no line: the screens are
  /// those of an account that does not sync.
  @Test func oneBookShowsWhatNoBookShows() async throws {
    defer { directory.remove() }
    let unlinked = try await AppDriver(databasePath: directory.path("unlinked.sqlite"), syncing: false)
    try await unlinked.seedAda()
    await unlinked.signIn(email: adaEmail, password: adaPassword)
    try await linked(books: ["Personal"])
    let app = try await signedIn()
    #expect(app.frame().lines == unlinked.frame().lines)
    await app.press(.character("b"))
    #expect(app.state.dialog == nil)
    await app.press(.enter)
    await unlinked.press(.enter)
    #expect(app.frame().lines == unlinked.frame().lines)
    #expect(!app.frame().lines.contains { $0.contains("Book") })
  }
}
