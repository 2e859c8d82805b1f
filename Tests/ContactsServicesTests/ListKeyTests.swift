import ContactsModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import ContactsServices

/// List keys (schema v2): the search index's rowids, in each account's list order.
struct ListKeyTests {
  /// The account's contact ids by list key and by list order, which must agree, every key in the
  /// account's range, and the search index in step with the contacts.
  private func expectKeysInListOrder(_ database: ContactsDatabase, account: Int64) async throws {
    let (byKey, byList, outside) = try await database.writer.read { db in
      (
        try Int64.fetchAll(
          db, sql: "SELECT id FROM contact WHERE accountId = ? ORDER BY listKey", arguments: [account]),
        try Int64.fetchAll(
          db, sql: "SELECT id FROM contact WHERE accountId = ? ORDER BY sortKey, id", arguments: [account]),
        try Int.fetchOne(
          db, sql: "SELECT count(*) FROM contact WHERE accountId = ? AND (listKey IS NULL OR listKey >> 40 != ?)",
          arguments: [account, account]) ?? -1
      )
    }
    #expect(byKey == byList)
    #expect(outside == 0)
    try await database.checkSearchIndex()
    #expect(
      try await database.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM contact_list_renumber") } == 0)
  }

  private func keys(_ database: ContactsDatabase, account: Int64) async throws -> [Int64: Int64] {
    try await database.writer.read { db in
      Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(
          db, sql: "SELECT id, listKey FROM contact WHERE accountId = ?", arguments: [account]
        ).map { ($0["id"] as Int64, $0["listKey"] as Int64) })
    }
  }

  @Test func keysFollowTheListAcrossInsertsRenamesAndDeletes() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let store = fixture.store
    var contacts: [Contact] = []
    for name in ["Mia", "Ada", "Zoë", "Émile", "Ada", "Bob", "李小龍", "Mia", "Ada Zola", "zoe"] {
      contacts.append(try await store.insert(ContactDraft(name: name), account: fixture.ada))
    }
    try await expectKeysInListOrder(fixture.database, account: fixture.ada)
    // Renames move a contact in the list; other edits keep its key.
    let before = try await keys(fixture.database, account: fixture.ada)
    _ = try await store.update(
      id: contacts[0].id, with: ContactDraft(name: "Mia", email: "mia@example.com"), account: fixture.ada)
    #expect(try await keys(fixture.database, account: fixture.ada)[contacts[0].id] == before[contacts[0].id])
    _ = try await store.update(id: contacts[2].id, with: ContactDraft(name: "Aaron"), account: fixture.ada)
    _ = try await store.update(id: contacts[1].id, with: ContactDraft(name: "Zz Top"), account: fixture.ada)
    try await store.delete(id: contacts[5].id, account: fixture.ada)
    try await expectKeysInListOrder(fixture.database, account: fixture.ada)
    // Searches give matches in list order, by either path.
    let found = try await store.search(account: fixture.ada, query: "a", limit: 10)
    #expect(found.contacts.map(\.name) == ["Aaron", "Ada", "Ada Zola"])
    #expect(try await store.search(account: fixture.ada, query: "zz", limit: 10).contacts.map(\.name) == ["Zz Top"])
    #expect(try await store.search(account: fixture.ada, query: "zoe", limit: 10).contacts.map(\.name) == ["zoe"])
  }

  @Test func aCrowdedGapRenumbersAFewNeighboursOnly() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let seeder = Seeder(
      database: fixture.database, accounts: AccountService(database: fixture.database, hasher: .fastForTesting))
    try await seeder.addContacts(2000, to: fixture.ada)
    let seeded = try await keys(fixture.database, account: fixture.ada)
    // Every "Ada Aardvark" goes after the last one, before the first seeded name: the gap there
    // halves with each, until there is none and the keys around it are spread again.
    var added: [Int64] = []
    for _ in 0..<60 {
      added.append(try await fixture.store.insert(ContactDraft(name: "Ada Aardvark"), account: fixture.ada).id)
    }
    try await expectKeysInListOrder(fixture.database, account: fixture.ada)
    let after = try await keys(fixture.database, account: fixture.ada)
    let moved = seeded.keys.filter { seeded[$0] != after[$0] }
    #expect(moved.count < 100)
    let found = try await fixture.store.search(account: fixture.ada, query: "aardvark", limit: 100)
    #expect(found.contacts.map(\.id) == added)
    #expect(found.total == 60)
  }

  @Test func renumberingWorksFromTheStartOfTheKeys() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    // Each contact goes before all the others: the keys go down from the account's first
    // contact's towards the start of the account's range.
    var inserted: [Int64] = []
    for index in 0..<80 {
      let name = String(repeating: "z", count: 80 - index)
      inserted.append(try await fixture.store.insert(ContactDraft(name: name), account: fixture.ada).id)
      _ = try await fixture.store.insert(ContactDraft(name: name), account: fixture.grace)
    }
    try await expectKeysInListOrder(fixture.database, account: fixture.ada)
    try await expectKeysInListOrder(fixture.database, account: fixture.grace)
    let found = try await fixture.store.search(
      account: fixture.ada, query: "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", limit: 20)
    #expect(found.contacts.map(\.id) == inserted.prefix(11).reversed())
  }

  @Test func accountsKeepTheirOwnKeysAndMatches() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let store = fixture.store
    for name in ["Quinn Ada", "Quinn Grace", "Quinn"] {
      _ = try await store.insert(ContactDraft(name: name), account: fixture.ada)
      _ = try await store.insert(ContactDraft(name: name + " Other"), account: fixture.grace)
    }
    try await expectKeysInListOrder(fixture.database, account: fixture.ada)
    try await expectKeysInListOrder(fixture.database, account: fixture.grace)
    let ada = try await store.search(account: fixture.ada, query: "quinn", limit: 10)
    #expect(ada.contacts.map(\.name) == ["Quinn", "Quinn Ada", "Quinn Grace"])
    let grace = try await store.search(account: fixture.grace, query: "other", limit: 10)
    #expect(grace.contacts.map(\.name) == ["Quinn Ada Other", "Quinn Grace Other", "Quinn Other"])
    #expect(try await store.search(account: fixture.ada, query: "other", limit: 10).total == 0)
  }

  @Test func sparseMatchesComeFromTheSearchIndexInListOrder() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    // More than a search's candidates' worth of other contacts before any match.
    try await fixture.database.writer.write { db in
      try db.execute(
        sql: """
          WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
          INSERT INTO contact (accountId, name, sortKey, updatedAt) SELECT ?, 'Aa ' || i, 'aa ' || i, 0 FROM n
          """, arguments: [ContactStore.searchCandidateLimit * 2, fixture.ada])
    }
    let names = ["Zed Rare", "Mo Rare", "Émile Raré", "Bo Rare", "Zed Rare"]
    var inserted: [Int64: String] = [:]
    for name in names {
      inserted[try await fixture.store.insert(ContactDraft(name: name), account: fixture.ada).id] = name
    }
    _ = try await fixture.store.insert(ContactDraft(name: "Al Rare"), account: fixture.grace)
    let found = try await fixture.store.search(account: fixture.ada, query: "rare", limit: 4)
    #expect(found.contacts.map(\.name) == ["Bo Rare", "Émile Raré", "Mo Rare", "Zed Rare"])
    #expect(found.total == 5)
    #expect(found.isTotalExact)
    try await expectKeysInListOrder(fixture.database, account: fixture.ada)
  }

  @Test func aVersion1DatabaseIsMigrated() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    try await makeDatabase(
      at: path, upTo: "v1: accounts, contacts, search",
      rows: """
        INSERT INTO account (email, passwordHash, createdAt) VALUES ('a@example.com', 'x', 0), ('b@example.com', 'x', 0);
        INSERT INTO contact (accountId, name, sortKey, email, updatedAt) VALUES
          (1, 'Zoë', 'zoe', 'zoe@example.com', 0), (2, 'Ada', 'ada', '', 0), (1, 'Ada', 'ada', '', 0),
          (1, 'Ada', 'ada', 'second@example.com', 0);
        """)
    // People are told before the upgrade, with the number of contacts it covers; once only.
    var upgrades: [Int] = []
    _ = try ContactsDatabase.open(at: path) { upgrades.append($0.contacts) }
    #expect(upgrades == [4])
    let database = try ContactsDatabase.open(at: path) { upgrades.append($0.contacts) }
    #expect(upgrades == [4])
    try await expectKeysInListOrder(database, account: 1)
    try await expectKeysInListOrder(database, account: 2)
    let store = ContactStore(database: database)
    #expect(try await store.search(account: 1, query: "ada", limit: 5).contacts.map(\.id) == [3, 4])
    #expect(try await store.search(account: 1, query: "zoe", limit: 5).contacts.map(\.id) == [1])
    #expect(try await store.search(account: 2, query: "a", limit: 5).contacts.map(\.id) == [2])
    // The triggers are the new ones: later contacts get keys too.
    let late = try await store.insert(ContactDraft(name: "Ada"), account: 1)
    #expect(try await store.search(account: 1, query: "ada", limit: 5).contacts.map(\.id) == [3, 4, late.id])
    try await expectKeysInListOrder(database, account: 1)
  }
}

