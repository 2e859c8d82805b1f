import CardDAV
import CardDAVTesting
import Foundation
import GRDB
import Testing

/// Set-up that fails leaves nothing behind: every question is asked before the server is
/// changed, and the same command run again works (an address book it made on an earlier try is
/// linked, not made twice).
@Suite struct SyncSetupFailureTests {
  static let accountPassword = SyncCommandTests.accountPassword

  /// The names of the address books on `server` now.
  static func books(on server: DAVTestServer) async throws -> [String] {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      try await client.discover(server.baseURL).addressBooks.map { $0.displayName ?? $0.url.lastPathComponent }
    }
  }

  @Test func aWrongOrMissingAccountPasswordChangesNothingAndTheSameCommandThenWorks() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let before = try await Self.books(on: server)
      let setup = [
        "sync", "setup", server.baseURL.absoluteString, "--username", server.credentials.username, "--create",
        "Contacts",
      ]
      let password = server.credentials.password

      let wrong = try await contacts.run(setup, input: "\(password)\nnot the account password\n")
      #expect(wrong.status == 1 && wrong.errors.contains("wrong password for ada@example.com; nothing was changed."))
      let ended = try await contacts.run(setup, input: "\(password)\n")
      #expect(ended.status == 1 && ended.errors.contains("standard input ended"), "\(ended.errors)")
      #expect(try await Self.books(on: server) == before)
      #expect(try await contacts.run(["sync", "status"]).output.contains("not linked"))

      let linked = try await contacts.run(setup, input: "\(password)\n\(Self.accountPassword)\n")
      #expect(linked.status == 0, "\(linked.errors)")
      #expect(linked.output.contains("Linked ada@example.com to \"Contacts\""))
      #expect(try await Self.books(on: server).filter { $0 == "Contacts" }.count == 1)
    }
  }

  /// The book is made, then the link cannot be saved: the book is removed again and named, and
  /// the same command then works.
  @Test func aLinkThatCannotBeSavedAfterCreateRemovesTheBookItMadeAndSaysSo() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let before = try await Self.books(on: server)
      let setup = [
        "sync", "setup", server.baseURL.absoluteString, "--username", server.credentials.username, "--create",
        "Contacts", "--password-command", "printf '%s\\n' '\(server.credentials.password)'",
      ]
      // The database refuses the link (as a full disk or a failing one would), after the book is made.
      let database = try DatabaseQueue(path: contacts.database)
      try await database.write { db in
        try db.execute(
          sql: "CREATE TRIGGER refuse_link BEFORE INSERT ON sync_link BEGIN SELECT RAISE(ABORT, 'no room left'); END")
      }
      let failed = try await contacts.run(setup)
      #expect(failed.status == 1 && failed.errors.contains("no room left"), "\(failed.errors)")
      #expect(failed.errors.contains("The address book made at \(server.baseURL.absoluteString)"), "\(failed.errors)")
      #expect(failed.errors.contains("was removed again; nothing was changed."), "\(failed.errors)")
      #expect(try await Self.books(on: server) == before)
      #expect(try await contacts.run(["sync", "status"]).output.contains("not linked"))

      try await database.write { db in try db.execute(sql: "DROP TRIGGER refuse_link") }
      let linked = try await contacts.run(setup)
      #expect(linked.status == 0, "\(linked.errors)")
      #expect(linked.output.contains("Linked ada@example.com to \"Contacts\""), "\(linked.output)")
      #expect(try await Self.books(on: server).filter { $0 == "Contacts" }.count == 1)
    }
  }

  @Test func creatingABookThatIsThereAlreadyLinksItAndSaysSo() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let setup = [
        "sync", "setup", server.baseURL.absoluteString, "--username", server.credentials.username, "--create", "Work",
        "--password-command", "printf '\(server.credentials.password)\\n'",
      ]
      #expect(try await contacts.run(setup).status == 0)
      #expect(try await contacts.run(["sync", "forget"]).status == 0)

      let again = try await contacts.run(setup)
      #expect(again.status == 0, "\(again.errors)")
      #expect(again.output.contains("An address book named Work is on the server already: linking it."))
      #expect(again.output.contains("Linked ada@example.com to \"Work\""))
      #expect(try await Self.books(on: server).filter { $0 == "Work" }.count == 1)
    }
  }
}
