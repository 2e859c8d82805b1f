import GRDB

extension ContactsSchema {
  /// v8: a clean sync item's merge base may be its contact's card, so that a card the server
  /// sent is stored once.
  ///
  /// A sync stores a card it takes from the server as the contact's card, as the server wrote it
  /// (`StoredContact`), and leaves the item's `base` NULL: while the item is clean (`dirty` 0,
  /// the contact unchanged since both sides agreed), the contact's card is the base. Until v8
  /// the same text was stored twice, as the contact's card (rewritten as 4.0) and as the base.
  ///
  /// The first change to the contact ends that: the triggers that mark the item dirty now also
  /// keep the card the change replaces (`old.card`) as the base, in the same statement, whoever
  /// writes the contact. An item whose base is stored keeps it. Items written before v8 all have
  /// their base stored, so nothing else changes.
  static func migrateToBaseFromCard(_ db: Database) throws {
    try db.execute(
      sql: """
        DROP TRIGGER sync_mark_update;
        DROP TRIGGER sync_mark_delete;
        CREATE TRIGGER sync_mark_update AFTER UPDATE OF card, name, email, phone, company, address, notes ON contact
        BEGIN
          UPDATE sync_item SET dirty = 1, base = ifnull(base, old.card)
          WHERE accountId = new.accountId AND uid = new.uid AND dirty = 0;
        END;
        CREATE TRIGGER sync_mark_delete AFTER DELETE ON contact BEGIN
          UPDATE sync_item SET dirty = 1, base = ifnull(base, old.card)
          WHERE accountId = old.accountId AND uid = old.uid AND dirty = 0;
          DELETE FROM sync_item WHERE accountId = old.accountId AND uid = old.uid AND href IS NULL;
        END;
        """)
  }
}
