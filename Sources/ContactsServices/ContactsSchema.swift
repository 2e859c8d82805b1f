import GRDB

/// The database schema, as migrations: add a migration, never edit one that has shipped.
enum ContactsSchema {
  static var migrator: DatabaseMigrator {
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
      // 10M contacts. Short prefixes need no prefix index either: they match densely, and
      // ContactStore.search answers them by walking the list (see there).
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
    return migrator
  }
}