/// List keys for a batch of new contacts written together (a first download).
@Suite struct ListKeySpreadTests {
  let account: Int64 = 3
  var first: Int64 { account << ContactsSchema.accountKeyBits }
  var last: Int64 { (account + 1) << ContactsSchema.accountKeyBits }

  @Test func contactsBetweenTwoNeighboursShareTheirGapEvenly() throws {
    let around = ListKeySpread.Neighbours(previous: first + 100, next: first + 200)
    let keys = try #require(ListKeySpread.keys(for: [around, around, around], account: account))
    #expect(keys == [first + 125, first + 150, first + 175])
  }

  @Test func contactsAtTheEndsStepByTheUsualGapInOrder() throws {
    let gap = ContactsSchema.listKeyGap
    let tail = ListKeySpread.Neighbours(previous: first + 10, next: nil)
    let head = ListKeySpread.Neighbours(previous: nil, next: last - 10)
    let keys = try #require(ListKeySpread.keys(for: [head, head, tail, tail], account: account))
    #expect(keys == [last - 10 - 2 * gap, last - 10 - gap, first + 10 + gap, first + 10 + 2 * gap])
    let empty = try #require(ListKeySpread.keys(for: [.init(), .init()], account: account))
    #expect(empty == [first + gap, first + 2 * gap])
  }

  @Test func aGapTooSmallGivesNoKeys() {
    let around = ListKeySpread.Neighbours(previous: first + 100, next: first + 102)
    #expect(ListKeySpread.keys(for: [around], account: account) != nil)
    #expect(ListKeySpread.keys(for: [around, around], account: account) == nil)
  }
}
