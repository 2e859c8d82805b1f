import CardDAV
import CardDAVTesting
import Foundation
import Testing

/// `contacts sync move QUERY --to NAME`: contacts to another linked book, here at once and on
/// the server at the next sync; what cannot be moved is said, and nothing is moved then.
@Suite struct SyncMoveCommandTests {
  @Test func moveNamesTheBookAndTheNextSyncMovesTheCard() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      try await SyncBooksCommandTests.makeBooks(on: server)
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let file = try contacts.file(
        "in.vcf",
        crlf("BEGIN:VCARD", "VERSION:3.0", "UID:ann-1", "FN:Ann Smith", "END:VCARD")
          + crlf("BEGIN:VCARD", "VERSION:3.0", "UID:abe-1", "FN:Abe Smith", "END:VCARD"))
      #expect(try await contacts.run(["import", file]).status == 0)
      let command = ["--password-command", "printf '\(server.credentials.password)\\n'"]
      let setup = try await contacts.run(
        [
          "sync", "setup", server.homeSetURL.absoluteString, "--username", server.credentials.username,
          "--address-book", "shared", "--address-book", "Work",
        ] + command)
      #expect(setup.status == 0, "\(setup.errors)")
      #expect(try await contacts.run(["sync"]).status == 0)

      let unknown = try await contacts.run(["sync", "move", "ann", "--to", "holidays"])
      #expect(unknown.status == 1 && unknown.errors.contains("links no address book holidays"))
      #expect(unknown.errors.contains("Nothing was moved."))
      let several = try await contacts.run(["sync", "move", "smith", "--to", "work"])
      #expect(several.status == 1 && several.errors.contains("'smith' matches 2 contacts (Abe Smith, Ann Smith)"))
      #expect(several.errors.contains("--all") && several.errors.contains("Nothing was moved."))
      let none = try await contacts.run(["sync", "move", "zed", "--to", "work"])
      #expect(none.status == 1 && none.errors.contains("No contacts match 'zed'"))

      let moved = try await contacts.run(["sync", "move", "ann", "--to", "work"])
      #expect(moved.status == 0, "\(moved.errors)")
      #expect(moved.output.contains("Moved 1 contact to Work: the next `contacts sync` moves it on the server."))
      #expect(try await contacts.run(["sync", "move", "ann", "--to", "work"]).output.contains("(1 there already)"))
      // Moved back before a sync sent the move: the move is undone, nothing to move on the
      // server; then moved again.
      let back = try await contacts.run(["sync", "move", "ann", "--to", "shared"])
      #expect(
        back.output.contains(
          "Moved 1 contact to Shared: 1 was moved back before a sync sent the move, so nothing moves on the server "
            + "for it."), "\(back.output)")
      #expect(try await contacts.run(["sync", "move", "ann", "--to", "work"]).status == 0)
      let sync = try await contacts.run(["sync"])
      #expect(sync.status == 0, "\(sync.errors)")
      #expect(sync.output.contains("1 contact moved to another book, the old copy deleted."), "\(sync.output)")
      let status = try await contacts.run(["sync", "status"]).output
      let lines = status.split(separator: "\n")
      #expect(lines.contains { $0.contains("Work") && $0.contains("2 contacts, 2 on server") }, "\(status)")
      #expect(lines.contains { $0.contains("Shared") && $0.contains("3 contacts, 3 on server") }, "\(status)")

      let all = try await contacts.run(["sync", "move", "smith", "--to", "work", "--all"])
      #expect(all.output.contains("Moved 1 contact to Work (1 there already)"), "\(all.output)")
    }
  }
}
