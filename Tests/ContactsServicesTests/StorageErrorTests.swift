import ContactsModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import ContactsServices

/// A write the disk refuses is told in words (what happened, that nothing was lost, what to
/// do) rather than as SQLite's "error 13 … COMMIT TRANSACTION"; and nothing already saved changes.
struct StorageErrorTests {
  @Test(arguments: [
    (ResultCode.SQLITE_FULL, StorageError.diskFull),
    (.SQLITE_IOERR, .diskError),
    (ResultCode(rawValue: 778), .diskError),  // SQLITE_IOERR_WRITE: extended codes count as their primary
    (.SQLITE_READONLY, .readOnly),
    (.SQLITE_BUSY, .busy),
    (.SQLITE_LOCKED, .busy),
  ])
  func storageFailuresAreTold(code: ResultCode, expected: StorageError) {
    #expect(StorageError(DatabaseError(resultCode: code)) == expected)
  }

  @Test func anIOErrorWithRoomOnTheDiskIsADiskError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let error = DatabaseError(resultCode: .SQLITE_IOERR)
    #expect(StorageError(error, databasePath: directory.path("contacts.sqlite")) == .diskError)
  }

  @Test func otherErrorsPassThrough() {
    #expect(StorageError(DatabaseError(resultCode: .SQLITE_CONSTRAINT)) == nil)
    #expect(StorageError(CocoaError(.fileNoSuchFile)) == nil)
  }

  @Test func everyMessageSaysNothingWasLostAndFitsTheForms() {
    for error in [StorageError.diskFull, .diskError, .readOnly, .busy] {
      #expect(error.description.contains("othing"), "\(error)")
      // The sign-in form has 56 columns; "✖ " and a capital come first.
      #expect(error.description.count + 2 <= 56, "\(error)")
      #expect(!error.description.contains("SQLite"))
    }
    #expect(AccountError.storage(StorageError.diskFull.description).description.hasPrefix("Disk full."))
  }

  /// A full disk without root or a small filesystem: `max_page_count` caps the database's size
  /// on the writing connection, and SQLite answers SQLITE_FULL as it does when the disk is full.
  @Test func aSaveOnAFullDiskSaysSoAndChangesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try ContactsDatabase.open(at: directory.path("contacts.sqlite"))
    let ada = try await AccountService(database: database, hasher: .fastForTesting)
      .createAccount(email: "ada@example.com", password: "analytical").id
    let store = ContactStore(database: database)
    let grace = try await store.insert(ContactDraft(name: "Grace Hopper"), account: ada)
    try await database.writer.writeWithoutTransaction { db in
      let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
      try db.execute(sql: "PRAGMA max_page_count = \(pages)")
    }

    let big = String(repeating: "Notes that need pages the disk does not have. ", count: 190)
    await #expect(throws: StorageError.diskFull) {
      try await StorageError.translating { try await store.insert(ContactDraft(name: "Ada", notes: big), account: ada) }
    }
    var edited = ContactDraft(grace)
    edited.notes = big
    await #expect(throws: StorageError.diskFull) {
      try await StorageError.translating { try await store.update(id: grace.id, with: edited, account: ada) }
    }
    #expect(try await store.count(account: ada) == 1)
    #expect(try await store.contact(id: grace.id, account: ada) == grace)
    // Reading, and signing in with the right password, need no room.
    let user = try await AccountService(database: database, hasher: .fastForTesting)
      .signIn(email: "ada@example.com", password: "analytical")
    #expect(user.id == ada)
  }
}
