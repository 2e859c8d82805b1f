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
    let statement = try db.makeStatement(sql: candidatesSQL)
    statement.setUncheckedArguments(
      [terms.candidates(indexedPrefix: ContactsSchema.indexedPrefix).pattern] + listKeyRange(of: account))
    var scan = SearchScan(statement, terms: terms)
    var found: [Int64] = []
    var isExhausted = false
    while !isExhausted {
      found.removeAll(keepingCapacity: true)
      isExhausted = try scan.next(into: &found, until: 500, budget: .max)
      guard !found.isEmpty else { continue }
      for contact in try contacts(db, listKeys: found) { try body(contact) }
    }
  }
}
