import CardDAV
import CardDAVTesting
import ContactsModel
import ContactsServices
import ContactsSync
import Foundation
import GRDB
import Testing
import VCardFormat

/// An account with three address books on one server (the test server's, and "Work" and
/// "Shared" made with an extended MKCOL), all linked: each synced with its own token, each
/// contact in its own book, new contacts in the default one.
@Suite struct SeveralBooksEndToEndTests {
  /// The server's three books, the test server's first (the default when linked).
  struct Books {
    var all: [AddressBookInfo]
    var work: URL { all[1].url }
    var shared: URL { all[2].url }
  }

  /// Makes "Work" and "Shared" beside the server's book, with a card in Work and two in Shared
  /// put there by another client.
  static func makeBooks(on server: DAVTestServer) async throws -> Books {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      let work = try await client.createAddressBook(in: server.homeSetURL, segment: "work", displayName: "Work")
      let shared = try await client.createAddressBook(in: server.homeSetURL, segment: "shared", displayName: "Shared")
      for (book, uid, name) in [
        (work.url, "wes", "Wes Work"), (shared.url, "sam", "Sam Shared"), (shared.url, "sue", "Sue Shared"),
      ] {
        _ = try await client.put(
          CardDAVClient.href(forUID: uid, in: book), in: book, card: Array(card30(uid: uid, name: name).utf8),
          condition: .create)
      }
      let home = try await client.addressBook(at: server.addressBookURL)
      return Books(all: [home, work, shared])
    }
  }

  /// The UIDs of the cards in `book` on the server.
  static func uids(in book: URL, on server: DAVTestServer) async throws -> Set<String> {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      var hrefs: [String] = []
      _ = try await client.listETags(book) { hrefs.append($0.href) }
      var uids: Set<String> = []
      if hrefs.isEmpty { return uids }
      try await client.multiget(book, hrefs: hrefs) { fetched in
        if case .card(_, _, let text) = fetched, let uid = VCardReader.read(text).first?.card?.first("UID")?.text {
          uids.insert(uid)
        }
      }
      return uids
    }
  }

  /// Each contact's book, by UID, as the side's database has it.
  static func books(of side: SyncSide) throws -> [String: Int] {
    try side.database.writer.read { db in
      var books: [String: Int] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT s.uid, s.book FROM sync_item s JOIN contact c ON c.accountId = s.accountId AND c.uid = s.uid")
      {
        books[row["uid"]] = row["book"]
      }
      return books
    }
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func everyBookIsSyncedOnItsOwnAndANoOpCostsOneRequestABook(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let books = try await Self.makeBooks(on: server)
      let laptop = try await SyncSide.make(on: server, name: "laptop")
      let desktop = try await SyncSide.make(on: server, name: "desktop")
      defer {
        laptop.remove()
        desktop.remove()
      }
      try await laptop.add("Ann Here")
      try await laptop.link(books.all)
      let first = try await laptop.run()
      #expect(first.sent == 1 && first.received == 3)
      #expect(first.books.map(\.sent) == [1, 0, 0] && first.books.map(\.received) == [0, 1, 2])
      #expect(first.books.map(\.book).suffix(2) == ["Work", "Shared"])
      // Ann went to the default book only; each card came from its own book and stays in it.
      let ann = try #require(try await laptop.contact(named: "Ann Here"))
      #expect(try await Self.uids(in: books.all[0].url, on: server) == [ann.uid])
      #expect(try await Self.uids(in: books.work, on: server) == ["wes"])
      #expect(try await Self.uids(in: books.shared, on: server) == ["sam", "sue"])
      #expect(try Self.books(of: laptop) == [ann.uid: 0, "wes": 1, "sam": 2, "sue": 2])
      let tokens = try await laptop.sync.link(account: laptop.account)?.books.map(\.syncToken)
      #expect(tokens?.count == 3 && tokens?.allSatisfy { $0 != nil } == true && Set(tokens ?? []).count >= 1)

      // A second database links the same books and gets every contact in its book.
      try await desktop.link(books.all)
      let second = try await desktop.run()
      #expect(second.received == 4 && second.sent == 0)
      #expect(try Self.books(of: desktop) == [ann.uid: 0, "wes": 1, "sam": 2, "sue": 2])

      // An edit here goes to the contact's own book; a delete on the server comes back from its.
      let wes = try #require(try await desktop.contact(named: "Wes Work"))
      try await desktop.edit(wes) { $0.notes = "moved desks" }
      try await CardDAVClient.withClient(credentials: server.credentials) { client in
        var members: [RemoteETag] = []
        _ = try await client.listETags(books.shared) { members.append($0) }
        let sam = try #require(members.first { $0.href.hasSuffix("sam.vcf") })
        try await client.delete(sam.href, in: books.shared, etag: sam.etag)
      }
      let edited = try await desktop.run()
      #expect(edited.sent == 1 && edited.deletedHere == 1)
      #expect(edited.books.map(\.sent) == [0, 1, 0] && edited.books.map(\.deletedHere) == [0, 0, 1])
      #expect(try await Self.uids(in: books.work, on: server) == ["wes"])
      let back = try await laptop.run()
      #expect(back.received == 1 && back.deletedHere == 1)
      #expect(try await laptop.contact(named: "Wes Work")?.notes == "moved desks")
      #expect(try await laptop.contact(named: "Sam Shared") == nil)

      // Nothing changed anywhere: one request a book.
      let noOp = try await laptop.run()
      #expect(noOp.sent == 0 && noOp.received == 0 && noOp.deletedHere == 0)
      #expect(noOp.books.count == 3 && noOp.books.allSatisfy { $0.requests <= 1 })
    }
  }

  /// A book whose URL is on another origin than the link's server (127.0.0.2 for 127.0.0.1) is
  /// refused like any other URL there: no request goes to it (the password belongs to the
  /// server linked), the sync fails naming the book, and the book on the server is synced.
  @Test func aBookOnAnotherOriginIsRefusedAndNothingGoesThere() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let side = try await SyncSide.make(on: server)
      defer { side.remove() }
      try await side.add("Ann Here")
      var elsewhere = try #require(URLComponents(url: server.addressBookURL, resolvingAgainstBaseURL: false))
      elsewhere.host = "127.0.0.2"
      let elsewhereURL = try #require(elsewhere.url)
      try await side.sync.saveLink(
        SyncLink(
          account: side.account, username: server.credentials.username, password: .command("unused in tests"),
          linking: [
            SyncLink.NewBook(url: server.addressBookURL, name: "Home", cardVersion: "3.0"),
            SyncLink.NewBook(url: elsewhereURL, name: "Elsewhere", cardVersion: "3.0"),
          ]))
      let origin = try #require(ServerOrigin(server.addressBookURL))
      let failure = await #expect(throws: SyncEngine.Failure.self) { try await side.run() }
      guard case .inBook("Elsewhere", .server(.otherServer(let refused, let linked))) = failure else {
        Issue.record("not refused as another server's: \(String(describing: failure))")
        return
      }
      #expect(refused.host() == "127.0.0.2" && linked == origin)
      // The first book was synced before the second was refused.
      let ann = try #require(try await side.contact(named: "Ann Here"))
      #expect(try await Self.uids(in: server.addressBookURL, on: server) == [ann.uid])
    }
  }

  /// A book deleted on the server (404 for its collection, asked with its token or without) is
  /// said by this sync and every later one, and not asked for again; its contacts stay here,
  /// and the other books go on syncing.
  @Test(arguments: DAVTestServer.Kind.allCases)
  func aBookRemovedOnTheServerIsSaidAndItsContactsStay(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let books = try await Self.makeBooks(on: server)
      let side = try await SyncSide.make(on: server)
      defer { side.remove() }
      try await side.link(books.all)
      let first = try await side.run()
      #expect(first.received == 3 && first.goneBooks.isEmpty && !first.needsAttention)
      try await CardDAVClient.withClient(credentials: server.credentials) { client in
        try await client.deleteAddressBook(at: books.work)
        // Another client adds a card to Shared meanwhile: that book still syncs.
        _ = try await client.put(
          CardDAVClient.href(forUID: "sid", in: books.shared), in: books.shared,
          card: Array(card30(uid: "sid", name: "Sid Shared").utf8), condition: .create)
      }
      let second = try await side.run()
      #expect(second.goneBooks == ["Work"] && !second.defaultBookGone && second.needsAttention)
      #expect(second.received == 1 && second.deletedHere == 0)
      #expect(try await side.contact(named: "Wes Work") != nil)
      #expect(try await side.contact(named: "Sid Shared") != nil)
      let link = try #require(try await side.sync.link(account: side.account))
      #expect(link.books.map { $0.goneSince != nil } == [false, true, false])

      // Every later sync says so and asks nothing of it; Wes, edited here, stays here.
      let wes = try #require(try await side.contact(named: "Wes Work"))
      try await side.edit(wes) { $0.notes = "left the company" }
      let third = try await side.run()
      #expect(third.goneBooks == ["Work"] && third.sent == 0 && third.deletedHere == 0)
      #expect(third.books.map(\.book).last == "Shared" && third.books.count == 2)
      #expect(try await side.contact(named: "Wes Work")?.notes == "left the company")
    }
  }

  /// The only book, and the default, deleted on the server: the sync says so (the default's
  /// too: new contacts wait here) and deletes nothing here.
  @Test(arguments: [DAVTestServer.Kind.radicale, .xandikos])
  func theDefaultBookRemovedOnTheServerKeepsEveryContact(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let side = try await SyncSide.make(on: server)
      defer { side.remove() }
      try await side.add("Ann Here")
      try await side.add("Bob Here")
      try await side.link()
      #expect(try await side.run().sent == 2)
      try await CardDAVClient.withClient(credentials: server.credentials) { client in
        try await client.deleteAddressBook(at: server.addressBookURL)
      }
      try await side.add("Cy New")
      let after = try await side.run()
      #expect(after.goneBooks.count == 1 && after.defaultBookGone && after.needsAttention)
      #expect(after.sent == 0 && after.deletedHere == 0)
      #expect(try await side.all().count == 3)
      let again = try await side.run()
      #expect(again.goneBooks.count == 1 && again.requests == 0)
      #expect(try await side.all().count == 3)
    }
  }
}
