import CardSync
import ContactsModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import ContactsServices

/// Schema v9: a link holds several address books, each with its own token, listing and items;
/// a contact belongs to one of them, and new contacts go to the default one.
@Suite struct SyncBooksTests {
  static let server = "http://127.0.0.1:5232/ada/"

  /// Ada linked to three books, "Personal" (the default), "Work" and "Shared".
  func linkedToThree() async throws -> (TwoAccounts, SyncStore, [SyncBook.Key]) {
    let fixture = try await TwoAccounts.make()
    let sync = SyncStore(database: fixture.database)
    try await sync.saveLink(
      SyncLink(
        account: fixture.ada, username: "ada", password: .command("echo x"),
        linking: ["personal", "work", "shared"].map { segment in
          SyncLink.NewBook(
            url: URL(string: Self.server + segment + "/")!, name: segment.capitalized, cardVersion: "4.0")
        }))
    return (fixture, sync, (0..<3).map { SyncBook.Key(account: fixture.ada, number: $0) })
  }

  static func card(_ uid: String, _ name: String) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nEND:VCARD\r\n"
  }

  @Test func theLinkKeepsEveryBookInOrderWithTheFirstAsDefault() async throws {
    let (fixture, sync, _) = try await linkedToThree()
    defer { fixture.directory.remove() }
    let link = try #require(try await sync.link(account: fixture.ada))
    #expect(link.books.map(\.title) == ["Personal", "Work", "Shared"])
    #expect(link.books.map(\.isDefault) == [true, false, false])
    #expect(link.defaultBook?.url.absoluteString == Self.server + "personal/")
    #expect(link.destination == "3 address books at http://127.0.0.1:5232")
  }

  @Test func contactsHereGoToTheDefaultBookAndEachBookSendsOnlyItsOwn() async throws {
    let (fixture, sync, books) = try await linkedToThree()
    defer { fixture.directory.remove() }
    let ann = try await fixture.store.insert(ContactDraft(name: "Ann"), account: fixture.ada)
    _ = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/work/bob.vcf", etag: "\"b1\"", text: Self.card("bob", "Bob"))], book: books[1])
    #expect(try await sync.departures(book: books[0], after: nil, limit: 10).map(\.uid) == [ann.uid])
    #expect(try await sync.departures(book: books[1], after: nil, limit: 10).isEmpty)
    // Bob, edited here, is sent to his own book, not to the default one.
    let bob = try #require(
      try await fixture.store.page(account: fixture.ada, after: nil, limit: 5).first { $0.uid == "bob" })
    _ = try await fixture.store.update(id: bob.id, with: ContactDraft(name: "Bob Jones"), account: fixture.ada)
    #expect(try await sync.departures(book: books[1], after: nil, limit: 10).map(\.uid) == ["bob"])
    #expect(try await sync.departures(book: books[0], after: nil, limit: 10).map(\.uid) == [ann.uid])
    #expect(try await sync.departures(book: books[2], after: nil, limit: 10).isEmpty)

    let status = try #require(try await sync.status(account: fixture.ada))
    #expect(status.books.map(\.contacts) == [1, 1, 0])
    #expect(status.books.map(\.onServer) == [0, 1, 0])
    #expect(status.books.map(\.pending) == [1, 1, 0])
  }

  @Test func theDefaultBookCanBeChosenAndNewContactsGoThere() async throws {
    let (fixture, sync, books) = try await linkedToThree()
    defer { fixture.directory.remove() }
    try await sync.makeDefault(books[2])
    #expect(try await sync.link(account: fixture.ada)?.books.map(\.isDefault) == [false, false, true])
    let ann = try await fixture.store.insert(ContactDraft(name: "Ann"), account: fixture.ada)
    #expect(try await sync.departures(book: books[2], after: nil, limit: 10).map(\.uid) == [ann.uid])
    #expect(try await sync.departures(book: books[0], after: nil, limit: 10).isEmpty)
    await #expect(throws: SyncStoreError.notLinked) {
      try await sync.makeDefault(SyncBook.Key(account: fixture.ada, number: 7))
    }
    #expect(try await sync.link(account: fixture.ada)?.defaultBook?.key == books[2])
  }

  @Test func eachBookKeepsItsOwnTokenListingAndRemovals() async throws {
    let (fixture, sync, books) = try await linkedToThree()
    defer { fixture.directory.remove() }
    _ = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/personal/a.vcf", etag: "\"a1\"", text: Self.card("a", "Ann"))], book: books[0])
    _ = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/work/b.vcf", etag: "\"b1\"", text: Self.card("b", "Bob"))], book: books[1])
    try await sync.saveToken("personal-1", book: books[0])
    try await sync.saveToken("work-1", book: books[1])
    let tokens = try await sync.link(account: fixture.ada)?.books.map(\.syncToken)
    #expect(tokens == ["personal-1", "work-1", nil])

    // A complete listing of Work that holds nothing: Work's card is gone there, Ann stays.
    try await sync.startListing(book: books[1])
    #expect(try await sync.emptySide(book: books[1], complete: true) == .server(lost: 1))
    try sync.addToListing([ListingEntry(href: "/ada/personal/other.vcf", etag: "\"o\"")], book: books[0])
    // A listing not spent yet is its own book's.
    #expect(try await sync.listingWasCutShort(book: books[0]))
    #expect(try await !sync.listingWasCutShort(book: books[1]))
    #expect(try await sync.hrefsToFetch(book: books[1], after: nil, limit: 10).isEmpty)
    #expect(try await sync.hrefsToFetch(book: books[0], after: nil, limit: 10) == ["/ada/personal/other.vcf"])
    let removed = try await sync.applyRemovals(book: books[1], complete: true)
    #expect(removed.deletedHere == 1)
    #expect(try await fixture.store.page(account: fixture.ada, after: nil, limit: 5).map(\.name) == ["Ann"])
    #expect(try await sync.emptySide(book: books[0], complete: false) == nil)
  }

  @Test func aUIDInTwoBooksIsAProblemNotAMove() async throws {
    let (fixture, sync, books) = try await linkedToThree()
    defer { fixture.directory.remove() }
    _ = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/personal/a.vcf", etag: "\"a1\"", text: Self.card("a", "Ann"))], book: books[0])
    let tally = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/shared/a.vcf", etag: "\"a2\"", text: Self.card("a", "Ann (shared)"))], book: books[2])
    #expect(tally.unreadable == 1 && tally.received == 0)
    #expect(try await sync.problems(account: fixture.ada).map(\.href) == ["/ada/shared/a.vcf"])
    #expect(try await sync.status(account: fixture.ada)?.books.map(\.contacts) == [1, 0, 0])
  }

  /// Upgrading to v9 moves the link's book into `sync_book` as its first and default book,
  /// with its token and version, and every item, listing entry and problem into that book; a
  /// contact added after goes there too.
  @Test func aDatabaseLinkedBeforeV9HasOneBookWithEverythingItKnew() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    try await makeDatabase(
      at: path, upTo: "v8: a sync item's base is its contact's card until it changes",
      rows: """
        INSERT INTO account (email, passwordHash, createdAt) VALUES ('a@example.com', 'x', 0);
        INSERT INTO sync_link (accountId, addressBookURL, username, passwordCommand, cardVersion, syncToken, createdAt)
        VALUES (1, 'http://127.0.0.1:5232/a/book/', 'a', 'echo x', '4.0', 'token-7', 0);
        INSERT INTO sync_item (accountId, uid, href, etag, dirty) VALUES (1, 'kept', '/a/book/kept.vcf', '"k"', 0);
        INSERT INTO contact (accountId, name, sortKey, updatedAt, uid, card) VALUES (1, 'Kept', 'kept', 100, 'kept', NULL);
        INSERT INTO sync_listing (accountId, href, etag) VALUES (1, '/a/book/listed.vcf', '"l"');
        INSERT INTO sync_problem (accountId, href, etag, reason) VALUES (1, '/a/book/bad.vcf', '"b"', 'unreadable');
        """)
    let database = try ContactsDatabase.open(at: path)
    let sync = SyncStore(database: database)
    let link = try #require(try await sync.link(account: 1))
    let book = try #require(link.books.first)
    #expect(link.books.count == 1 && link.username == "a" && link.password == .command("echo x"))
    #expect(book.url.absoluteString == "http://127.0.0.1:5232/a/book/" && book.isDefault)
    #expect(book.cardVersion == "4.0" && book.syncToken == "token-7" && book.key.number == 0)
    // The listing left by a sync cut short is still that book's.
    #expect(try await sync.listingWasCutShort(book: book.key))
    #expect(try await sync.problems(account: 1).map(\.href) == ["/a/book/bad.vcf"])
    _ = try await ContactStore(database: database).insert(ContactDraft(name: "New"), account: 1)
    let status = try #require(try await sync.status(account: 1))
    #expect(status.books.map(\.contacts) == [2] && status.books.map(\.onServer) == [1])
    #expect(status.books.map(\.pending) == [1])
  }
}
