public import ContactsModel
import Foundation
import GRDB

extension ContactStore {
  /// Stores a new contact made from `draft`, with a new UID.
  public func insert(_ draft: ContactDraft, account: Int64) async throws -> Contact {
    let problems = draft.problems
    guard problems.isEmpty else { throw StoreError.invalid(problems) }
    var contact = draft.applied(to: Contact(name: ""))
    contact.uid = ContactUID.random()
    contact.revision = now()
    let new = contact
    return try await database.writer.write { db in
      let (id, card) = try Self.insert(new, account: account, db)
      return try StoredContact.reread(new, card: card, id: id, db)
    }
  }

  /// Applies `draft` to the stored contact: only what the draft changed changes, and the
  /// revision. With `startedFrom`, the save is refused (``StoreError/changedElsewhere(current:)``)
  /// when the contact was saved by someone else since that revision.
  public func update(
    id: Int64, with draft: ContactDraft, account: Int64, startedFrom revision: Date? = nil
  ) async throws -> Contact {
    let problems = draft.problems
    guard problems.isEmpty else { throw StoreError.invalid(problems) }
    let now = now()
    return try await database.writer.write { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT * FROM contact WHERE id = ? AND accountId = ?", arguments: [id, account])
      else { throw StoreError.notFound }
      let stored = StoredContact.contact(row)
      if let revision, let storedRevision = stored.revision,
        abs(storedRevision.timeIntervalSince(revision)) >= 0.001
      {
        throw StoreError.changedElsewhere(current: stored)
      }
      var contact = draft.applied(to: stored)
      guard contact != stored else { return stored }
      contact.revision = Self.revision(after: stored.revision, now: now)
      let card = try Self.update(contact, db)
      return try StoredContact.reread(contact, card: card, id: id, db)
    }
  }

  /// A revision later than `previous`: the clock's, or a millisecond on when the clock is behind
  /// (a revision always moves forward, so a save is never mistaken for the one before).
  static func revision(after previous: Date?, now: Date) -> Date {
    guard let previous, now.timeIntervalSince(previous) < 0.001 else { return now }
    return previous.addingTimeInterval(0.001)
  }

  /// Stores `contact` as a new row: its id, and the card text written. `text`, when given, is
  /// the card `contact` was read from as its source wrote it (a server's card, any version), and
  /// is stored as it is instead of a 4.0 card written from `contact` (see `StoredContact`).
  @discardableResult
  static func insert(
    _ contact: Contact, account: Int64, text: String? = nil, _ db: Database
  ) throws -> (id: Int64, card: String) {
    // Cached: compiling a statement compiles the table's triggers too (hundreds of µs).
    let columns = StoredContact.columns
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO contact (accountId, \(columns.joined(separator: ", ")))
        VALUES (?, \(databaseQuestionMarks(count: columns.count)))
        """)
    let card = text ?? StoredContact.cardText(of: contact)
    try statement.execute(arguments: [account] + StoredContact.values(of: contact, card: card))
    return (db.lastInsertedRowID, card)
  }

  /// Stores `contact` over its row: the card text written (`text` as in `insert`).
  @discardableResult
  static func update(_ contact: Contact, text: String? = nil, _ db: Database) throws -> String {
    let assignments = StoredContact.columns.map { "\($0) = ?" }.joined(separator: ", ")
    let statement = try db.cachedStatement(sql: "UPDATE contact SET \(assignments) WHERE id = ?")
    let card = text ?? StoredContact.cardText(of: contact)
    try statement.execute(arguments: StoredContact.values(of: contact, card: card) + [contact.id])
    return card
  }
}
