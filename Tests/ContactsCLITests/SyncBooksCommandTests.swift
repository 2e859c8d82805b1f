import CardDAV
import CardDAVTesting
import Foundation
import Testing

/// `contacts sync` with several address books: set-up links them all (or those named), each is
/// synced on its own, and `sync status` lists each with its counts.
@Suite struct SyncBooksCommandTests {
  /// Makes "Work" (one card) and "Shared" (two) beside the server's own book.
  static func makeBooks(on server: DAVTestServer) async throws {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      let work = try await client.createAddressBook(in: server.homeSetURL, segment: "work", displayName: "Work")
      let shared = try await client.createAddressBook(in: server.homeSetURL, segment: "shared", displayName: "Shared")
      for (book, uid) in [(work.url, "wes"), (shared.url, "sam"), (shared.url, "sue")] {
        let card = crlf("BEGIN:VCARD", "VERSION:3.0", "UID:\(uid)", "FN:\(uid.capitalized)", "END:VCARD")
        _ = try await client.put(
          CardDAVClient.href(forUID: uid, in: book), in: book, card: Array(card.utf8), condition: .create)
      }
    }
  }

  @Test func setUpLinksEveryBookAndStatusListsEachWithItsCounts() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      try await Self.makeBooks(on: server)
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let file = try contacts.file("in.vcf", crlf("BEGIN:VCARD", "VERSION:3.0", "UID:ann-1", "FN:Ann", "END:VCARD"))
      #expect(try await contacts.run(["import", file]).status == 0)
      let password = server.credentials.password
      let setup = try await contacts.run(
        ["sync", "setup", server.baseURL.absoluteString, "--username", server.credentials.username],
        input: "\(password)\n\(SyncCommandTests.accountPassword)\n")
      #expect(setup.status == 0, "\(setup.errors)")
      #expect(setup.output.contains("Linked ada@example.com to 3 address books, each synced on its own:"))
      #expect(setup.output.contains("\"Work\" ") && setup.output.contains("\"Shared\" "))
      // New contacts go to the book the server lists first.
      let marker = "New contacts go to the one marked *, "
      let defaultLine = try #require(setup.output.split(separator: "\n").first { $0.hasPrefix(marker) })
      let defaultBook = String(defaultLine.dropFirst(marker.count).dropLast())
      let sent = { (book: String) in book == defaultBook ? 1 : 0 }

      let sync = try await contacts.run(["sync"], input: "\(SyncCommandTests.accountPassword)\n")
      #expect(sync.status == 0, "\(sync.errors)")
      #expect(sync.output.contains(": 1 sent, 3 received, 0 deleted here"), "\(sync.output)")
      #expect(sync.output.contains("  Work: \(sent("Work")) sent, 1 received"), "\(sync.output)")
      #expect(sync.output.contains("  Shared: \(sent("Shared")) sent, 2 received"))
      let again = try await contacts.run(["sync"], input: "\(SyncCommandTests.accountPassword)\n")
      #expect(again.output.contains(": 0 sent, 0 received") && again.output.contains("(3 requests)."))

      let status = try await contacts.run(["sync", "status"])
      #expect(status.output.contains("Address books: 3, new contacts go to the one marked *"), "\(status.output)")
      let lines = status.output.split(separator: "\n").map(String.init)
      let work = try #require(lines.first { $0.contains(" Work ") })
      let inWork = 1 + sent("Work")
      #expect(work.contains("\(inWork) contacts, \(inWork) on server, 0 to send") && work.contains("/work/ (vCard"))
      let shared = try #require(lines.first { $0.contains(" Shared ") })
      let inShared = 2 + sent("Shared")
      #expect(shared.contains("\(inShared) contacts, \(inShared) on server, 0 to send"))
      #expect(lines.filter { $0.hasPrefix("  * ") }.count == 1)
      #expect(lines.contains { $0.hasPrefix("  * \(defaultBook) ") })
      #expect(status.output.contains("On server:    4 contacts"))
    }
  }

  @Test func setUpLinksOnlyTheBooksNamedTheFirstTheDefault() async throws {
    try await DAVTestServer.withServer(.xandikos) { server in
      try await Self.makeBooks(on: server)
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let command = ["--password-command", "printf '\(server.credentials.password)\\n'"]
      let unknown = try await contacts.run(
        [
          "sync", "setup", server.homeSetURL.absoluteString, "--username", server.credentials.username,
          "--address-book", "Work", "--address-book", "holidays",
        ] + command)
      #expect(unknown.status == 1 && unknown.errors.contains("no address book holidays on the server"))
      #expect(unknown.errors.contains("Nothing was changed."))
      #expect(try await contacts.run(["sync", "status"]).output.contains("not linked"))

      let setup = try await contacts.run(
        [
          "sync", "setup", server.homeSetURL.absoluteString, "--username", server.credentials.username,
          "--address-book", "shared", "--address-book", "Work",
        ] + command)
      #expect(setup.status == 0, "\(setup.errors)")
      #expect(
        setup.output.contains("to 2 address books")
          && setup.output.contains("New contacts go to the one marked *, Shared."))
      let file = try contacts.file("in.vcf", crlf("BEGIN:VCARD", "VERSION:3.0", "UID:ann-1", "FN:Ann", "END:VCARD"))
      #expect(try await contacts.run(["import", file]).status == 0)
      let sync = try await contacts.run(["sync"])
      #expect(sync.status == 0, "\(sync.errors)")
      #expect(
        sync.output.contains("  Shared: 1 sent, 2 received") && sync.output.contains("  Work: 0 sent, 1 received"))
      let status = try await contacts.run(["sync", "status"]).output
      #expect(status.contains("Address books: 2") && !status.contains("addressbook"))
      #expect(status.split(separator: "\n").contains { $0.hasPrefix("  * Shared") && $0.contains("3 contacts") })

      // Work becomes the default: the next new contact goes there.
      let chosen = try await contacts.run(["sync", "default", "work"])
      #expect(chosen.status == 0 && chosen.output.contains("go to Work"), "\(chosen.errors)")
      #expect(
        try await contacts.run(["sync", "default", "holidays"]).errors.contains("links no address book holidays"))
      let bob = try contacts.file("bob.vcf", crlf("BEGIN:VCARD", "VERSION:3.0", "UID:bob-1", "FN:Bob", "END:VCARD"))
      #expect(try await contacts.run(["import", bob]).status == 0)
      let next = try await contacts.run(["sync"])
      #expect(next.output.contains("  Work: 1 sent") && next.output.contains("  Shared: 0 sent"), "\(next.output)")
      let after = try await contacts.run(["sync", "status"]).output
      #expect(after.split(separator: "\n").contains { $0.hasPrefix("  * Work") && $0.contains("2 contacts") })
    }
  }

  /// A book deleted on the server: `sync` says so and exits 2 (and every later sync), `sync
  /// status` marks it, its contacts stay here, and it cannot become the default.
  @Test func aBookRemovedOnTheServerIsSaidAndItsContactsStay() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      try await Self.makeBooks(on: server)
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
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
      for _ in 0..<2 {
        let sync = try await contacts.run(["sync"])
        #expect(sync.status == 2, "\(sync.output) \(sync.errors)")
        #expect(sync.output.contains("0 deleted here") && sync.output.contains("1 address book gone from the server"))
        #expect(
          sync.errors.contains(
            "the address book Work is gone from the server: its contacts stay here and are no longer synced."),
          "\(sync.errors)")
      }
      let status = try await contacts.run(["sync", "status"]).output
      #expect(
        status.split(separator: "\n").contains { line in
          line.hasPrefix("    Work") && line.contains("1 contacts, 0 on server")
            && line.hasSuffix(": gone from the server")
        }, "\(status)")
      #expect(status.contains("On server:    2 contacts"), "\(status)")
      #expect(try await contacts.run(["export"]).output.contains("UID:wes"))
      let chosen = try await contacts.run(["sync", "default", "work"])
      #expect(chosen.status == 1 && chosen.errors.contains("Work is gone from the server"), "\(chosen.errors)")
    }
  }
}
