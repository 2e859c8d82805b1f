import GRDB

/// The new contacts of a download whose search-index entries are not written yet: those
/// `SyncStore.writeNew` put in with the triggers off, from the contact `first` on. They are
/// written together, in list order, once the transaction has written its last batch, or
/// earlier, before anything that reads or moves entries of the index (a contact inserted,
/// changed or deleted with its triggers on, the list keys spread afresh).
///
/// Why not a batch at a time, as before: FTS5 holds what one statement gives it in memory and
/// writes it out as a new segment of the index before the next statement, then merges segments
/// as they pile up, level after level. A whole-book stretch of 5,000 cards written 500 at a time
/// made ten segments where one does, and the merges that follow: a first download of 100,000
/// cards from Radicale takes 14-24% less of our CPU written once a stretch (Benchmarks/README.md,
/// sync).
///
/// The contacts from `first` on are exactly the pending ones: `writeNew` inserts its batch with
/// consecutive ids after every contact before it, and whatever else inserts a contact writes
/// the pending entries first, so none of its own is in the range.
struct PendingSearchRows {
  /// The id of the first contact without its entry (nil: none is pending).
  private(set) var first: Int64?

  /// Notes that the contacts from `id` on have no entry yet (kept: an earlier `first`).
  mutating func add(from id: Int64) {
    if first == nil { first = id }
  }

  /// Writes the pending contacts' entries in one statement, in list order (the index's rowids:
  /// ascending, FTS5 keeps them in one segment), and notes that none is pending.
  mutating func write(_ db: Database) throws {
    guard let first else { return }
    let phone = ContactsSchema.phoneColumn
    try db.execute(
      sql: """
        INSERT INTO contact_search (rowid, name, email, \(phone), company)
        SELECT listKey, name, email, \(phone), company FROM contact WHERE id >= ? ORDER BY listKey
        """, arguments: [first])
    self.first = nil
  }
}
