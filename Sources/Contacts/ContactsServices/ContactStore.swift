public import ContactsModel
import Foundation
import GRDB
import GRDBSQLite

/// Candidates for a search in list order, each tested against the search as it is read: the
/// statement gives `listKey, sortKey, email, phoneWords, company`; SQLite's text is read straight
/// from it, no `Row` or `String` per contact.
struct SearchScan: ~Copyable {
  private let statement: Statement
  private var matcher: SearchMatcher
  private var isExhausted = false
  /// How many candidates lacked each word.
  private var misses: [Int]

  /// When set, the statement gives each candidate's book sixth, and only this book's match.
  private let book: Int64?

  init(_ statement: Statement, terms: SearchTerms, book: Int? = nil) {
    self.statement = statement
    self.book = book.map(Int64.init)
    matcher = SearchMatcher(terms)
    misses = Array(repeating: 0, count: terms.words.count)
  }

  /// The word most candidates lacked, if any lacked one: the one to look for first.
  var rarestWord: Int? {
    misses.indices.max { misses[$0] < misses[$1] }.flatMap { misses[$0] > 0 ? $0 : nil }
  }

  /// Reads on until `found` has `count` list keys, the candidates end (then true), or `budget`
  /// candidates have been read.
  mutating func next(into found: inout [Int64], until count: Int, budget: Int) throws -> Bool {
    let handle = statement.sqliteStatement
    var read = 0
    while !isExhausted && found.count < count && read < budget {
      let code = sqlite3_step(handle)
      guard code == SQLITE_ROW else {
        isExhausted = true
        guard code == SQLITE_DONE else {
          throw DatabaseError(resultCode: ResultCode(rawValue: code), sql: statement.sql)
        }
        break
      }
      read += 1
      if let book, sqlite3_column_int64(handle, 5) != book { continue }
      func text(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
          start: sqlite3_column_text(handle, column), count: Int(sqlite3_column_bytes(handle, column)))
      }
      let words = matcher.wordsFound(sortKey: text(1), text(2), text(3), text(4))
      if words == matcher.all {
        found.append(sqlite3_column_int64(handle, 0))
      } else {
        for word in misses.indices where words & (1 << UInt64(word)) == 0 { misses[word] += 1 }
      }
    }
    return isExhausted
  }

  deinit { sqlite3_reset(statement.sqliteStatement) }
}

/// One account's contacts: counts, keyset pages, search, and transactional saves. Another
/// account's contacts are never visible: every query is scoped by account.
public final class ContactStore: Sendable {
  let database: ContactsDatabase
  let now: @Sendable () -> Date
  /// The country of phone numbers written without a country code (an ISO 3166-1 code, see
  /// `PhoneRegion`), for telling which numbers are one: in the search for duplicates and when
  /// an import merges a card into a contact. Nil compares such numbers by their digits.
  public let phoneRegion: String?

  public init(
    database: ContactsDatabase, phoneRegion: String? = nil, now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.database = database
    self.phoneRegion = phoneRegion
    self.now = now
  }

  /// The database file, so that a refused write can be told apart: full disk or failing one.
  public var databasePath: String { database.path }

  /// The sort order people expect: case and accents folded ("zoë" with "Zoe"), then by id.
  public static func sortKey(for name: String) -> String {
    ContactPosition.sortKey(for: name)
  }

  /// How many contacts the account has: one row read (the triggers keep the count). With
  /// `book`, how many of them are in that address book: a range of the `contact_by_book` index
  /// counted (schema v10).
  public func count(account: Int64, book: Int? = nil) async throws -> Int {
    try await database.writer.read { db in
      if let book {
        return try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM contact WHERE accountId = ? AND book = ?", arguments: [account, book]) ?? 0
      }
      return try Int.fetchOne(db, sql: "SELECT contactCount FROM account WHERE id = ?", arguments: [account]) ?? 0
    }
  }

  /// Up to `limit` contacts after `position` (from the start when nil), in order; with `book`,
  /// of that address book alone.
  public func page(account: Int64, book: Int? = nil, after position: ContactPosition?, limit: Int) async throws
    -> [Contact]
  {
    try await page(account: account, book: book, beyond: position, forward: true, limit: limit)
  }

  /// Up to `limit` contacts before `position` (the end when nil), in order; with `book`, of
  /// that address book alone.
  public func page(account: Int64, book: Int? = nil, before position: ContactPosition?, limit: Int) async throws
    -> [Contact]
  {
    try await page(account: account, book: book, beyond: position, forward: false, limit: limit)
  }

