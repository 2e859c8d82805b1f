import CardDAV
import CardDAVTesting
import ContactsCore
import ContactsTesting
import Foundation
import TestSupport
import Testing
import VCardFormat

/// The sync screen's own actions for books removed on the server, in the real app against a
/// real Radicale: `k` unlinks the first one, keeping its contacts here, `m` moves the next one's
/// contacts to a book the server still has, each after a dialog that says what happens to them.
@MainActor
struct GoneBookScreenTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test func aGoneBookIsUnlinkedOrItsContactsMovedFromTheSyncScreen() async throws {
    defer { directory.remove() }
    try await DAVTestServer.withServer(.radicale) { server in
      let made = try await Self.makeBooks(on: server)
      let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
      try await app.seedAda(people: Array(fixturePeople.prefix(3)))
      await app.signIn(email: adaEmail, password: adaPassword)
      await app.type("s")
      await app.type(server.baseURL.absoluteString)
      await app.press(.tab)
      await app.type(server.credentials.username)
      await app.press(.tab)
      await app.type(server.credentials.password)
      await app.press(.enter)
      // All the books, then the first sync.
      await app.press(.enter)
      #expect(app.state.signedIn?.sync.overview.value??.books.count == 3)

      try await Self.delete(made, on: server)
      await app.type("s")
      let books = try #require(app.state.signedIn?.sync.overview.value??.books)
      let gone = books.filter(\.isGone)
      let live = try #require(books.first { !$0.isGone })
      // New contacts went to the first book the server lists: it holds the seeded three too.
      #expect(gone.count == 2 && gone.map(\.contacts).sorted() == [1, 4] && live.contacts == 0, "\(books)")
      let hint = app.screenText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
      #expect(hint.contains("m moves its contacts to another book, k keeps them here only"), "\(hint)")

      // Two are gone: m asks whose contacts first, k which to unlink; Esc leaves both.
      // Each a row: its name, and its count at the right.
      let goneRows = gone.map { [$0.name, "\($0.contacts) \($0.contacts == 1 ? "contact" : "contacts")"] }
      await app.type("m")
      #expect(app.state.dialog?.title == "Move which book’s contacts?")
      #expect(app.state.dialog?.choices.map { [$0.label, $0.detail] } == goneRows)
      await app.press(.escape)
      #expect(app.state.dialog == nil)

      // k: the gone book selected unlinked; its contacts stay here.
      let stay = { (book: SyncBookOverview) in
        "\(book.contacts) \(book.contacts == 1 ? "contact stays" : "contacts stay")"
      }
      await app.type("k")
      #expect(app.state.dialog?.title == "Unlink which book?")
      #expect(app.state.dialog?.choices.map { [$0.label, $0.detail] } == goneRows)
      #expect(app.state.dialog?.message.contains("Its contacts stay here, in no book, synced nowhere.") == true)
      let shown = app.screenText.split(separator: "\n")
      for row in goneRows {
        #expect(shown.contains { $0.contains(" \(row[0]) ") && $0.contains("\(row[1]) ") }, "\(app.screenText)")
      }
      await app.press(.enter)
      #expect(app.state.signedIn?.notice == "Unlinked \(gone[0].name): \(stay(gone[0])) here")
      #expect(
        app.state.signedIn?.sync.overview.value??.books.map(\.name) == books.map(\.name).filter { $0 != gone[0].name })

      // m: one gone book is left, so the chooser of where its contact goes comes at once; then
      // the contact is sent there.
      await app.type("m")
      #expect(app.state.dialog?.title == "Move to which book?")
      let moving = "\(gone[1].contacts) \(gone[1].contacts == 1 ? "contact" : "contacts")"
      #expect(app.state.dialog?.message.contains("Move its \(moving) to another book?") == true)
      #expect(app.state.dialog?.choices.map { [$0.label, $0.detail] } == [[live.name, "\(live.contacts)"]])
      #expect(app.screenText.contains(" \(live.name) "), "\(app.screenText)")
      await app.type("1")
      // Emptied, the gone book is unlinked with the move: no gone book is left.
      #expect(
        app.state.signedIn?.notice
          == "Moved \(moving) of \(gone[1].name) to \(live.name); \(gone[1].name), now empty, is unlinked")
      #expect(app.state.signedIn?.sync.overview.value??.books.map(\.name) == [live.name])
      await app.type("s")
      let names = try await Self.names(in: try #require(URL(string: live.url)), on: server)
      #expect(names == [gone[1].name == "work" ? "Wes Card" : "Sam Card"], "\(names)")
      // Nothing is lost here: the three, and the contact of each gone book.
      await app.press(.escape)
      for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Wes Card", "Sam Card"] {
        #expect(app.screenText.contains(name), "\(name)")
      }
    }
  }

  /// Work and Shared beside the server's own book, a card in each; their URLs.
  nonisolated static func makeBooks(on server: DAVTestServer) async throws -> [URL] {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      var urls: [URL] = []
      for (segment, uid) in [("work", "wes"), ("shared", "sam")] {
        let book = try await client.createAddressBook(in: server.homeSetURL, segment: segment, displayName: segment)
        let card =
          "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(uid.capitalized) Card\r\nN:Card;\(uid);;;\r\nEND:VCARD\r\n"
        _ = try await client.put(
          CardDAVClient.href(forUID: uid, in: book.url), in: book.url, card: Array(card.utf8), condition: .create)
        urls.append(book.url)
      }
      return urls
    }
  }

  /// Deletes `books` on the server, as another client would.
  nonisolated static func delete(_ books: [URL], on server: DAVTestServer) async throws {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      for url in books { try await client.deleteAddressBook(at: url) }
    }
  }

  /// The full names in `book` on the server.
  nonisolated static func names(in book: URL, on server: DAVTestServer) async throws -> [String] {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      var hrefs: [String] = []
      _ = try await client.listETags(book) { hrefs.append($0.href) }
      var names: [String] = []
      if hrefs.isEmpty { return names }
      try await client.multiget(book, hrefs: hrefs) { fetched in
        if case .card(_, _, let text) = fetched, let name = VCardReader.read(text).first?.card?.first("FN")?.text {
          names.append(name)
        }
      }
      return names
    }
  }
}
