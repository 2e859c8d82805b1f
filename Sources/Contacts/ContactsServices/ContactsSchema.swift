import GRDB

/// The database schema, as migrations: add a migration, never edit one that has shipped.
enum ContactsSchema {
  static var migrator: DatabaseMigrator { migrator(progress: { _ in }) }

  /// The migrations; the long steps report their progress (0...1) to `progress` as they go.
  static func migrator(progress: @escaping @Sendable (Double) -> Void) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: accounts, contacts, search") { db in
      try db.create(table: "account") { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("email", .text).notNull().unique().collate(.nocase)
        table.column("passwordHash", .text).notNull()
        table.column("failedAttempts", .integer).notNull().defaults(to: 0)
        table.column("lockedUntil", .double)
        table.column("createdAt", .double).notNull()
        // How many contacts the account has, kept by the triggers below: counting 10M index
        // entries takes seconds, reading this takes microseconds.
        table.column("contactCount", .integer).notNull().defaults(to: 0)
      }
      try db.create(table: "contact") { table in
        table.autoIncrementedPrimaryKey("id")
        // Not indexed alone: contact_by_account_sortKey starts with accountId.
        table.belongsTo("account", onDelete: .cascade, indexed: false).notNull()
        table.column("name", .text).notNull()
        // Case- and diacritics-folded name: the sort order people expect.
        table.column("sortKey", .text).notNull()
        table.column("email", .text).notNull().defaults(to: "")
        table.column("phone", .text).notNull().defaults(to: "")
        table.column("company", .text).notNull().defaults(to: "")
        table.column("address", .text).notNull().defaults(to: "")
        table.column("notes", .text).notNull().defaults(to: "")
        table.column("updatedAt", .double).notNull()
      }
      // Keyset paging: every page is a range scan of this index.
      try db.create(index: "contact_by_account_sortKey", on: "contact", columns: ["accountId", "sortKey", "id"])
      // Full-text search over an external-content FTS5 table. Searches are all-words prefix
      // queries with no phrases, column filters or ranking, so the index keeps no positions
      // (detail=none) and no column sizes (columnsize=0): a third of the cost of building it at
      // 10M contacts. (v2 rebuilds it with list keys for rowids and prefix indexes.)
      try db.execute(
        sql: """
          CREATE VIRTUAL TABLE contact_search USING fts5(
            name, email, phone, company, content='contact', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2', detail=none, columnsize=0);
          CREATE TRIGGER contact_search_insert AFTER INSERT ON contact BEGIN
            INSERT INTO contact_search (rowid, name, email, phone, company)
            VALUES (new.id, new.name, new.email, new.phone, new.company);
          END;
          CREATE TRIGGER contact_search_delete AFTER DELETE ON contact BEGIN
            INSERT INTO contact_search (contact_search, rowid, name, email, phone, company)
            VALUES ('delete', old.id, old.name, old.email, old.phone, old.company);
          END;
          CREATE TRIGGER contact_search_update AFTER UPDATE OF name, email, phone, company ON contact BEGIN
            INSERT INTO contact_search (contact_search, rowid, name, email, phone, company)
            VALUES ('delete', old.id, old.name, old.email, old.phone, old.company);
            INSERT INTO contact_search (rowid, name, email, phone, company)
            VALUES (new.id, new.name, new.email, new.phone, new.company);
          END;
          CREATE TRIGGER contact_count_insert AFTER INSERT ON contact BEGIN
            UPDATE account SET contactCount = contactCount + 1 WHERE id = new.accountId;
          END;
          CREATE TRIGGER contact_count_delete AFTER DELETE ON contact BEGIN
            UPDATE account SET contactCount = contactCount - 1 WHERE id = old.accountId;
          END;
          CREATE TRIGGER contact_count_move AFTER UPDATE OF accountId ON contact
          WHEN old.accountId IS NOT new.accountId BEGIN
            UPDATE account SET contactCount = contactCount - 1 WHERE id = old.accountId;
            UPDATE account SET contactCount = contactCount + 1 WHERE id = new.accountId;
          END;
          """)
      try db.create(table: "setting") { table in
        table.primaryKey("key", .text)
        table.column("value", .text).notNull()
      }
    }
    migrator.registerMigration("v2: list keys for the search index") { db in
      try migrateToListKeys(db)
    }
    migrator.registerMigration("v3: phone numbers searched by their digits") { db in
      try migrateToPhoneWords(db)
    }
    migrator.registerMigration("v4: names found by their plain letters") { db in
      try migrateToPlainSpellings(db)
    }
    migrator.registerMigration("v5: whole cards and UIDs") { db in
      try migrateToCards(db, progress: progress)
    }
    migrator.registerMigration("v6: sync with a CardDAV server") { db in
      try migrateToSync(db)
    }
    migrator.registerMigration("v7: contacts kept apart as not duplicates") { db in
      try migrateToKeptApart(db)
    }
    migrator.registerMigration("v8: a sync item's base is its contact's card until it changes") { db in
      try migrateToBaseFromCard(db)
    }
    migrator.registerMigration("v9: several address books per account") { db in
      try migrateToSeveralBooks(db)
    }
    migrator.registerMigration("v10: each contact's address book, indexed for the list") { db in
      try migrateToContactBooks(db)
    }
    migrator.registerMigration("v11: a contact moving to another book keeps its old copy until the new one is stored") {
      db in
      try migrateToBookMoves(db)
    }
    return migrator
  }

  /// About how many minutes the migration called `name` takes per million contacts (measured:
  /// Benchmarks/README.md, "Upgrading older databases"), for the upgrade's estimate.
  static func minutesPerMillion(_ name: String) -> Double {
    if ["v1:", "v6:", "v7:", "v8:", "v9:", "v11:"].contains(where: name.hasPrefix) { return 0 }
    // v10 rewrites each linked contact's row (13 s at a million, all linked; 2 s unlinked).
    if name.hasPrefix("v10:") { return 1.0 / 5 }
    return name.hasPrefix("v5") ? 1.0 / 8 : 1.0 / 2
  }

  /// An SQL expression for a new random UUID (version 4), lower-case as RFC 9562 writes it.
  static let randomUUID = """
    lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
      || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
    """

  /// v5: every contact gets a UID (kept for ever: sync and re-imports find it by it) and a
  /// column for its whole card (vCard 4.0), which holds every field and whatever else the card
  /// had. Contacts from before keep NULL there: their columns are the whole contact, and their
  /// card is made from them when it is first written. UIDs are given in batches of ids, so the
  /// upgrade can say how far it is.
  static func migrateToCards(_ db: Database, progress: (Double) -> Void) throws {
    try db.execute(
      sql: """
        ALTER TABLE contact ADD COLUMN uid TEXT;
        ALTER TABLE contact ADD COLUMN card TEXT;
        """)
    let bounds = try Row.fetchOne(db, sql: "SELECT ifnull(min(id), 0) AS low, ifnull(max(id), 0) AS high FROM contact")
    let low: Int64 = bounds?["low"] ?? 0
    let high: Int64 = bounds?["high"] ?? 0
    let batch: Int64 = 100_000
    var start = low
    let statement = try db.makeStatement(sql: "UPDATE contact SET uid = \(randomUUID) WHERE id >= ? AND id < ?")
    while start <= high && high > 0 {
      try statement.execute(arguments: [start, start + batch])
      start += batch
      progress(Double(start - low) / Double(high - low + 1))
    }
    try db.execute(sql: "CREATE UNIQUE INDEX contact_by_account_uid ON contact(accountId, uid)")
    progress(1)
  }

  /// The longest prefix the search index keeps a list of contacts for (FTS5's `prefix`
  /// option, every length up to it), so that searches can stream any word's candidates (see
  /// `ContactStore.search`). Three characters narrow a word's candidates enough ("now" for
  /// "nowak"); each length costs about a third more time to build the index.
  static let indexedPrefix = 3

  /// The contact column the search index reads phone numbers from: `phone` itself up to v2,
  /// its words (`PhoneWords`) from v3 on, and from v4 the plain spellings of names and
  /// companies after them (`ExtraSearchWords`).
  static let phoneColumn = "phoneWords"

  /// The statement that creates the search index (v2 on) with its text from `content`, phone
  /// numbers from the column `phone`.
  ///
  /// Searches are all-words prefix queries with no phrases, column filters or ranking, so the
  /// index keeps no positions (detail=none) and no column sizes (columnsize=0).
  static func createSearchIndex(content: String, phone: String) -> String {
    """
    CREATE VIRTUAL TABLE contact_search USING fts5(
      name, email, \(phone), company, \(content),
      tokenize='unicode61 remove_diacritics 2', detail=none, columnsize=0, prefix='\((1...indexedPrefix).map(String.init).joined(separator: " "))')
    """
  }

  /// Each account's keys lie in `accountId << accountKeyBits ..< (accountId + 1) << accountKeyBits`.
  static let accountKeyBits = 40
  /// The distance between neighbouring keys when a list is numbered afresh: sixteen inserts at
  /// one place before the keys around it have to be renumbered.
  static let listKeyGap: Int64 = 1 << 16

  /// The gap for numbering `count` contacts of one account afresh.
  static func listKeyGap(count: Int) -> Int64 {
    min(listKeyGap, (Int64(1) << accountKeyBits) / Int64(count + 1))
  }

  /// v2: every contact gets a `listKey`, an integer in list order (sortKey, then id) with gaps,
  /// and the search index uses it as its rowid instead of the contact's id. The search index
  /// then gives any query's matches in list order, the first ones first, with no sort.
  ///
  /// Keys are kept by triggers, whatever writes a contact: an insert or a move in the list (a
  /// new sort key or account) takes the middle of the gap between its neighbours' keys, or,
  /// with no gap left, renumbers the fewest contacts around it that leave gaps again (the
  /// smallest aligned block of keys that is sparse enough; a whole account only when it is
  /// dense). `contact_list_renumber` holds one renumbering's block while the trigger runs.
  static func migrateToListKeys(_ db: Database) throws {
    let bits = accountKeyBits
    try replaceSearchIndex(
      db, phone: "phone",
      around: """
        ALTER TABLE contact ADD COLUMN listKey INTEGER;
        UPDATE contact SET listKey = numbered.listKey FROM (
          SELECT id, (accountId << \(bits))
            + row_number() OVER (PARTITION BY accountId ORDER BY sortKey, id)
            * min(\(listKeyGap), (1 << \(bits)) / (count(*) OVER (PARTITION BY accountId) + 1)) AS listKey
          FROM contact) AS numbered
        WHERE contact.id = numbered.id;
        CREATE UNIQUE INDEX contact_by_listKey ON contact(listKey);
        CREATE TABLE contact_list_renumber(start INTEGER NOT NULL, size INTEGER NOT NULL, gap INTEGER NOT NULL);
        """)
  }

  /// v3: the search index reads phone numbers as their digits from the start of each group
  /// (`PhoneWords`), kept in the new column `phoneWords` by whatever writes a contact's phone
  /// (`ContactStore`, `Seeder`), so that a typed number is one prefix in the index.
  static func migrateToPhoneWords(_ db: Database) throws {
    let phoneWords = DatabaseFunction("termflow_phone_words", argumentCount: 1, pure: true) { values in
      String.fromDatabaseValue(values[0]).map(PhoneWords.of) ?? ""
    }
    // Left on the migrating connection: SQLite refuses to remove a function while statements
    // are open, and nothing else calls it.
    db.add(function: phoneWords)
    try replaceSearchIndex(
      db, phone: "phoneWords",
      around: """
        ALTER TABLE contact ADD COLUMN phoneWords TEXT NOT NULL DEFAULT '';
        UPDATE contact SET phoneWords = termflow_phone_words(phone) WHERE phone != '';
        """)
  }

  /// v4: the plain spellings of names and companies join the phone words (`ExtraSearchWords`),
  /// for the few contacts that have letters like "ø" or "ł" (SQLite's GLOB matches UTF-8
  /// characters in brackets), and the search index is built again. Replacing just their
  /// entries was quicker at 1M (9.9 s against 17.7) but took 205 s at 10M for the 10% that
  /// changed, and left the index in pieces that made searches three times slower (p95 39 ms);
  /// through the triggers it took 350 µs a contact.
  static func migrateToPlainSpellings(_ db: Database) throws {
    let extraWords = DatabaseFunction("termflow_extra_search_words", argumentCount: 3, pure: true) { values in
      let text = { (index: Int) in String.fromDatabaseValue(values[index]) ?? "" }
      return ExtraSearchWords.of(phone: text(0), name: text(1), company: text(2))
    }
    // Left on the migrating connection, as in v3.
    db.add(function: extraWords)
    // The letters and their capitals (those that are one letter: "ß" and "ı" have none of
    // their own), in one bracket.
    let capitals = PlainSpellings.letters.keys.compactMap { letter -> Unicode.Scalar? in
      let capital = Character(letter).uppercased().unicodeScalars
      guard capital.count == 1, let only = capital.first, !only.isASCII else { return nil }
      return only
    }
    let letters = String(String.UnicodeScalarView(PlainSpellings.letters.keys.sorted() + capitals.sorted()))
    let hasLetter = "GLOB '*[\(letters)]*'"
    try replaceSearchIndex(
      db, phone: "phoneWords",
      around: """
        UPDATE contact SET phoneWords = termflow_extra_search_words(phone, name, company)
        WHERE name \(hasLetter) OR company \(hasLetter);
        """)
  }

  /// For a migration (v2 on): drops the search index and its triggers, runs `change` (SQL),
  /// then builds the index (list keys for rowids, phone numbers from the column `phone`), fills
  /// it and creates its triggers again.
  ///
  /// The page cache is as large as the seeder's meanwhile: the final merge reads back what the
  /// fill wrote, which is still in the WAL (a migration runs in one transaction).
  private static func replaceSearchIndex(_ db: Database, phone: String, around change: String) throws {
    let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
    try db.execute(sql: "PRAGMA cache_size = -2000000")
    defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
    try db.execute(
      sql: """
        DROP TRIGGER contact_search_insert;
        DROP TRIGGER contact_search_delete;
        DROP TRIGGER contact_search_update;
        DROP TABLE contact_search;
        \(change)
        \(createSearchIndex(content: "content='contact', content_rowid='listKey'", phone: phone));
        """)
    try fillSearchIndex(db, phone: phone, where: "1")
    try db.execute(sql: listKeyTriggers(phone: phone))
  }

  /// Adds the contacts `condition` selects to the search index, in list order, in one pass:
  /// automatic merging off while they go in, one merge at the end.
  static func fillSearchIndex(
    _ db: Database, phone: String = phoneColumn, where condition: String, arguments: StatementArguments = []
  ) throws {
    try db.execute(
      sql: """
        INSERT INTO contact_search (contact_search, rank) VALUES ('automerge', 0);
        INSERT INTO contact_search (contact_search, rank) VALUES ('crisismerge', 2000);
        INSERT INTO contact_search (rowid, name, email, \(phone), company)
        SELECT listKey, name, email, \(phone), company FROM contact WHERE \(condition) ORDER BY listKey;
        INSERT INTO contact_search (contact_search) VALUES ('optimize');
        INSERT INTO contact_search (contact_search, rank) VALUES ('automerge', 4);
        INSERT INTO contact_search (contact_search, rank) VALUES ('crisismerge', 16);
        """, arguments: arguments)
  }

  /// The key for the contact `new.id` when it has none: see `migrateToListKeys`. The search
  /// index entries of the contacts it renumbers move with them; the caller adds `new.id`'s.
  private static func assignListKey(phone: String) -> String {
    let bits = accountKeyBits
    // The keys before and after new's place in its account's list, and the account's bounds.
    let neighbours = """
      SELECT
        (SELECT listKey FROM contact WHERE accountId = new.accountId AND (sortKey, id) < (new.sortKey, new.id)
         ORDER BY sortKey DESC, id DESC LIMIT 1) AS previous,
        (SELECT listKey FROM contact WHERE accountId = new.accountId AND (sortKey, id) > (new.sortKey, new.id)
         ORDER BY sortKey, id LIMIT 1) AS next,
        new.accountId << \(bits) AS first,
        (new.accountId + 1) << \(bits) AS last
      """
    func count(_ start: String, _ size: String) -> String {
      "(SELECT count(*) FROM contact WHERE listKey >= \(start) AND listKey < \(start) + \(size))"
    }
    return """
      UPDATE contact SET listKey = (
        WITH n AS (\(neighbours)),
          b AS (SELECT previous, next, ifnull(previous, first) AS lo, ifnull(next, last) AS hi FROM n)
        SELECT CASE
          WHEN hi - lo < 2 THEN NULL
          WHEN next IS NULL THEN lo + min(\(listKeyGap), (hi - lo) / 2)
          WHEN previous IS NULL THEN hi - min(\(listKeyGap), (hi - lo) / 2)
          ELSE lo + (hi - lo) / 2 END
        FROM b)
      WHERE id = new.id AND listKey IS NULL;
      INSERT INTO contact_list_renumber (start, size, gap)
      SELECT start, size, size / (count + 2) FROM (
        WITH RECURSIVE
          n AS (\(neighbours)),
          block(k, start, size, count) AS (
            SELECT 1, (ifnull(previous, first) >> 1) << 1, 2, \(count("((ifnull(previous, first) >> 1) << 1)", "2")) FROM n
            UNION ALL
            SELECT k + 1, (start >> (k + 1)) << (k + 1), size * 2, \(count("((start >> (k + 1)) << (k + 1))", "size * 2"))
            FROM block WHERE k < \(bits) AND count + 1 > size >> max(1, k / 3))
        SELECT start, size, count FROM block ORDER BY k DESC LIMIT 1)
      WHERE (SELECT listKey FROM contact WHERE id = new.id) IS NULL;
      INSERT INTO contact_search (contact_search, rowid, name, email, \(phone), company)
      SELECT 'delete', listKey, name, email, \(phone), company FROM contact_list_renumber AS r CROSS JOIN contact
      WHERE listKey >= r.start AND listKey < r.start + r.size;
      UPDATE contact SET listKey = -listKey
      WHERE listKey >= (SELECT start FROM contact_list_renumber)
        AND listKey < (SELECT start + size FROM contact_list_renumber);
      UPDATE contact SET listKey = r.start + numbered.rank * r.gap
      FROM contact_list_renumber AS r, (
        SELECT id, row_number() OVER (ORDER BY sortKey, id) AS rank FROM contact
        WHERE listKey < 0 OR (id = new.id AND listKey IS NULL)) AS numbered
      WHERE contact.id = numbered.id;
      INSERT INTO contact_search (rowid, name, email, \(phone), company)
      SELECT listKey, name, email, \(phone), company FROM contact_list_renumber AS r CROSS JOIN contact
      WHERE listKey >= r.start AND listKey < r.start + r.size AND contact.id != new.id;
      DELETE FROM contact_list_renumber;
      """
  }

  /// The triggers that keep list keys and the search index in step with the contacts (v2 on),
  /// phone numbers read from the column `phone`.
  static func listKeyTriggers(phone: String) -> String {
    """
    CREATE TRIGGER contact_search_insert AFTER INSERT ON contact BEGIN
      \(assignListKey(phone: phone))
      INSERT INTO contact_search (rowid, name, email, \(phone), company)
      SELECT listKey, new.name, new.email, new.\(phone), new.company FROM contact WHERE id = new.id;
    END;
    CREATE TRIGGER contact_search_delete AFTER DELETE ON contact BEGIN
      INSERT INTO contact_search (contact_search, rowid, name, email, \(phone), company)
      VALUES ('delete', old.listKey, old.name, old.email, old.\(phone), old.company);
    END;
    CREATE TRIGGER contact_search_update AFTER UPDATE OF name, sortKey, email, \(phone), company, accountId ON contact
    BEGIN
      INSERT INTO contact_search (contact_search, rowid, name, email, \(phone), company)
      VALUES ('delete', old.listKey, old.name, old.email, old.\(phone), old.company);
      UPDATE contact SET listKey = NULL
      WHERE id = new.id AND (old.sortKey IS NOT new.sortKey OR old.accountId IS NOT new.accountId);
      \(assignListKey(phone: phone))
      INSERT INTO contact_search (rowid, name, email, \(phone), company)
      SELECT listKey, new.name, new.email, new.\(phone), new.company FROM contact WHERE id = new.id;
    END;
    """
  }
}
