import ContactsModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import ContactsServices

struct DatabaseTests {
  @Test func createsMissingDirectoriesAndAPrivateFileInWALMode() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("nested/deeper/contacts.sqlite")
    let database = try ContactsDatabase.open(at: path)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let mode = try database.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
    #expect(mode == "wal")
    let tables = try database.writer.read {
      try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    #expect(Set(tables).isSuperset(of: ["account", "contact", "contact_search", "setting"]))
  }

  @Test func reopeningAMigratedDatabaseKeepsItsData() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    let accounts = AccountService(database: try ContactsDatabase.open(at: path), hasher: .fastForTesting)
    _ = try await accounts.createAccount(email: "ada@example.com", password: "analytical")
    let reopened = AccountService(database: try ContactsDatabase.open(at: path), hasher: .fastForTesting)
    #expect(try await reopened.signIn(email: "ada@example.com", password: "analytical").email == "ada@example.com")
  }

  @Test func aFileThatIsNotADatabaseIsReportedAndLeftUntouched() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
    try garbage.write(to: URL(fileURLWithPath: path))
    #expect(throws: ContactsDatabase.OpenError.notADatabase(path)) { try ContactsDatabase.open(at: path) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
  }

  @Test func aDatabaseLockedByAnotherProgramIsReportedAndLeftUntouched() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    // Another program's database in rollback-journal mode, holding a write lock on its own
    // thread until the test lets go (semaphores, not sleeps).
    let other = try DatabaseQueue(path: path)
    let locked = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    Thread {
      try? other.writeWithoutTransaction { db in
        try db.execute(sql: "CREATE TABLE theirs (x)")
        try db.execute(sql: "BEGIN EXCLUSIVE")
        try db.execute(sql: "INSERT INTO theirs VALUES (1)")
        locked.signal()
        release.wait()
        try db.execute(sql: "COMMIT")
      }
      finished.signal()
    }.start()
    locked.wait()
    #expect(throws: ContactsDatabase.OpenError.locked(path)) { try ContactsDatabase.open(at: path, busyTimeout: 0.05) }
    release.signal()
    finished.wait()
    let tables = try other.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") }
    #expect(tables == ["theirs"], "nothing of ours was written into it")
  }

  @Test func aPathUnderAFileCannotBeCreated() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path("file")))
    let path = directory.path("file/contacts.sqlite")
    #expect(throws: ContactsDatabase.OpenError.directoryUnavailable(path)) { try ContactsDatabase.open(at: path) }
  }

  @Test func errorsSayWhatIsWrongAndThatTheFileIsSafe() {
    #expect(ContactsDatabase.OpenError.notADatabase("/x.db").description.contains("left untouched"))
    #expect(ContactsDatabase.OpenError.locked("/x.db").description.contains("locked"))
  }
}
