public import ContactsModel
import GRDB

extension ContactStore {
  /// Calls `body` with each of the account's contacts in list order, or, with a `query`, each
  /// contact the app's search would find for it. Reads one snapshot of the database and holds
  /// a page of contacts at a time, so memory stays flat however many there are. Blocks the
  /// calling thread while it reads (a command line's export, not a screen's).
  public func forEachContact(
    account: Int64, matching query: String? = nil, _ body: (Contact) throws -> Void
  ) throws {
    try database.writer.read { db in
      guard let query, let terms = SearchTerms(query) else {
        if query != nil { return }
        let rows = try Row.fetchCursor(
          db, sql: "SELECT * FROM contact WHERE accountId = ? ORDER BY sortKey, id", arguments: [account])
        while let row = try rows.next() { try body(StoredContact.contact(row)) }
        return
      }
      try Self.forEachMatch(of: terms, account: account, db, body)
    }
  }

  /// The matches of `terms`, as `search` finds them but all of them: the index's candidates
  /// for the words cut to the indexed prefix, each tested against the whole words.
  private static func forEachMatch(
    of terms: SearchTerms, account: Int64, _ db: Database, _ body: (Contact) throws -> Void
  ) throws {
    let bits = ContactsSchema.accountKeyBits
    let candidates = terms.candidates(indexedPrefix: ContactsSchema.indexedPrefix)
    let statement = try db.makeStatement(
      sql: """
        SELECT contact.listKey, contact.sortKey, contact.email, contact.phoneWords, contact.company
        FROM contact_search CROSS JOIN contact ON contact.listKey = contact_search.rowid
        WHERE contact_search MATCH ? AND contact_search.rowid >= ? AND contact_search.rowid < ?
        ORDER BY contact_search.rowid
        """)
    statement.setUncheckedArguments([candidates.pattern, account << bits, (account + 1) << bits])
    var scan = SearchScan(statement, terms: terms)
    var found: [Int64] = []
    var isExhausted = false
    while !isExhausted {
      found.removeAll(keepingCapacity: true)
      isExhausted = try scan.next(into: &found, until: 500, budget: .max)
      guard !found.isEmpty else { continue }
      let rows = try Row.fetchAll(
        db, sql: "SELECT * FROM contact WHERE listKey IN (\(databaseQuestionMarks(count: found.count)))",
        arguments: StatementArguments(found))
      let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0["listKey"] as Int64, $0) })
      for key in found { if let row = byKey[key] { try body(StoredContact.contact(row)) } }
    }
  }
}
