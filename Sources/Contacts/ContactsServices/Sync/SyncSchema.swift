import GRDB

extension ContactsSchema {
  /// v6: what two-way sync with a CardDAV server remembers, in the same file as the contacts so
  /// that a contact's write and its sync mark commit together.
  ///
  /// - `sync_link`: an account's link to one remote address book (at most one per account): the
  ///   server, the user name, the password sealed or the command that prints it, the vCard
  ///   version the book takes, the sync token, and how the last sync ended.
  /// - `sync_item`: one row per contact the link knows (by UID): where the server keeps it
  ///   (`href`, `etag`), the card both sides last agreed on (`base`, the three-way merge's
  ///   ancestor, and `baseHash`, its comparison hash), whether it changed here since (`dirty`),
  ///   what an upload under way sent (`pendingCard`, `pendingHash`: a sync killed after the
  ///   server took it recognises its own write, and merges against it a card changed since), and a conflict waiting for the user (`conflictCard`,
  ///   `conflictETag`: the server's version), and a card the server refused (`refusedReason`,
  ///   for the contact's revision `refusedRevision`: not sent again until it changes). A row whose contact is gone is a tombstone: the
  ///   server still has the card and must be told.
  /// - `sync_listing`: the server's members as the running sync read them (href and ETag),
  ///   written in batches so a listing of 100,000 cards is never held in memory.
  /// - `sync_problem`: cards the server holds that cannot be read: kept on the server, reported,
  ///   never deleted on either side.
  ///
  /// Triggers mark items as the contacts change, whoever writes them (the app, an import, the
  /// command line): a new contact of a linked account gets a dirty item (unless the sync wrote
  /// its item first: a card it downloaded), an edit or a delete marks its item dirty, and a
  /// contact deleted before it ever reached the server takes its item with it. Finding what
  /// changed is then an index scan, never a pass over every card. The sync, which writes
  /// contacts too, clears the mark in the same transaction.
  static func migrateToSync(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE sync_link (
          accountId INTEGER PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
          addressBookURL TEXT NOT NULL,
          username TEXT NOT NULL,
          sealedPassword BLOB,
          sealSalt BLOB,
          sealRounds INTEGER,
          passwordCommand TEXT,
          cardVersion TEXT NOT NULL,
          syncToken TEXT,
          lastSyncAt REAL,
          lastError TEXT,
          createdAt REAL NOT NULL
        );
        CREATE TABLE sync_item (
          accountId INTEGER NOT NULL REFERENCES sync_link(accountId) ON DELETE CASCADE,
          uid TEXT NOT NULL,
          href TEXT,
          etag TEXT,
          base TEXT,
          baseHash TEXT,
          pendingCard TEXT,
          pendingHash TEXT,
          dirty INTEGER NOT NULL DEFAULT 0,
          conflictCard TEXT,
          conflictETag TEXT,
          refusedRevision REAL,
          refusedReason TEXT,
          PRIMARY KEY (accountId, uid)
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX sync_item_by_href ON sync_item(accountId, href) WHERE href IS NOT NULL;
        CREATE INDEX sync_item_dirty ON sync_item(accountId, uid) WHERE dirty = 1;
        CREATE TABLE sync_listing (
          accountId INTEGER NOT NULL REFERENCES sync_link(accountId) ON DELETE CASCADE,
          href TEXT NOT NULL,
          etag TEXT,
          removed INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (accountId, href)
        ) WITHOUT ROWID;
        CREATE TABLE sync_problem (
          accountId INTEGER NOT NULL REFERENCES sync_link(accountId) ON DELETE CASCADE,
          href TEXT NOT NULL,
          etag TEXT,
          reason TEXT NOT NULL,
          PRIMARY KEY (accountId, href)
        ) WITHOUT ROWID;
        CREATE TRIGGER sync_mark_insert AFTER INSERT ON contact
        WHEN EXISTS (SELECT 1 FROM sync_link WHERE accountId = new.accountId) BEGIN
          INSERT OR IGNORE INTO sync_item (accountId, uid, dirty) VALUES (new.accountId, new.uid, 1);
        END;
        CREATE TRIGGER sync_mark_update AFTER UPDATE OF card, name, email, phone, company, address, notes ON contact
        BEGIN
          UPDATE sync_item SET dirty = 1 WHERE accountId = new.accountId AND uid = new.uid AND dirty = 0;
        END;
        CREATE TRIGGER sync_mark_delete AFTER DELETE ON contact BEGIN
          UPDATE sync_item SET dirty = 1 WHERE accountId = old.accountId AND uid = old.uid AND dirty = 0;
          DELETE FROM sync_item WHERE accountId = old.accountId AND uid = old.uid AND href IS NULL;
        END;
        """)
  }
}
