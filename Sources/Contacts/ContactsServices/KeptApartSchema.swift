import GRDB

extension ContactsSchema {
  /// v7: pairs of contacts the user said are not duplicates (`not_duplicate`), by UID (ids are
  /// this database's, UIDs every device's), the smaller UID first. Never proposed again.
  static func migrateToKeptApart(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE not_duplicate (
          accountId INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          firstUID TEXT NOT NULL,
          secondUID TEXT NOT NULL,
          PRIMARY KEY (accountId, firstUID, secondUID)
        ) WITHOUT ROWID
        """)
  }
}
