import ContactsModel
import GRDB
import TestSupport
import Testing

@testable import ContactsServices

/// Names with letters Unicode builds no accent into ("ø", "ł", "ı", "æ", "ß") are found by their
/// plain spellings too (schema v4).
struct PlainSpellingsTests {
  @Test(arguments: [
    ("Ørjan Berg", "orjan"),
    ("Łukasz Wałęsa", "lukasz walesa"),
    ("Ülkü Yazılım", "yazilim"),
    ("Johann Strauß", "strauss"),
    ("ÆRØ Œuvre", "aero oeuvre"),
    ("Đorđe Þórsson", "dorde thorsson"),
    ("Zoë Ångström", ""),
    ("李小龍", ""),
    ("Ada Lovelace", ""),
  ])
  func wordsWithLettersOfTheirOwnAreSpelledPlainly(text: String, plain: String) {
    #expect(PlainSpellings.of(text) == plain)
  }

  @Test func theyFollowThePhoneWords() {
    #expect(
      ExtraSearchWords.of(phone: "+47 22 33", name: "Ørjan Berg", company: "Ülkü Yazılım")
        == "472233 2233 33 orjan yazilim")
    #expect(ExtraSearchWords.of(phone: "", name: "Ørjan", company: "") == "orjan")
    #expect(ExtraSearchWords.of(phone: "555", name: "Ada", company: "Acme") == "555")
  }

  @Test func aNameIsFoundByItsPlainSpellingAndAsWritten() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let store = fixture.store
    let orjan = try await store.insert(ContactDraft(name: "Ørjan Berg", company: "Ülkü Yazılım"), account: fixture.ada)
    let lukasz = try await store.insert(ContactDraft(name: "Łukasz Wałęsa", address: "Łódź"), account: fixture.ada)
    let strauss = try await store.insert(ContactDraft(name: "Johann Strauß"), account: fixture.ada)
    _ = try await store.insert(ContactDraft(name: "Olivia Berg"), account: fixture.ada)
    // Another account's contact with the same name is never found.
    _ = try await store.insert(ContactDraft(name: "Ørjan Berg"), account: fixture.grace)
    func found(_ query: String) async throws -> [Int64] {
      try await store.search(account: fixture.ada, query: query, limit: 10).contacts.map(\.id)
    }
    for query in ["orjan", "ørjan", "Ørj", "or", "ORJAN BERG", "yazilim", "yazı", "yaz"] {
      #expect(try await found(query) == [orjan.id], "\(query)")
    }
    for query in ["lukasz", "łukasz", "luk", "walesa", "wałęsa"] {
      #expect(try await found(query) == [lukasz.id], "\(query)")
    }
    for query in ["strauss", "strauß", "johann str"] {
      #expect(try await found(query) == [strauss.id], "\(query)")
    }
    // The address is not searched, plain or not.
    #expect(try await found("lodz") == [])
    // A rename takes the old spelling out of the index, a delete the new one.
    _ = try await store.update(id: orjan.id, with: ContactDraft(name: "Orla Berg"), account: fixture.ada)
    #expect(try await found("orjan") == [])
    #expect(try await found("yazilim") == [])
    try await store.delete(id: lukasz.id, account: fixture.ada)
    #expect(try await found("lukasz") == [])
    try await fixture.database.checkSearchIndex()
  }

  @Test func aVersion3DatabaseIsMigrated() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    try await makeDatabase(
      at: path, upTo: "v3: phone numbers searched by their digits",
      rows: """
        INSERT INTO account (email, passwordHash, createdAt) VALUES ('a@example.com', 'x', 0);
        INSERT INTO contact (accountId, name, sortKey, phone, phoneWords, company, updatedAt) VALUES
          (1, 'Ørjan Berg', 'ørjan berg', '+47 22', '4722 22', '', 0),
          (1, 'ŁUKASZ', 'łukasz', '', '', '', 0),
          (1, 'Ada', 'ada', '555', '555', 'Ülkü Yazılım', 0),
          (1, 'Grace', 'grace', '', '', 'Acme', 0);
        """)
    var upgrades: [Int] = []
    let database = try ContactsDatabase.open(at: path) { upgrades.append($0.contacts) }
    #expect(upgrades == [4])
    let words = try await database.writer.read { db in
      try String.fetchAll(db, sql: "SELECT phoneWords FROM contact ORDER BY id")
    }
    #expect(words == ["4722 22 orjan", "lukasz", "555 yazilim", ""])
    let store = ContactStore(database: database)
    #expect(try await store.search(account: 1, query: "orjan", limit: 5).contacts.map(\.name) == ["Ørjan Berg"])
    #expect(try await store.search(account: 1, query: "luk", limit: 5).contacts.map(\.name) == ["ŁUKASZ"])
    #expect(try await store.search(account: 1, query: "yazilim", limit: 5).contacts.map(\.name) == ["Ada"])
    #expect(try await store.search(account: 1, query: "4722", limit: 5).contacts.map(\.name) == ["Ørjan Berg"])
    try await database.checkSearchIndex()
  }
}
