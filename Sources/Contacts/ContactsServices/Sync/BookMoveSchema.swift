import GRDB

extension ContactsSchema {
  /// v11: a contact moved to another address book keeps the server's copy in the book it left
  /// until the copy in its new book is stored there, so that no moment of the move loses it.
  ///
  /// - `sync_item.movedFrom`, `movedHref`, `movedETag`: the book the server's old copy is in,
  ///   its href and the ETag this side last knew of it; NULL when no move is under way. The item
  ///   itself is the new book's (`book`), with no href until its card is created there.
  /// - `sync_item_by_moved_href`: a listing of the old book finds the old copy by its href, as
  ///   this side's own and not a card to receive.
  ///
  /// A schema-only change: the columns are NULL without a row being written.
  static func migrateToBookMoves(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE sync_item ADD COLUMN movedFrom INTEGER;
        ALTER TABLE sync_item ADD COLUMN movedHref TEXT;
        ALTER TABLE sync_item ADD COLUMN movedETag TEXT;
        CREATE UNIQUE INDEX sync_item_by_moved_href ON sync_item(accountId, movedHref) WHERE movedHref IS NOT NULL;
        """)
  }
}
