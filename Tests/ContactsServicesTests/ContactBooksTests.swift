import CardSync
import ContactsModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import ContactsServices

/// Schema v10: each contact row names its address book, and the list's count, keyset pages,
/// places and search read one book by the `contact_by_book` index.
@Suite struct ContactBooksTests {
  static let server = "http://127.0.0.1:5232/ada/"

  /// Ada linked to "Personal" (the default) and "Work"; 40 cards arrive in Work (together, as a
  /// first download writes them) and 3 in Personal (one by one), and Ann is added here.
  func adaWithTwoBooks() async throws -> (TwoAccounts, SyncStore) {
    let fixture = try await TwoAccounts.make()
    let sync = SyncStore(database: fixture.database)
    try await sync.saveLink(
      SyncLink(
        account: fixture.ada, username: "ada", password: .command("echo x"),
        linking: ["personal", "work"].map { segment in
          SyncLink.NewBook(
            url: URL(string: Self.server + segment + "/")!, name: segment.capitalized, cardVersion: "4.0")
        }))
    let work = (0..<40).map { index in
      let uid = String(format: "w%02d", index)
      return RemoteCard(
        href: "/ada/work/\(uid).vcf", etag: "\"1\"", text: SyncBooksTests.card(uid, "Worker \(uid)"))
    }
    _ = try await sync.applyArrivals(work, book: SyncBook.Key(account: fixture.ada, number: 1))
    for uid in ["p0", "p1", "p2"] {
      _ = try await sync.applyArrivals(
        [RemoteCard(href: "/ada/personal/\(uid).vcf", etag: "\"1\"", text: SyncBooksTests.card(uid, "Pat \(uid)"))],
        book: fixture.adaBook)
    }
    _ = try await fixture.store.insert(ContactDraft(name: "Ann"), account: fixture.ada)
    return (fixture, sync)
  }

  @Test func aBookIsCountedPagedPlacedAndSearchedAlone() async throws {
    let (fixture, _) = try await adaWithTwoBooks()
    defer { fixture.directory.remove() }
    let store = fixture.store
    let ada = fixture.ada
    #expect(try await store.count(account: ada) == 44)
    #expect(try await store.count(account: ada, book: 0) == 4)
    #expect(try await store.count(account: ada, book: 1) == 40)
    #expect(try await store.count(account: ada, book: 2) == 0)
    #expect(
      try await store.books(account: ada) == [
        ContactBook(number: 0, name: "Personal"), ContactBook(number: 1, name: "Work"),
      ])

    let personal = try await store.page(account: ada, book: 0, after: nil, limit: 10)
    #expect(personal.map(\.name) == ["Ann", "Pat p0", "Pat p1", "Pat p2"])
    #expect(personal.allSatisfy { $0.book == 0 })
    // A window in the middle of Work: after its 10th, before its 31st, and the places.
    let first = try await store.page(account: ada, book: 1, after: nil, limit: 10)
    #expect(first.map(\.name) == (0..<10).map { String(format: "Worker w%02d", $0) })
    let next = try await store.page(account: ada, book: 1, after: first.last?.position, limit: 5)
    #expect(next.map(\.name) == (10..<15).map { String(format: "Worker w%02d", $0) })
    #expect(next.allSatisfy { $0.book == 1 })
    let last = try await store.page(account: ada, book: 1, before: nil, limit: 3)
    #expect(last.map(\.name) == ["Worker w37", "Worker w38", "Worker w39"])
    #expect(try await store.index(of: next[0].position, account: ada, book: 1) == 10)
    #expect(try await store.index(of: next[0].position, account: ada) == 14)
    // Work's rows in the whole list are after Personal's: none of Personal's in Work's pages.
    let before = try await store.page(account: ada, book: 1, before: next[0].position, limit: 100)
    #expect(before.count == 10 && before.allSatisfy { $0.book == 1 })

