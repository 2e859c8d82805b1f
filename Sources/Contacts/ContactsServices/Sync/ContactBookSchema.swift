import GRDB

extension ContactsSchema {
  /// v10: each contact row says which address book it is in, so that the list shows one book by
  /// an index, as fast as it shows them all.
  ///
  /// - `contact.book`: its item's book (`sync_item.book`) while its account is linked, NULL when
  ///   it is not. The list reads it with the row (its column needs no join), and
  ///   `contact_by_book` (account, book, sort key, id: the list's order) makes a book's count, its
  ///   keyset pages and a contact's place in it range scans, as `contact_by_account_sortKey` does
  ///   for the whole list. The index is partial (books only): an unlinked account's contacts cost
  ///   it nothing.
  /// - Triggers on `sync_item` keep the column: an item made, moved to another book or removed
  ///   (a link forgotten) writes its contact's. A contact inserted after its item (a card
  ///   arriving) takes the item's book when it goes in. A first download's batch, written with
  ///   the triggers off, writes the column itself (`SyncStore.writeNew`).
  ///
  /// The upgrade writes the column of every linked contact (one row write each) and builds the
  /// index from them.
  static func migrateToContactBooks(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE contact ADD COLUMN book INTEGER;
        UPDATE contact SET book = sync_item.book FROM sync_item
        WHERE sync_item.accountId = contact.accountId AND sync_item.uid = contact.uid;
        CREATE INDEX contact_by_book ON contact(accountId, book, sortKey, id) WHERE book IS NOT NULL;
        CREATE TRIGGER contact_book_item_insert AFTER INSERT ON sync_item BEGIN
          UPDATE contact SET book = new.book
          WHERE accountId = new.accountId AND uid = new.uid AND book IS NOT new.book;
        END;
        CREATE TRIGGER contact_book_item_move AFTER UPDATE OF book ON sync_item
        WHEN old.book IS NOT new.book BEGIN
          UPDATE contact SET book = new.book WHERE accountId = new.accountId AND uid = new.uid;
        END;
        CREATE TRIGGER contact_book_item_delete AFTER DELETE ON sync_item BEGIN
          UPDATE contact SET book = NULL WHERE accountId = old.accountId AND uid = old.uid AND book IS NOT NULL;
        END;
        CREATE TRIGGER contact_book_insert AFTER INSERT ON contact
        WHEN new.book IS NULL AND EXISTS (SELECT 1 FROM sync_link WHERE accountId = new.accountId) BEGIN
          UPDATE contact SET book = (SELECT book FROM sync_item WHERE accountId = new.accountId AND uid = new.uid)
          WHERE id = new.id;
        END;
        """)
  }
}
