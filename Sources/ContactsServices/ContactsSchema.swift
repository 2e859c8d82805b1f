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
      }
      try db.create(table: "contact") { table in
        table.autoIncrementedPrimaryKey("id")
        table.belongsTo("account", onDelete: .cascade).notNull()
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
      try db.create(virtualTable: "contact_search", using: FTS5()) { table in
        table.synchronize(withTable: "contact")
        table.tokenizer = .unicode61(diacritics: .remove)
        table.prefixes = [2, 3]
        table.column("name")
        table.column("email")
        table.column("phone")
        table.column("company")
      }
      try db.create(table: "setting") { table in
        table.primaryKey("key", .text)
        table.column("value", .text).notNull()
      }
    }
    return migrator
  }
}
