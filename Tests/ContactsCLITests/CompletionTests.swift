import Foundation
import GRDB
import Testing

/// What the shells' completion scripts ask `contacts` on Tab (`---completion`): the account
/// emails after `--account`, read without a trace, quickly and quietly.
struct CompletionTests {
  /// What `contacts` answers when Tab is pressed at the end of `contacts export WORDS`, the way
  /// the scripts ask: the completion request, the word's index and the cursor's place in it,
  /// then the command line's words.
  private func complete(_ binary: ContactsBinary, _ words: [String]) async throws -> ContactsBinary.Run {
    let line = ["contacts", "export"] + words
    let cursor = line.last!.count
    return try await binary.run(
      ["---completion", "export", "--", "--account", "\(line.count - 1)", "\(cursor)"] + line, withDatabase: false)
  }

  private func files(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test func accountsAreOfferedFromTheDatabaseTheCommandLineNames() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount("grace@example.com")
    try await binary.addAccount("ada@example.com")
    try await binary.addAccount("Alan@Example.com")

    let all = try await complete(binary, ["--db", binary.database, "--account", ""])
    #expect(all.status == 0)
    #expect(all.errors.isEmpty)
    #expect(all.output == "ada@example.com\nAlan@Example.com\ngrace@example.com\n")
    let typed = try await complete(binary, ["--db=\(binary.database)", "--account", "al"])
    #expect(typed.output == "Alan@Example.com\n", "the typed start is matched with case aside")
    let quoted = try await complete(binary, ["--db", "'\(binary.database)'", "--account", "\"gr"])
    #expect(quoted.output == "grace@example.com\n", "the shell's quotes are not part of the words")
  }

  @Test func withoutDbTheConfigFilesDatabaseIsRead() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let config = binary.directory.appendingPathComponent("mine.toml").path
    try Data("database = \"\(binary.database)\"\n".utf8).write(to: URL(fileURLWithPath: config))
    let run = try await complete(binary, ["--config", config, "--account", ""])
    #expect(run.output == "ada@example.com\n")
    let broken = binary.directory.appendingPathComponent("broken.toml").path
    try Data("database = \n".utf8).write(to: URL(fileURLWithPath: broken))
    let quiet = try await complete(binary, ["--config", broken, "--account", ""])
    #expect(quiet.status == 0)
    #expect(quiet.errors.isEmpty, "a broken config file offers nothing, silently")
  }

  @Test func completingLeavesTheDatabaseAndItsDirectoryAsTheyWere() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let before = try Data(contentsOf: URL(fileURLWithPath: binary.database))
    let filesBefore = try files(in: binary.directory)

    let run = try await complete(binary, ["--db", binary.database, "--account", ""])
    #expect(run.output == "ada@example.com\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: binary.database)) == before)
    #expect(try files(in: binary.directory) == filesBefore, "not even a -wal or -shm file")
  }

  @Test func aDatabaseOpenElsewhereIsReadWithWhatItsWriterCommitted() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    // Another program holds the database open, so what it commits waits in the -wal file.
    let pool = try DatabasePool(path: binary.database)
    let accounts = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM account") }
    #expect(accounts == 1)
    try await binary.addAccount("grace@example.com")
    #expect(FileManager.default.fileExists(atPath: binary.database + "-wal"))

    let run = try await complete(binary, ["--db", binary.database, "--account", ""])
    #expect(run.output == "ada@example.com\ngrace@example.com\n")
    try pool.close()
  }

  @Test func withoutADatabaseNothingIsOfferedAndNothingIsMade() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    let missing = binary.directory.appendingPathComponent("nowhere/contacts.sqlite").path
    let run = try await complete(binary, ["--db", missing, "--account", ""])
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
    #expect(run.errors.isEmpty)
    #expect(try files(in: binary.directory).isEmpty)

    let notADatabase = try binary.file("notes.sqlite", "not a database")
    let garbage = try await complete(binary, ["--db", notADatabase, "--account", ""])
    #expect(garbage.status == 0)
    #expect(garbage.output.isEmpty)
    #expect(garbage.errors.isEmpty)
  }
}
