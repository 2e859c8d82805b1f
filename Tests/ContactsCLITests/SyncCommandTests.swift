import CardDAV
import CardDAVTesting
import Foundation
import Testing

/// `contacts sync` as a person runs it: set-up from a bare server URL, a sync with its summary,
/// status, conflicts and their settling, unlinking, and the errors said in words.
@Suite struct SyncCommandTests {
  /// The account password `ContactsBinary.addAccount` gives.
  static let accountPassword = "analytical-engine"

  @Test func setUpFromTheServersAddressSyncAndSeeTheStatus() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let file = try contacts.file(
        "in.vcf",
        crlf("BEGIN:VCARD", "VERSION:3.0", "UID:ann-1", "FN:Ann, the First", "EMAIL:ann@example.com", "END:VCARD"))
      #expect(try await contacts.run(["import", file]).status == 0)
      let password = server.credentials.password
      let setup = try await contacts.run(
        [
          "sync", "setup", server.baseURL.absoluteString, "--username", server.credentials.username, "--create", "Work",
        ],
        input: "\(password)\n\(Self.accountPassword)\n")
      #expect(setup.status == 0, "\(setup.errors)")
      #expect(setup.output.contains("Linked ada@example.com to \"Work\""))
      #expect(!setup.output.contains(password) && !setup.errors.contains(password))

      let sync = try await contacts.run(["sync"], input: "\(Self.accountPassword)\n")
      #expect(sync.status == 0, "\(sync.errors)")
      #expect(sync.output.contains(": 1 sent, 0 received, 0 deleted here, 0 deleted there, 0 merged, 0 conflicts ("))
      let again = try await contacts.run(["sync"], input: "\(Self.accountPassword)\n")
      #expect(again.output.contains(": 0 sent, 0 received") && again.output.contains("(1 request)."))

      let status = try await contacts.run(["sync", "status"])
      #expect(status.output.contains("/work/ (vCard 3.0)") && status.output.contains("On server:    1 contacts"))
      #expect(status.output.contains("stored sealed") && status.output.contains("succeeded"))
      #expect(!status.output.contains(password))

      let wrong = try await contacts.run(["sync"], input: "not the account password\n")
      #expect(wrong.status == 1 && wrong.errors.contains("wrong password for ada@example.com; nothing was changed."))

      let forget = try await contacts.run(["sync", "forget"])
      #expect(forget.status == 0 && forget.output.contains("its contacts stay here"))
      #expect(try await contacts.run(["export"]).output.contains("UID:ann-1"))
    }
  }

  @Test func aConflictExitsWithTwoAndIsSettledFromTheCommandLine() async throws {
    try await DAVTestServer.withServer(.xandikos) { server in
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let card = { (email: String) in
        crlf("BEGIN:VCARD", "VERSION:3.0", "UID:bob-1", "FN:Bob", "EMAIL:\(email)", "END:VCARD")
      }
      _ = try await contacts.run(["import", try contacts.file("a.vcf", card("bob@example.com"))])
      let setup = try await contacts.run(
        [
          "sync", "setup", server.addressBookURL.absoluteString, "--username", "anyone",
          "--password-command", "printf 'unused\\n'",
        ])
      #expect(setup.status == 0, "\(setup.errors)")
      #expect(try await contacts.run(["sync"]).status == 0)
      // The email changed here and, differently, on the server.
      _ = try await contacts.run(["import", try contacts.file("b.vcf", card("bob@here.example"))])
      try await CardDAVClient.withClient(credentials: server.credentials) { client in
        var member: RemoteETag?
        _ = try await client.listETags(server.addressBookURL) { member = $0 }
        let found = try #require(member)
        _ = try await client.put(
          found.href, in: server.addressBookURL, card: Array(card("bob@there.example").utf8),
          condition: .replace(etag: found.etag))
      }
      let conflicted = try await contacts.run(["sync"])
      #expect(conflicted.status == 2)
      #expect(conflicted.output.contains("1 conflict") && conflicted.output.contains("contacts sync conflicts"))
      let shown = try await contacts.run(["sync", "conflicts"])
      #expect(shown.output.contains("here:   EMAIL:bob@here.example"))
      #expect(shown.output.contains("server: EMAIL:bob@there.example"))
      #expect(try await contacts.run(["sync", "resolve", "bob-1", "--keep", "server"]).status == 0)
      #expect(try await contacts.run(["sync"]).status == 0)
      #expect(try await contacts.run(["export"]).output.contains("bob@there.example"))
    }
  }

  @Test func plainHTTPToAnotherMachineIsRefusedBeforeAnyConnection() async throws {
    let contacts = try ContactsBinary()
    defer { contacts.cleanUp() }
    try await contacts.addAccount()
    let run = try await contacts.run(
      ["sync", "setup", "http://dav.example.com/", "--username", "ada", "--password-command", "printf 'x\\n'"])
    #expect(run.status == 1)
    #expect(run.errors.contains("http://") && run.errors.contains("Nothing was changed."))
    #expect(try await contacts.run(["sync", "status"]).output.contains("not linked"))
  }

  @Test func aPasswordChangedOnTheServerIsGivenAgainAndTheLinkGoesOn() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let file = try contacts.file(
        "in.vcf", crlf("BEGIN:VCARD", "VERSION:3.0", "UID:ann-1", "FN:Ann", "END:VCARD"))
      #expect(try await contacts.run(["import", file]).status == 0)
      let setup = try await contacts.run(
        ["sync", "setup", server.addressBookURL.absoluteString, "--username", server.credentials.username],
        input: "\(server.credentials.password)\n\(Self.accountPassword)\n")
      #expect(setup.status == 0, "\(setup.errors)")
      #expect(try await contacts.run(["sync"], input: "\(Self.accountPassword)\n").status == 0)

      let changed = try server.changePassword(to: "n3w-" + server.credentials.password)
      let refused = try await contacts.run(["sync"], input: "\(Self.accountPassword)\n")
      #expect(refused.status == 1 && refused.errors.contains("refused the user name or password (401)"))
      // A wrong new password is checked with the server before anything is kept.
      let wrong = try await contacts.run(["sync", "password"], input: "not-it\n")
      #expect(wrong.status == 1 && wrong.errors.contains("(401). Nothing was changed."), "\(wrong.errors)")
      let given = try await contacts.run(["sync", "password"], input: "\(changed.password)\n\(Self.accountPassword)\n")
      #expect(given.status == 0, "\(given.errors)")
      #expect(!given.output.contains(changed.password) && !given.errors.contains(changed.password))
      // The link went on where it was: its token kept, nothing to send again, one request.
      let again = try await contacts.run(["sync"], input: "\(Self.accountPassword)\n")
      #expect(again.status == 0, "\(again.errors)")
      #expect(again.output.contains(": 0 sent, 0 received") && again.output.contains("(1 request)."))
      #expect(try await contacts.run(["sync", "status"]).output.contains("succeeded"))
    }
  }

  @Test func syncingAnUnlinkedAccountSaysHowToSetItUp() async throws {
    let contacts = try ContactsBinary()
    defer { contacts.cleanUp() }
    try await contacts.addAccount()
    let run = try await contacts.run(["sync"])
    #expect(run.status == 1 && run.errors.contains("contacts sync setup URL --username NAME"))
  }
}
