import ContactsModel
import Foundation
import GRDB
import Testing

@testable import ContactsServices

struct SearchAndCountTests {
  @Test func countFollowsInsertsDeletesAndMovesPerAccount() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let store = fixture.store
    var adas: [Contact] = []
    for name in ["Ada", "Zoë", "李小龍"] {
      adas.append(try await store.insert(ContactDraft(name: name), account: fixture.ada))
    }
    _ = try await store.insert(ContactDraft(name: "Grace"), account: fixture.grace)
    #expect(try await store.count(account: fixture.ada) == 3)
    #expect(try await store.count(account: fixture.grace) == 1)
    try await store.delete(id: adas[0].id, account: fixture.ada)
    _ = try await store.update(id: adas[1].id, with: ContactDraft(name: "Zoe"), account: fixture.ada)
    #expect(try await store.count(account: fixture.ada) == 2)
    #expect(try await store.count(account: fixture.grace) == 1)
    // A contact moved to another account (no API does it, but the count must not drift).
    let moved = adas[2].id
    try await fixture.database.writer.write { db in
      try db.execute(sql: "UPDATE contact SET accountId = ? WHERE id = ?", arguments: [fixture.grace, moved])
    }
    #expect(try await store.count(account: fixture.ada) == 1)
    #expect(try await store.count(account: fixture.grace) == 2)
    #expect(try await store.count(account: 999) == 0)
  }

  @Test func seedingKeepsTheCountTheSearchIndexAndTheListInStep() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let store = fixture.store
    _ = try await store.insert(ContactDraft(name: "Zoë Early"), account: fixture.ada)
    let seeder = Seeder(database: fixture.database, accounts: fixture.accounts)
    try await seeder.addContacts(300, to: fixture.ada)
    try await seeder.addContacts(200, to: fixture.ada)
    try await seeder.addContacts(50, to: fixture.grace)
    #expect(try await store.count(account: fixture.ada) == 501)
    #expect(try await fixture.database.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    #expect(try await store.count(account: fixture.grace) == 50)
    let counted = try await fixture.database.writer.read { db in
      try Int.fetchAll(db, sql: "SELECT COUNT(*) FROM contact GROUP BY accountId ORDER BY accountId")
    }
    #expect(counted == [501, 50])
    // The sort index every page is read through is back, whichever way the seed went.
    let indexes = try await fixture.database.writer.read { db in
      try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'contact'")
    }
    #expect(indexes.contains("contact_by_account_sortKey"))
    // The triggers are back: a later insert is counted and searchable.
    let late = try await store.insert(ContactDraft(name: "Quentin Late"), account: fixture.ada)
    #expect(try await store.count(account: fixture.ada) == 502)
    #expect(try await store.search(account: fixture.ada, query: "quent", limit: 5).contacts == [late])
    // The search index agrees with the contacts: every seeded email is found.
    try await fixture.database.checkSearchIndex()
    let generated = ContactGenerator().contact(400)
    let found = try await store.search(account: fixture.ada, query: generated.email, limit: 5)
    #expect(found.contacts.map(\.name) == [generated.name])
    // The whole list, in order, is what the generator made.
    var all: [Contact] = []
    var page = try await store.page(account: fixture.ada, after: nil, limit: 100)
    while !page.isEmpty {
      all += page
      page = try await store.page(account: fixture.ada, after: page.last!.position, limit: 100)
    }
    let expected = ["Zoë Early", "Quentin Late"] + (1..<501).map { ContactGenerator().contact($0).name }
    #expect(all.map(\.name).sorted() == expected.sorted())
    let positions = all.map(\.position)
    #expect(
      positions
        == positions.sorted {
          $0.sortKey == $1.sortKey ? $0.id < $1.id : $0.sortKey.utf8.lexicographicallyPrecedes($1.sortKey.utf8)
        })
  }

  @Test func aFailedSeedLeavesTheDatabaseAsItWas() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let seeder = Seeder(database: fixture.database, accounts: fixture.accounts)
    try await seeder.addContacts(20, to: fixture.ada)
    let schema = try await fixture.database.writer.read { db in
      try String.fetchAll(db, sql: "SELECT name || ':' || ifnull(sql, '') FROM sqlite_master ORDER BY name")
    }
    // No such account: the first insert breaks the foreign key, after the seed has dropped the
    // triggers and the index.
    await #expect(throws: DatabaseError.self) { try await seeder.addContacts(1000, to: 999) }
    let after = try await fixture.database.writer.read { db in
      try String.fetchAll(db, sql: "SELECT name || ':' || ifnull(sql, '') FROM sqlite_master ORDER BY name")
    }
    #expect(after == schema)
    #expect(try await fixture.store.count(account: fixture.ada) == 20)
    #expect(try await fixture.database.writer.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM contact") } == 20)
    #expect(try await fixture.database.writer.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") } == -2000)
    let modes = try await fixture.database.writer.write { db in
      [try String.fetchOne(db, sql: "PRAGMA journal_mode"), try String.fetchOne(db, sql: "PRAGMA synchronous")]
    }
    #expect(modes == ["wal", "1"])
  }

  @Test func searchReturnsTheFirstMatchesInListOrderWithACappedTotal() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let store = fixture.store
    let names = ["zoe b", "Zoë a", "Ada Zola", "Zed", "Émile Zoé", "Bob", "zoé a"]
    var inserted: [Contact] = []
    for name in names { inserted.append(try await store.insert(ContactDraft(name: name), account: fixture.ada)) }
    _ = try await store.insert(ContactDraft(name: "Zoë Other"), account: fixture.grace)
    let result = try await store.search(account: fixture.ada, query: "zo", limit: 3)
    #expect(result.contacts.map(\.name) == ["Ada Zola", "Émile Zoé", "Zoë a"])
    #expect(result.total == 5)
    #expect(result.isTotalExact)
    let all = try await store.search(account: fixture.ada, query: "ZOE", limit: 10)
    #expect(all.contacts.map(\.name) == ["Émile Zoé", "Zoë a", "zoé a", "zoe b"])
    #expect(
      try await store.search(account: fixture.ada, query: "zoe a", limit: 10).contacts.map(\.name) == [
        "Zoë a", "zoé a",
      ])
    #expect(
      try await store.search(account: fixture.ada, query: "a zoe", limit: 10).contacts.map(\.name) == [
        "Zoë a", "zoé a",
      ])
  }

  @Test func totalsStopAtTheCountLimitOnEveryPath() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let limit = ContactStore.searchCountLimit
    try await insertManyContacts(fixture)
    // Cut to "com": the candidates match densely.
    let dense = try await fixture.store.search(account: fixture.ada, query: "common", limit: 2)
    #expect(dense.total == limit)
    #expect(!dense.isTotalExact)
    #expect(dense.contacts.map(\.name) == ["Common 0", "Common 1"])
    // "lat" gives the candidates and "1" is tested on each: the matches are in list order.
    let sorted = try await fixture.store.search(account: fixture.ada, query: "late 1", limit: 4)
    #expect(sorted.total == limit)
    #expect(!sorted.isTotalExact)
    #expect(sorted.contacts.map(\.name) == ["Zz Late 1", "Zz Late 10", "Zz Late 100", "Zz Late 1000"])
    // Words of up to three characters: the index's own answer.
    let late = try await fixture.store.search(account: fixture.ada, query: "zz", limit: 2)
    #expect(late.total == limit)
    #expect(!late.isTotalExact)
    #expect(late.contacts.map(\.name) == ["Zz Late 0", "Zz Late 1"])
    // Few among many candidates: the rare word joins the query whole.
    let few = try await fixture.store.search(account: fixture.ada, query: "late 1000", limit: 3)
    #expect(few.total == 11)
    #expect(few.isTotalExact)
    #expect(few.contacts.map(\.name) == ["Zz Late 1000", "Zz Late 10000", "Zz Late 10001"])
    #expect(
      try await fixture.store.search(account: fixture.grace, query: "zz", limit: 2)
        == .init(contacts: [], total: 0, isTotalExact: true))
  }

  /// Whatever way a search goes (the index's answer for short words, candidates tested as they
  /// are read and read on when they promise the count, a rare word joining the query whole, one
  /// letter words left to the test), its answer is SQLite's for the whole query.
  @Test func everyWayOfSearchingGivesTheIndexsAnswer() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    try await insertManyContacts(fixture)
    let queries = [
      "c", "5", "z 1", "co", "zz", "late 1", "late 1000", "late 12345", "common 7", "fivex", "fivey mix", "mix 3",
      "mix fivex 1", "xyz", "com", "l 1 2", "1 555", "1555 1", "555 14", "15551", "fivex 8 1", "examp", "c1@",
      "zz lat 1 0", "",
    ]
    for query in queries {
      let expected = try await fixture.database.writer.read { db -> [String] in
        guard let terms = SearchTerms(query) else { return [] }
        return try String.fetchAll(
          db,
          sql: """
            SELECT contact.name FROM contact_search CROSS JOIN contact ON contact.listKey = contact_search.rowid
            WHERE contact_search MATCH ? AND contact.accountId = ? ORDER BY contact.sortKey, contact.id
            """, arguments: [terms.pattern, fixture.ada])
      }
      let limit = ContactStore.searchCountLimit
      let result = try await fixture.store.search(account: fixture.ada, query: query, limit: 50)
      #expect(result.contacts.map(\.name) == Array(expected.prefix(50)), "\(query)")
      #expect(result.total == min(expected.count, limit), "\(query)")
      #expect(result.isTotalExact == (expected.count <= limit), "\(query)")
    }
  }

  /// "Common" contacts at the start of the list, "Mix" ones after them (one in six works at
  /// "Fivex", the others at "Fivey": "fivex" is a sixth of the candidates "fiv" gives, more than
  /// the first budget's worth to find the count), and many "Zz Late" ones at the end. Inserted
  /// with their list keys, in one statement: numbering them one by one would take minutes.
  private func insertManyContacts(_ fixture: TwoAccounts) async throws {
    try await fixture.database.writer.write { db in
      try db.execute(
        sql: """
          WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 15000),
          rows(name, email, phone, phoneWords, company) AS (
            SELECT 'Common ' || i, 'c' || i || '@example.com', '+1 555 ' || i, '1555' || i || ' 555' || i || ' ' || i, ''
            FROM n WHERE i < 1500
            UNION ALL SELECT 'Mix ' || i, '', '', '', CASE WHEN i % 6 = 0 THEN 'Fivex' ELSE 'Fivey' END FROM n WHERE i < 9000
            UNION ALL SELECT 'Zz Late ' || i, '', '', '', '' FROM n)
          INSERT INTO contact (accountId, name, sortKey, email, phone, phoneWords, company, updatedAt, listKey)
          SELECT ?1, name, lower(name), email, phone, phoneWords, company, 0,
            (?1 << \(ContactsSchema.accountKeyBits)) + row_number() OVER (ORDER BY lower(name)) * 65536
          FROM rows ORDER BY lower(name)
          """, arguments: [fixture.ada])
    }
  }

  @Test func theSeedersRowsAreTheGeneratorsContacts() {
    let generator = ContactGenerator()
    var rows = ContactGenerator.Rows()
    let indices = Array(0..<3000) + [123_456_789, 9_999_999]
    for index in indices { generator.append(index, to: &rows) }
    #expect(rows.count == indices.count)
    var start = 0
    for (row, index) in indices.enumerated() {
      var fields: [String] = []
      for field in 0..<ContactGenerator.Rows.fieldsPerRow {
        let end = rows.ends[row * ContactGenerator.Rows.fieldsPerRow + field]
        fields.append(String(decoding: rows.bytes[start..<end], as: UTF8.self))
        start = end
      }
      let contact = generator.contact(index)
      #expect(
        fields == [
          contact.name, ContactStore.sortKey(for: contact.name), contact.email, contact.phone,
          ExtraSearchWords.of(phone: contact.phone, name: contact.name, company: contact.company), contact.company,
          contact.address,
        ])
    }
    #expect(ContactGenerator.table.names.contains("Zoë Ångström"))
    #expect(ContactGenerator.table.names.contains("李小龍"))
    // Email handles fold accents instead of dropping the letters.
    let handles = Dictionary(
      zip(ContactGenerator.table.names, ContactGenerator.table.handles), uniquingKeysWith: { first, _ in first })
    #expect(handles["Zoë Ångström"] == "zoe.angstrom")
    #expect(handles["Søren Núñez"] == "soren.nunez")
    #expect(handles["李小龍"] == "contact")
    #expect(generator.contact(0) == generator.contact(0))
  }
}
