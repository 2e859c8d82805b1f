import CardDAVTesting
import ContactsTesting
import Foundation
import TestSupport
import Testing

/// Set-up in the app against a server that redirects to another (127.0.0.1 to 127.0.0.2, two
/// real loopback servers): a dialog says where it sends you, nothing reaches the other server
/// until the user links it, and linking it discovers there.
@MainActor
struct SyncRedirectScreenTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test func theOtherServerIsAskedAboutAndHearsNothingUntilItIsLinked() async throws {
    defer { directory.remove() }
    let book = ScriptedAddressBook(path: "/book/")
    try await ScriptedHTTPServer.withServer(on: "127.0.0.2", { book.reply(to: $0) }) { other in
      let target = other.baseURL.appending(path: "book/").absoluteString
      try await ScriptedHTTPServer.withServer({ _ in .answer(status: 301, headers: [("Location", target)]) }) {
        typed in
        let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
        try await app.seedAda(people: [])
        await app.signIn(email: adaEmail, password: adaPassword)
        await app.type("s")
        await app.type(typed.baseURL.appending(path: "ada/book/").absoluteString)
        await app.press(.tab)
        await app.type("ada")
        await app.press(.tab)
        await app.type("s3cret-pass")
        await app.press(.enter)
        await app.settle()

        let asked = app.screenText
        #expect(asked.contains("Link another server?"))
        #expect(app.state.dialog?.message.contains("sends you to \(target), another server") == true)
        #expect(other.requests.isEmpty)
        // No: the form says where it was sent, and nothing went there.
        await app.press(.escape)
        #expect(app.screenText.contains("nothing was sent there"))
        #expect(other.requests.isEmpty)

        // Asked again, and linked: discovery runs there, with the password, and finds its book.
        await app.press(.enter)
        await app.settle()
        #expect(app.state.dialog != nil)
        await app.press(.enter)
        await app.settle()
        #expect(app.state.signedIn?.sync.setup.form.text(.server) == target)
        #expect(app.screenText.contains(target))
        #expect(app.state.signedIn?.sync.setup.isChoosing == true)
        #expect(!other.requests.isEmpty)
        #expect(other.requests.allSatisfy { $0.headers["authorization"]?.hasPrefix("Basic ") == true })
        #expect(!app.screenText.contains("s3cret-pass"))
      }
    }
  }
}