    // The search in one book: its contacts alone, counted among them.
    let workers = try await store.search(account: ada, book: 1, query: "worker", limit: 5)
    #expect(workers.total == 40 && workers.contacts.count == 5)
    #expect(try await store.search(account: ada, book: 0, query: "worker", limit: 5).total == 0)
    #expect(try await store.search(account: ada, book: 0, query: "pat", limit: 5).total == 3)
    // A word longer than the indexed prefix: the candidates are tested, the book too.
    #expect(try await store.search(account: ada, book: 1, query: "worker w3", limit: 50).total == 10)
    #expect(try await store.search(account: ada, book: 0, query: "worker w3", limit: 50).total == 0)
    #expect(try await store.search(account: ada, query: "worker w3", limit: 50).total == 10)
  }

  /// A small book is searched by the index's candidates tested for the book, or, when those
  /// are too many, by reading its own contacts (a range of `contact_by_book`) and testing each:
  /// every way gives the same contacts in the same order and the same count as a big book's
  /// search, for words, prefixes, several words, emails, phone digits, companies, folded
  /// spellings and words matching nothing.
  @Test func aSmallBookIsSearchedByReadingItAndFindsWhatTheIndexFinds() async throws {
    let (fixture, sync) = try await adaWithTwoBooks()
    defer { fixture.directory.remove() }
    let cards = [
      ("x1", "Zoë Ångström", "zoe@example.org", "+44 20 7946 0001", "Łódź Works"),
      ("x2", "Zoe Angstrom", "z.angstrom@example.com", "+1 555 0100", "Acme"),
      ("x3", "Worker Bee", "bee@hive.example", "555 0199", "Hive"),
      ("x4", "Mary-Jane O'Neil", "mj@example.org", "", "Worker Co"),
    ].map { uid, name, email, phone, company in
      RemoteCard(
        href: "/ada/work/\(uid).vcf", etag: "\"1\"",
        text: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nEMAIL:\(email)\r\n"
          + (phone.isEmpty ? "" : "TEL:\(phone)\r\n") + "ORG:\(company)\r\nEND:VCARD\r\n")
    }
    _ = try await sync.applyArrivals(cards, book: SyncBook.Key(account: fixture.ada, number: 1))
    let queries = [
      "worker", "w", "worker w3", "w39", "pat", "a", "zoe", "zoë", "angstrom", "lodz", "example", "555",
      "7946", "hive bee", "o'neil", "mary jane", "acme zoe", "nobody",
    ]
    var found = 0
    for book in [0, 1] {
      for query in queries {
        // The book read whole; the index's candidates tested for the book; the big book's way.
        let read = try await fixture.store.search(
          account: fixture.ada, book: book, query: query, limit: 50, smallBookLimit: .max, indexCandidates: { _ in 0 })
        let tested = try await fixture.store.search(
          account: fixture.ada, book: book, query: query, limit: 50, smallBookLimit: .max,
          indexCandidates: { _ in .max })
        let indexed = try await fixture.store.search(
          account: fixture.ada, book: book, query: query, limit: 50, smallBookLimit: 0, indexCandidates: { _ in 0 })
        for other in [tested, indexed] {
          #expect(read.contacts.map(\.id) == other.contacts.map(\.id), "book \(book), \(query)")
          #expect(read.total == other.total && read.isTotalExact == other.isTotalExact, "book \(book), \(query)")
        }
        #expect(read.contacts.allSatisfy { $0.book == book }, "book \(book), \(query)")
        found += read.total
      }
    }
    // The queries found something (a comparison of two empty answers proves nothing).
    #expect(found > 100)
    #expect(try await fixture.store.search(account: fixture.ada, book: 1, query: "zoe", limit: 9).total == 2)
    // The book's contacts are read by its index, in list order, with no sort.
    let plan = try await fixture.database.writer.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + ContactStore.bookContactsSQL, arguments: [fixture.ada, 1])
        .map { $0["detail"] as String }
    }
    #expect(plan.contains { $0.contains("INDEX contact_by_book") } && !plan.contains { $0.contains("TEMP B-TREE") })
  }

  /// The book's count, pages and places are ranges of `contact_by_book`, not a walk over the
  /// account's contacts testing each: what keeps a small book instant among a million.
  @Test func aBookIsReadByItsIndex() async throws {
    let (fixture, _) = try await adaWithTwoBooks()
    defer { fixture.directory.remove() }
    let (condition, scope) = ContactStore.scope(account: fixture.ada, book: 1)
    let queries: [(String, StatementArguments)] = [
      ("SELECT COUNT(*) FROM contact WHERE \(condition)", scope),
      (
        "SELECT * FROM contact WHERE \(condition) AND (sortKey, id) > (?, ?) ORDER BY sortKey, id LIMIT ?",
        scope + ["worker w10", 1, 10]
      ),
      ("SELECT * FROM contact WHERE \(condition) ORDER BY sortKey DESC, id DESC LIMIT ?", scope + [10]),
      ("SELECT COUNT(*) FROM contact WHERE \(condition) AND (sortKey, id) < (?, ?)", scope + ["worker w10", 1]),
    ]
    for (query, arguments) in queries {
      let plan = try await fixture.database.writer.read { db in
        try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query, arguments: arguments).map { $0["detail"] as String }
      }
      #expect(plan.contains { $0.contains("INDEX contact_by_book") }, "\(query): \(plan)")
      #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(query): \(plan)")
    }
  }

  @Test func aContactMovedToAnotherBookIsListedThereAndAForgottenLinkListsNoBook() async throws {
    let (fixture, sync) = try await adaWithTwoBooks()
    defer { fixture.directory.remove() }
    let ann = try #require(try await fixture.store.page(account: fixture.ada, book: 0, after: nil, limit: 1).first)
    #expect(ann.name == "Ann" && ann.book == 0)
    try await fixture.database.writer.write { db in
      try db.execute(sql: "UPDATE sync_item SET book = 1 WHERE uid = ?", arguments: [ann.uid])
    }
    #expect(try await fixture.store.contact(id: ann.id, account: fixture.ada)?.book == 1)
    #expect(try await fixture.store.count(account: fixture.ada, book: 1) == 41)
    // An edit keeps the contact where it is, and says so.
    let edited = try await fixture.store.update(id: ann.id, with: ContactDraft(name: "Ann B"), account: fixture.ada)
    #expect(edited.book == 1)

    try await sync.forget(account: fixture.ada)
    #expect(try await fixture.store.count(account: fixture.ada) == 44)
    #expect(try await fixture.store.count(account: fixture.ada, book: 1) == 0)
    #expect(try await fixture.store.contact(id: ann.id, account: fixture.ada)?.book == nil)
    #expect(try await fixture.store.books(account: fixture.ada).isEmpty)
    // Grace, never linked, has no books and her contacts none.
    let grace = try await fixture.store.insert(ContactDraft(name: "Grace"), account: fixture.grace)
    #expect(grace.book == nil)
  }

  /// Upgrading to v10 gives each linked contact its item's book, and the index; an unlinked
  /// contact has none.
  @Test func aDatabaseFromV9ListsEachContactInItsBook() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    try await makeDatabase(
      at: path, upTo: "v9: several address books per account",
      rows: """
        INSERT INTO account (email, passwordHash, createdAt) VALUES ('a@example.com', 'x', 0);
        INSERT INTO account (email, passwordHash, createdAt) VALUES ('b@example.com', 'x', 0);
        INSERT INTO sync_link (accountId, username, passwordCommand, createdAt) VALUES (1, 'a', 'echo x', 0);
        INSERT INTO sync_book (accountId, number, url, name, cardVersion, isDefault)
        VALUES (1, 0, 'http://127.0.0.1:5232/a/home/', 'Home', '4.0', 1),
          (1, 1, 'http://127.0.0.1:5232/a/work/', NULL, '4.0', 0);
        INSERT INTO contact (accountId, name, sortKey, updatedAt, uid, card) VALUES (1, 'Kept', 'kept', 100, 'kept', NULL);
        INSERT INTO contact (accountId, name, sortKey, updatedAt, uid, card) VALUES (1, 'Here', 'here', 100, 'here', NULL);
        UPDATE sync_item SET book = 1, href = '/a/work/kept.vcf', dirty = 0 WHERE uid = 'kept';
        INSERT INTO contact (accountId, name, sortKey, updatedAt, uid, card) VALUES (2, 'Bea', 'bea', 100, 'bea', NULL);
        """)
    let database = try ContactsDatabase.open(at: path)
    let store = ContactStore(database: database)
    #expect(
      try await store.books(account: 1) == [ContactBook(number: 0, name: "Home"), ContactBook(number: 1, name: "work")])
    #expect(try await store.page(account: 1, book: 1, after: nil, limit: 5).map(\.name) == ["Kept"])
    #expect(try await store.page(account: 1, book: 0, after: nil, limit: 5).map(\.name) == ["Here"])
    #expect(try await store.page(account: 2, after: nil, limit: 5).map(\.book) == [nil])
    let indexes = try await database.writer.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'contact'")
    }
    #expect(indexes.contains("contact_by_book"))
  }
}
