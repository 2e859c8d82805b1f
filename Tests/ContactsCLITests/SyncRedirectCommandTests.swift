import CardDAV
import CardDAVTesting
import Foundation
import Synchronization
import Testing

/// Where `contacts` sends the server password when a server redirects, through the real binary:
/// two loopback servers, the one typed on 127.0.0.1 and another on 127.0.0.2, every request the
/// other receives recorded. Set-up sends nothing there unless the user links it
/// (`--accept-redirect`); a sync never follows a redirect elsewhere.
@Suite struct SyncRedirectCommandTests {
  static let accountPassword = SyncCommandTests.accountPassword
  static let serverPassword = "s3rver-secret"

  @Test func setUpSendsThePasswordToTheServerItRedirectsToOnlyWhenTheUserLinksIt() async throws {
    let book = ScriptedAddressBook(path: "/book/")
    try await ScriptedHTTPServer.withServer(on: "127.0.0.2", { book.reply(to: $0) }) { other in
      let target = other.baseURL.appending(path: "book/")
      try await ScriptedHTTPServer.withServer({ _ in
        .answer(status: 301, headers: [("Location", target.absoluteString)])
      }) { typed in
        let contacts = try ContactsBinary()
        defer { contacts.cleanUp() }
        try await contacts.addAccount()
        let setup = ["sync", "setup", typed.baseURL.appending(path: "ada/book/").absoluteString, "--username", "ada"]
        let passwords = "\(Self.serverPassword)\n\(Self.accountPassword)\n"

        let refused = try await contacts.run(setup, input: passwords)
        #expect(refused.status == 1)
        #expect(
          refused.errors.contains(
            "sends /ada/book/ on to \(target.absoluteString), another server: nothing was sent there"))
        #expect(refused.errors.contains("--accept-redirect http://127.0.0.2:\(other.baseURL.port!)"))
        #expect(other.requests.isEmpty)
        #expect(try await contacts.run(["sync", "status"]).output.contains("not linked"))
        // Agreeing to another origin than the one it sends to is no agreement.
        let elsewhere = try await contacts.run(setup + ["--accept-redirect", "http://127.0.0.3:1"], input: passwords)
        #expect(elsewhere.status == 1 && other.requests.isEmpty)

        let accepted = try await contacts.run(
          setup + ["--accept-redirect", "http://127.0.0.2:\(other.baseURL.port!)"], input: passwords)
        #expect(accepted.status == 0, "\(accepted.errors)")
        #expect(accepted.output.contains("Linked ada@example.com to \"Book\" \(target.absoluteString)"))
        #expect(!other.requests.isEmpty)
        let authorization = "Basic " + Data("ada:\(Self.serverPassword)".utf8).base64EncodedString()
        #expect(other.requests.allSatisfy { $0.headers["authorization"] == authorization })
        for run in [refused, elsewhere, accepted] {
          #expect(!run.output.contains(Self.serverPassword) && !run.errors.contains(Self.serverPassword))
        }

        // Linked there, a sync talks to that server only.
        let askedOfTyped = typed.requests.count
        let sync = try await contacts.run(["sync"], input: "\(Self.accountPassword)\n")
        #expect(sync.status == 0, "\(sync.errors)")
        #expect(sync.output.contains("Synced ada@example.com with \(target.absoluteString)"))
        #expect(typed.requests.count == askedOfTyped)
      }
    }
  }

  @Test func aSyncRedirectedToAnotherServerIsRefusedAndNothingIsSentThere() async throws {
    let book = ScriptedAddressBook(path: "/book/")
    try await ScriptedHTTPServer.withServer(on: "127.0.0.2", { book.reply(to: $0) }) { other in
      let target = other.baseURL.appending(path: "book/").absoluteString
      let moved = RedirectSwitch()
      try await ScriptedHTTPServer.withServer({ request in
        moved.isOn ? .answer(status: 308, headers: [("Location", target)]) : book.reply(to: request)
      }) { linked in
        let contacts = try ContactsBinary()
        defer { contacts.cleanUp() }
        try await contacts.addAccount()
        let file = try contacts.file("in.vcf", crlf("BEGIN:VCARD", "VERSION:4.0", "UID:ann-1", "FN:Ann", "END:VCARD"))
        #expect(try await contacts.run(["import", file]).status == 0)
        let setup = try await contacts.run(
          [
            "sync", "setup", linked.baseURL.appending(path: "book/").absoluteString, "--username", "ada",
            "--password-command", "printf '\(Self.serverPassword)\\n'",
          ])
        #expect(setup.status == 0, "\(setup.errors)")

        moved.isOn = true
        let sync = try await contacts.run(["sync"])
        #expect(sync.status == 1)
        #expect(sync.errors.contains("on to \(target), another server: nothing was sent there"), "\(sync.errors)")
        #expect(other.requests.isEmpty)
        #expect(!sync.errors.contains(Self.serverPassword))
        // Nothing was lost: the contact is still to send, and goes once the server is back.
        moved.isOn = false
        let again = try await contacts.run(["sync"])
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.output.contains(": 1 sent"))
      }
    }
  }
}

/// Whether a scripted server redirects now: flipped by the test between runs.
final class RedirectSwitch: Sendable {
  private let state = Mutex(false)

  var isOn: Bool {
    get { state.withLock { $0 } }
    set { state.withLock { $0 = newValue } }
  }
}
