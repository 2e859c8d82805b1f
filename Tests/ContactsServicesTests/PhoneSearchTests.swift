import ContactsModel
import GRDB
import TestSupport
import Testing

@testable import ContactsServices

/// Phone numbers are searched by their digits from the start of any group (schema v3).
struct PhoneSearchTests {
  @Test(arguments: [
    ("+8 600 4543 59", "8600454359 600454359 454359 59"),
    ("(555) 123-4567", "5551234567 1234567 4567"),
    ("5551234", "5551234"),
    ("+44 (0)20 7946", "440207946 0207946 207946 7946"),
    ("", ""),
    ("ext.", ""),
    ("٠١٢ 34", "34"),
  ])
  func aNumbersWordsAreItsDigitsFromEachGroupOn(phone: String, words: String) {
    #expect(PhoneWords.of(phone) == words)
  }

  @Test func aSearchThatReadsAsANumberIsItsDigits() throws {
    #expect(PhoneWords.digits(ofQuery: "+8 600 4").map { String(decoding: $0, as: UTF8.self) } == "86004")
    #expect(PhoneWords.digits(ofQuery: "(555) 123-45").map { String(decoding: $0, as: UTF8.self) } == "55512345")
    #expect(PhoneWords.digits(ofQuery: "8600x") == nil)
    #expect(PhoneWords.digits(ofQuery: "+ - ()") == nil)
    #expect(PhoneWords.digits(ofQuery: "ada 1") == nil)
    #expect(SearchTerms("+8 600 4")?.words.map { String(decoding: $0, as: UTF8.self) } == ["86004"])
    #expect(SearchTerms("late 1 2")?.words.map { String(decoding: $0, as: UTF8.self) } == ["late", "1", "2"])
    // Whole, whatever its length: the index answers it exactly (see `SearchTerms.candidates`).
    let number = try #require(SearchTerms("+8 600 4543")).candidates(indexedPrefix: 3)
    #expect(number.pattern == #""86004543"*"# && number.isExact)
    let words = try #require(SearchTerms("8600 late")).candidates(indexedPrefix: 3)
    #expect(words.pattern == #""860"* "lat"*"# && !words.isExact)
  }

  @Test func aNumberIsFoundByTheDigitsTypedFromTheStartOfAnyGroup() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let store = fixture.store
    let eight = try await store.insert(ContactDraft(name: "Eight", phone: "+8 600 4543 59"), account: fixture.ada)
    let other = try await store.insert(ContactDraft(name: "Other", phone: "+86 014 1000 1"), account: fixture.ada)
    _ = try await store.insert(ContactDraft(name: "Theirs", phone: "+8 600 4543 59"), account: fixture.grace)
    func found(_ query: String) async throws -> [Int64] {
      try await store.search(account: fixture.ada, query: query, limit: 10).contacts.map(\.id)
    }
    for query in ["+8 600 4", "86004", "8600454359", "600 45", "4543", "454359", "59", "+8 600 4543 59"] {
      #expect(try await found(query) == [eight.id], "\(query)")
    }
    #expect(try await found("860") == [eight.id, other.id])
    #expect(try await found("8601") == [other.id])
    // Not from the middle of a group, nor skipping one.
    for query in ["00454", "8 4543", "6004543 60"] {
      #expect(try await found(query) == [], "\(query)")
    }
    // A changed number is found by its new digits only; the index agrees with the table.
    _ = try await store.update(
      id: eight.id, with: ContactDraft(name: "Eight", phone: "+1 212 555"), account: fixture.ada)
    #expect(try await found("86004") == [])
    #expect(try await found("212 5") == [eight.id])
    try await store.delete(id: other.id, account: fixture.ada)
    #expect(try await found("860") == [])
    try await fixture.database.checkSearchIndex()
  }

  @Test func aVersion2DatabaseIsMigrated() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    try await makeDatabase(
      at: path, upTo: "v2: list keys for the search index",
      rows: """
        INSERT INTO account (email, passwordHash, createdAt) VALUES ('a@example.com', 'x', 0);
        INSERT INTO contact (accountId, name, sortKey, phone, updatedAt) VALUES
          (1, 'Eight', 'eight', '+8 600 4543 59', 0), (1, 'None', 'none', '', 0), (1, 'Ada', 'ada', '555-0100', 0);
        """)
    var upgrades: [Int] = []
    let database = try ContactsDatabase.open(at: path) { upgrades.append($0.contacts) }
    #expect(upgrades == [3])
    let store = ContactStore(database: database)
    #expect(try await store.search(account: 1, query: "+8 600 4", limit: 5).contacts.map(\.name) == ["Eight"])
    #expect(try await store.search(account: 1, query: "5550", limit: 5).contacts.map(\.name) == ["Ada"])
    #expect(try await store.search(account: 1, query: "none", limit: 5).contacts.map(\.name) == ["None"])
    let words = try await database.writer.read { db in
      try String.fetchAll(db, sql: "SELECT phoneWords FROM contact ORDER BY id")
    }
    #expect(words == ["8600454359 600454359 454359 59", "", "5550100 0100"])
    // The triggers are the new ones: a later contact's number is found by its digits.
    _ = try await store.insert(ContactDraft(name: "Late", phone: "+1 999"), account: 1)
    #expect(try await store.search(account: 1, query: "1999", limit: 5).contacts.map(\.name) == ["Late"])
    try await database.checkSearchIndex()
  }
}