  /// One keyset page: a range scan of the (account, sortKey, id) index from `position` in the
  /// given direction, or of the (account, book, sortKey, id) one for a book, returned in list
  /// order.
  private func page(account: Int64, book: Int?, beyond position: ContactPosition?, forward: Bool, limit: Int)
    async throws -> [Contact]
  {
    let comparison = forward ? ">" : "<"
    let order = forward ? "sortKey, id" : "sortKey DESC, id DESC"
    var (condition, arguments) = Self.scope(account: account, book: book)
    if let position {
      condition += " AND (sortKey, id) \(comparison) (?, ?)"
      arguments += [position.sortKey, position.id]
    }
    arguments += [limit]
    let sql = "SELECT * FROM contact WHERE \(condition) ORDER BY \(order) LIMIT ?"
    let query = arguments
    let contacts = try await database.writer.read { db in
      try Row.fetchAll(db, sql: sql, arguments: query).map(StoredContact.contact)
    }
    return forward ? contacts : contacts.reversed()
  }

  /// How many contacts come before `position`: the absolute index of a contact in the list
  /// (in the list of `book` alone, when given).
  public func index(of position: ContactPosition, account: Int64, book: Int? = nil) async throws -> Int {
    var (condition, arguments) = Self.scope(account: account, book: book)
    arguments += [position.sortKey, position.id]
    let sql = "SELECT COUNT(*) FROM contact WHERE \(condition) AND (sortKey, id) < (?, ?)"
    let query = arguments
    return try await database.writer.read { db in
      try Int.fetchOne(db, sql: sql, arguments: query) ?? 0
    }
  }

  /// The condition on `contact` that keeps the account's contacts, or those of its book `book`,
  /// and its arguments: the leading columns of `contact_by_account_sortKey` or of
  /// `contact_by_book`, so that what follows is a range of that index.
  static func scope(account: Int64, book: Int?) -> (condition: String, arguments: StatementArguments) {
    guard let book else { return ("accountId = ?", [account]) }
    return ("accountId = ? AND book = ?", [account, book])
  }

