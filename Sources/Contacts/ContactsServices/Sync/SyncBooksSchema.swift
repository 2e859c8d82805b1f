import GRDB

extension ContactsSchema {
  /// v9: a link holds several address books, each synced with its own token and state.
  ///
  /// - `sync_book`: the link's address books, numbered within the account (`number`, 0 for the
  ///   book a link had before v9): each one's URL, name, vCard version and RFC 6578 token, which
  ///   one new contacts go to (`isDefault`: one per account), and since when the server no longer
  ///   has it (`goneSince`, nil while it has).
  /// - `sync_item.book`, `sync_listing.book`, `sync_problem.book`: the book a contact belongs to,
  ///   a listing was read from, a card that cannot be read is in. A contact belongs to one book;
  ///   hrefs are paths on the server, so one href is still one card of the account.
  ///
  /// The link keeps what is the account's (the user, the password, how the last sync ended); its
  /// book's columns move to `sync_book`. Every change is to the schema alone: the new columns take
  /// their default (book 0) without a row being written, so the upgrade takes the same time at a
  /// million contacts as at none (Benchmarks/README.md, "Upgrading older databases").
  ///
  /// The insert trigger puts a new contact of a linked account in the account's default book.
  static func migrateToSeveralBooks(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE sync_book (
          accountId INTEGER NOT NULL REFERENCES sync_link(accountId) ON DELETE CASCADE,
          number INTEGER NOT NULL,
          url TEXT NOT NULL,
          name TEXT,
          cardVersion TEXT NOT NULL,
          syncToken TEXT,
          isDefault INTEGER NOT NULL DEFAULT 0,
          goneSince REAL,
          PRIMARY KEY (accountId, number)
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX sync_book_by_url ON sync_book(accountId, url);
        INSERT INTO sync_book (accountId, number, url, cardVersion, syncToken, isDefault)
        SELECT accountId, 0, addressBookURL, cardVersion, syncToken, 1 FROM sync_link;
        ALTER TABLE sync_link DROP COLUMN addressBookURL;
        ALTER TABLE sync_link DROP COLUMN cardVersion;
        ALTER TABLE sync_link DROP COLUMN syncToken;
        ALTER TABLE sync_item ADD COLUMN book INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE sync_listing ADD COLUMN book INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE sync_problem ADD COLUMN book INTEGER NOT NULL DEFAULT 0;
        DROP TRIGGER sync_mark_insert;
        CREATE TRIGGER sync_mark_insert AFTER INSERT ON contact
        WHEN EXISTS (SELECT 1 FROM sync_link WHERE accountId = new.accountId) BEGIN
          INSERT OR IGNORE INTO sync_item (accountId, uid, dirty, book)
          VALUES (new.accountId, new.uid, 1, \(defaultBook("new.accountId")));
        END;
        """)
  }

  /// The number of the default book of the account `account` (an SQL expression): the one
  /// marked, else the first.
  static func defaultBook(_ account: String) -> String {
    "ifnull((SELECT number FROM sync_book WHERE accountId = \(account) ORDER BY isDefault DESC, number LIMIT 1), 0)"
  }
}
