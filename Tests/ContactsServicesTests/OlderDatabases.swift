import GRDB

@testable import ContactsServices

/// Writes a database at `path` migrated up to `version` only, then runs `rows` (SQL) as that
/// version's code wrote contacts: what an upgrade starts from.
func makeDatabase(at path: String, upTo version: String, rows: String) async throws {
  let pool = try DatabasePool(path: path)
  try ContactsSchema.migrator.migrate(pool, upTo: version)
  try await pool.write { db in try db.execute(sql: rows) }
}

extension ContactsDatabase {
  /// Throws when the search index disagrees with the contacts (FTS5's integrity check, the
  /// external content compared too).
  func checkSearchIndex() async throws {
    try await writer.write { db in
      try db.execute(sql: "INSERT INTO contact_search(contact_search, rank) VALUES ('integrity-check', 1)")
    }
  }
}
