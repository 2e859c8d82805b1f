import CardDAV
import CardDAVTesting
import Foundation
import Testing

/// A book deleted on the server: the sync names the two ways out, `contacts sync move --from`
/// sends its contacts to another book, `contacts sync unlink-book` keeps them here only.
@Suite struct GoneBookCommandTests {
  /// Shared and Work linked, Wes (Work's card) and Ann (made here) received and sent, then
  /// Work deleted on the server and synced once.
  func linkedWithWorkGone(_ server: DAVTestServer) async throws -> ContactsBinary {
    try await SyncBooksCommandTests.makeBooks(on: server)
    let contacts = try ContactsBinary()
    try await contacts.addAccount()
    let setup = try await contacts.run(
      [
        "sync", "setup", server.homeSetURL.absoluteString, "--username", server.credentials.username,
        "--address-book", "shared", "--address-book", "Work",
        "--password-command", "printf '\(server.credentials.password)\\n'",
      ])
    #expect(setup.status == 0, "\(setup.errors)")
    #expect(try await contacts.run(["sync"]).status == 0)
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      try await client.deleteAddressBook(at: server.homeSetURL.appending(path: "work/"))
    }
    let sync = try await contacts.run(["sync"])
    #expect(sync.status == 2)
    #expect(
      sync.errors.contains(
        "Move them to another book with `contacts sync move --from \"Work\" --to NAME`, or keep them here only "
          + "with `contacts sync unlink-book \"Work\"`."), "\(sync.errors)")
    return contacts
  }

  @Test func aGoneBooksContactsMoveToAnotherBook() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let contacts = try await linkedWithWorkGone(server)
      defer { contacts.cleanUp() }
      #expect(
        try await contacts.run(["sync", "move", "wes", "--from", "work", "--to", "shared"]).errors.contains("not both"))
      let moved = try await contacts.run(["sync", "move", "--from", "work", "--to", "shared"])
      #expect(moved.status == 0 && moved.output.contains("Moved 1 contact from Work to Shared"), "\(moved.errors)")
      // Nothing left in it: unlinked with the move, and the syncs say nothing more of it.
      #expect(moved.output.contains("Work is gone from the server and now empty: it is unlinked."), "\(moved.output)")
      let sync = try await contacts.run(["sync"])
      // Wes is on the server again, in Shared.
      #expect(sync.status == 0 && sync.output.contains(": 1 sent, 0 received"), "\(sync.output)")
      #expect(!sync.output.contains("gone") && !sync.errors.contains("gone"), "\(sync.output)\(sync.errors)")
      let status = try await contacts.run(["sync", "status"]).output
      // Shared alone is linked now: the status of one book.
      #expect(status.contains("/shared/") && status.contains("On server:    3 contacts"), "\(status)")
      #expect(!status.contains("/work/"), "\(status)")
      let noOp = try await contacts.run(["sync"])
      #expect(noOp.status == 0 && noOp.output.contains(": 0 sent, 0 received"), "\(noOp.output)")
    }
  }

  @Test func aGoneBookIsUnlinkedKeepingItsContactsHereOnly() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let contacts = try await linkedWithWorkGone(server)
      defer { contacts.cleanUp() }
      let live = try await contacts.run(["sync", "unlink-book", "shared"])
      #expect(live.status == 1 && live.errors.contains("the server still has this book"), "\(live.errors)")
      let unlinked = try await contacts.run(["sync", "unlink-book", "work"])
      #expect(
        unlinked.status == 0 && unlinked.output.contains("Unlinked Work: its 1 contact stays here, synced nowhere"))
      let sync = try await contacts.run(["sync"])
      #expect(sync.status == 0 && sync.output.contains("0 sent"), "\(sync.output) \(sync.errors)")
      #expect(try await contacts.run(["export"]).output.contains("UID:wes"))
      let status = try await contacts.run(["sync", "status"]).output
      #expect(!status.contains("Work"), "\(status)")
    }
  }
}