  public func contact(id: Int64, account: Int64) async throws -> Contact? {
    try await database.writer.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM contact WHERE id = ? AND accountId = ?", arguments: [id, account])
        .map(StoredContact.contact)
    }
  }

  /// Search totals stop at this many matches ("1,000+").
  public static let searchCountLimit = 1000
  /// How many candidates a search tests before it decides how to go on.
  static let searchCandidateBudget = 4000
  /// How many candidates a search tests at most, when the matches among the first budget's
  /// promise the count within that many.
  static let searchCandidateLimit = 12_000
  /// A book of at most this many contacts is searched by reading its own contacts in list order
  /// (a range of `contact_by_book`), each tested as it is read, rather than by the search index:
  /// the index gives the whole account's matches, and a small book's are rare among them ("a"
  /// in a 10,000-contact book among a million: 100,000 candidates read for its 1,001). Reading
  /// the book costs at most this many rows, whatever the query.
  public static let smallBookLimit = 20_000

  /// The first `limit` contacts, in list order, whose name, email, phone or company has words
  /// starting with each word of `query` (case and accents ignored, and letters such as "ø" and
  /// "ł" matched by their plain spellings: `PlainSpellings`), and how many match, counted
  /// up to `searchCountLimit`. A query that reads as a phone number matches the numbers whose
  /// digits, from the start of one of their groups, start with its digits (`PhoneWords`); it is
  /// looked up whole (see `SearchTerms.candidates`).
  ///
  /// The search index's rowids are list keys (see `ContactsSchema.migrateToListKeys`), so it
  /// gives an account's matches in list order and the first `searchCountLimit` + 1 of them are
  /// the page and the count, with no sort. What that costs is how SQLite answers a prefix: one
  /// of up to `ContactsSchema.indexedPrefix` characters has its own list of contacts, streamed from
  /// the first; a longer one is answered by gathering every posting of every word that starts
  /// with it before the first row comes out (about 0.25 µs each: "nowak" is 300,000 different
  /// words at 10M contacts, with the numbers of email addresses). So longer words are cut to
  /// that length ("nowak" → "now"), and the contacts the cut words give, in list order, are
  /// tested against the whole words as they are read (`SearchScan`): a few thousand candidates
  /// give the first matches when the words are common among their prefix's. When they are rare
  /// among them ("johnson17" among the "joh…"), the word most candidates lacked joins the query
  /// whole (few postings to gather, since it is rare) and the fewer contacts it gives are
  /// tested: a common word is never gathered whole ("example" is in 10M email addresses).
  ///
  /// With `book`, only the contacts of that address book match: the search index's candidates
  /// are tested for the book as they are read, as for the words. The index gives the whole
  /// account's matches, and a small book's may be rare among them ("a" in a 10,000-contact book
  /// among a million: 100,000 candidates for its 1,001 matches). So in a book of at most
  /// `smallBookLimit` contacts the index's candidates are read only while they number fewer than
  /// the book's contacts; then the book itself is read in list order (a range of
  /// `contact_by_book`) and each contact tested: a search there reads at most about twice the
  /// book, however common its words are in the account, and a rare word still costs next to
  /// nothing.
  public func search(account: Int64, book: Int? = nil, query: String, limit: Int) async throws
    -> ContactSearchResult
  {
    try await search(account: account, book: book, query: query, limit: limit, smallBookLimit: Self.smallBookLimit)
  }

  /// `search(account:book:query:limit:)` with the size up to which a book may be read whole
  /// (0: never), for `contacts bench-search --small-book-limit` to compare the ways side by side.
  public func search(account: Int64, book: Int?, query: String, limit: Int, smallBookLimit: Int) async throws
    -> ContactSearchResult
  {
    try await search(
      account: account, book: book, query: query, limit: limit, smallBookLimit: smallBookLimit,
      indexCandidates: { max($0, 100) })
  }

  /// `indexCandidates(size)`: how many of the index's candidates a search in a small book of
  /// `size` contacts reads before it reads the book instead (the tests force either way).
  func search(
    account: Int64, book: Int?, query: String, limit: Int, smallBookLimit: Int,
    indexCandidates: @Sendable (Int) -> Int
  ) async throws -> ContactSearchResult {
    guard let terms = SearchTerms(query), limit > 0 else {
      return ContactSearchResult(contacts: [], total: 0, isTotalExact: true)
    }
    let countLimit = Self.searchCountLimit
    let keys = Self.listKeyRange(of: account)
    let bookArguments: StatementArguments = book.map { [$0] } ?? []
    let matchesSQL = book == nil ? Self.matchesSQL : Self.matchesInBookSQL
    let candidatesSQL = book == nil ? Self.candidatesSQL : Self.candidatesInBookSQL
    let candidates = terms.candidates(indexedPrefix: ContactsSchema.indexedPrefix)
    return try await database.writer.read { db in
      if let book, let size = try Self.size(db, ofBook: book, account: account, upTo: smallBookLimit) {
        let wanted = countLimit + 1
        var found: [Int64] = []
        let statement = try db.cachedStatement(sql: Self.candidatesWithBookSQL)
        statement.setUncheckedArguments([candidates.pattern] + keys)
        var fromIndex = SearchScan(statement, terms: terms, book: book)
        let isExhausted = try fromIndex.next(into: &found, until: wanted, budget: indexCandidates(size))
        if !isExhausted && found.count < wanted {
          // The book's matches are rare among the account's: reading the book costs less.
          let statement = try db.cachedStatement(sql: Self.bookContactsSQL)
          statement.setUncheckedArguments([account, book])
          var fromBook = SearchScan(statement, terms: terms)
          found = []
          _ = try fromBook.next(into: &found, until: wanted, budget: .max)
        }
        return try Self.result(db, matches: found, limit: limit, countLimit: countLimit)
      }
      if candidates.isExact {
        let found = try Int64.fetchAll(
          db, sql: matchesSQL, arguments: [candidates.pattern] + keys + bookArguments + [countLimit + 1])
        return try Self.result(db, matches: found, limit: limit, countLimit: countLimit)
      }
      let statement = try db.cachedStatement(sql: candidatesSQL)
      statement.setUncheckedArguments([candidates.pattern] + keys + bookArguments)
      var scan = SearchScan(statement, terms: terms)
      var found: [Int64] = []
      let wanted = countLimit + 1
      var isExhausted = try scan.next(into: &found, until: wanted, budget: Self.searchCandidateBudget)
      // At the same rate, will the matches be in by the limit? Then read on.
      if !isExhausted && found.count < wanted && !found.isEmpty
        && Self.searchCandidateBudget * wanted / found.count <= Self.searchCandidateLimit
      {
        isExhausted = try scan.next(
          into: &found, until: wanted, budget: Self.searchCandidateLimit - Self.searchCandidateBudget)
      }
      if !isExhausted && found.count < wanted, let rarest = scan.rarestWord {
        // The matches are rare among the candidates: the word most of them lacked joins the
        // query whole, and the fewer contacts it gives are tested.
        let statement = try db.makeStatement(sql: candidatesSQL)
        let pattern = terms.candidates(indexedPrefix: ContactsSchema.indexedPrefix, keepingWhole: rarest).pattern
        statement.setUncheckedArguments([pattern] + keys + bookArguments)
        var rare = SearchScan(statement, terms: terms)
        found = []
        _ = try rare.next(into: &found, until: wanted, budget: .max)
      }
      return try Self.result(db, matches: found, limit: limit, countLimit: countLimit)
    }
  }

  /// The account's matches: its list keys are one range of rowids (arguments: the FTS5 query,
  /// then `listKeyRange(of:)`).
  static let matchingSQL = "contact_search MATCH ? AND contact_search.rowid >= ? AND contact_search.rowid < ?"

  /// The list keys of the account's matches in list order, up to a limit (the last argument).
  static let matchesSQL = """
    SELECT contact_search.rowid FROM contact_search WHERE \(matchingSQL) ORDER BY contact_search.rowid LIMIT ?
    """

  /// The list keys of the matches in one book (the argument after the key range), in list order.
  static let matchesInBookSQL = """
    SELECT contact_search.rowid FROM contact_search CROSS JOIN contact ON contact.listKey = contact_search.rowid
    WHERE \(matchingSQL) AND contact.book = ? ORDER BY contact_search.rowid LIMIT ?
    """

  /// The contacts a query gives, in list order, with the columns `SearchScan` tests.
  static let candidatesSQL = """
    SELECT contact.listKey, contact.sortKey, contact.email, contact.phoneWords, contact.company
    FROM contact_search CROSS JOIN contact ON contact.listKey = contact_search.rowid
    WHERE \(matchingSQL) ORDER BY contact_search.rowid
    """

  /// `candidatesSQL` for the contacts of one book (the argument after the key range).
  static let candidatesInBookSQL = """
    SELECT contact.listKey, contact.sortKey, contact.email, contact.phoneWords, contact.company
    FROM contact_search CROSS JOIN contact ON contact.listKey = contact_search.rowid
    WHERE \(matchingSQL) AND contact.book = ? ORDER BY contact_search.rowid
    """

  /// A book's contacts in list order, a range of `contact_by_book`, with the columns
  /// `SearchScan` tests (arguments: the account, the book).
  static let bookContactsSQL = """
    SELECT listKey, sortKey, email, phoneWords, company FROM contact
    WHERE accountId = ? AND book = ? ORDER BY sortKey, id
    """

  /// `candidatesSQL` with each candidate's book sixth, for `SearchScan` to test.
  static let candidatesWithBookSQL = """
    SELECT contact.listKey, contact.sortKey, contact.email, contact.phoneWords, contact.company, contact.book
    FROM contact_search CROSS JOIN contact ON contact.listKey = contact_search.rowid
    WHERE \(matchingSQL) ORDER BY contact_search.rowid
    """

  /// How many contacts `book` has, if at most `limit` (counted no further than that).
  static func size(_ db: Database, ofBook book: Int, account: Int64, upTo limit: Int) throws -> Int? {
    guard limit > 0 else { return nil }
    let counted =
      try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM contact WHERE accountId = ? AND book = ? LIMIT ?)",
        arguments: [account, book, limit == .max ? -1 : limit + 1]) ?? 0
    return counted <= limit ? counted : nil
  }

  /// The first and the end of the account's list keys.
  static func listKeyRange(of account: Int64) -> StatementArguments {
    let bits = ContactsSchema.accountKeyBits
    return [account << bits, (account + 1) << bits]
  }

  /// The contacts with `listKeys`, in that order.
  static func contacts(_ db: Database, listKeys: [Int64]) throws -> [Contact] {
    let rows = try Row.fetchAll(
      db, sql: "SELECT * FROM contact WHERE listKey IN (\(databaseQuestionMarks(count: listKeys.count)))",
      arguments: StatementArguments(listKeys))
    let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0["listKey"] as Int64, $0) })
    return listKeys.compactMap { byKey[$0].map(StoredContact.contact) }
  }

  /// The result for matches in list order, given by their list keys (at most `countLimit` + 1
  /// of them).
  private static func result(_ db: Database, matches: [Int64], limit: Int, countLimit: Int) throws
    -> ContactSearchResult
  {
    ContactSearchResult(
      contacts: try contacts(db, listKeys: Array(matches.prefix(limit))), total: min(matches.count, countLimit),
      isTotalExact: matches.count <= countLimit)
  }

  public func delete(id: Int64, account: Int64) async throws {
    try await database.writer.write { db in
      try db.execute(sql: "DELETE FROM contact WHERE id = ? AND accountId = ?", arguments: [id, account])
      guard db.changesCount == 1 else { throw StoreError.notFound }
    }
  }
}
