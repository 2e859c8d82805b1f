import CardDAV
import CardDAVTesting
import ContactsCore
import ContactsModel
import ContactsServices
import ContactsTesting
import Foundation
import SnapshotTesting
import TerminalTesting
import TerminalUI
import TestSupport
import Testing
import VCardFormat

/// The sync screen in the real app against a real Radicale on 127.0.0.1: set up from a bare
/// server address with the password typed into the screen, a first sync up, a save that syncs
/// by itself, and a password that never reaches the screen, the state or the session log.
@MainActor
struct SyncScreenTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  private func signedIn(recording: String? = nil) async throws -> AppDriver {
    let driver = try await AppDriver(databasePath: directory.path("contacts.sqlite"), recordingTo: recording)
    try await driver.seedAda(people: Array(fixturePeople.prefix(3)))
    await driver.signIn(email: adaEmail, password: adaPassword)
    return driver
  }

  @Test func theSetUpForm() async throws {
    defer { directory.remove() }
    let app = try await signedIn()
    await app.type("s")
    #expect(app.state.appRoute == .sync)
    assertSnapshot(of: app.frame(), as: .frame, named: "sync-set-up")
    // A server that is not there: said in words, the form kept.
    await app.type("http://127.0.0.1:1")
    await app.press(.tab)
    await app.type("ada")
    await app.press(.tab)
    await app.type("secret")
    await app.press(.enter)
    let failed = app.screenText
    #expect(failed.contains("✖"))
    #expect(failed.contains("127.0.0.1"))
    #expect(app.state.signedIn?.sync.setup.form.text(.server) == "http://127.0.0.1:1")
    #expect(!failed.contains("secret"))
  }

  @Test func setUpInTheAppThenItSyncsByItself() async throws {
    defer { directory.remove() }
    try await DAVTestServer.withServer(.radicale) { server in
      let log = directory.path("session.jsonl")
      let app = try await signedIn(recording: log)
      let password = server.credentials.password
      await app.type("s")
      await app.type(server.baseURL.absoluteString)
      await app.press(.tab)
      await app.type(server.credentials.username)
      await app.press(.tab)
      await app.type(password)
      #expect(app.screenText.contains(String(repeating: "•", count: password.count)))
      await app.press(.enter)
      // Discovery found the user's address book from the bare server address.
      let choosing = app.screenText
      #expect(choosing.contains(server.addressBookURL.absoluteString))
      #expect(choosing.contains("Make a new address book"))
      // The books are clicked: one click selects, a double click on the selected one links it.
      @MainActor func click(on text: String, count: Int = 1) async throws {
        let y = try #require(app.frame().lines.firstIndex { $0.contains(text) })
        let point = Point(x: 4, y: y)
        await app.send(.input(.mouse(MouseEvent(.press, .left, at: point, clickCount: count))))
        await app.send(.input(.mouse(MouseEvent(.release, .left, at: point))))
      }
      @MainActor func selectedBook() -> Int? {
        guard case .choosing(_, let selected) = app.state.signedIn?.sync.setup.status else { return nil }
        return selected
      }
      try await click(on: "Make a new address book")
      #expect(selectedBook() == 1)
      try await click(on: server.addressBookURL.absoluteString)
      #expect(selectedBook() == 0)
      try await click(on: server.addressBookURL.absoluteString, count: 2)
      await app.settle()

      // Linked, and the first sync sent the three contacts.
      let linked = app.screenText
      #expect(linked.contains(server.addressBookURL.absoluteString))
      #expect(linked.contains("3 sent"))
      #expect(app.frame().lines.first?.contains("Synced") == true)
      #expect(try await ServerView(server: server).names() == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])

      // A contact added in the app reaches the server with no key pressed for it.
      await app.press(.escape)
      await app.type("a")
      await app.type("Katherine Johnson")
      await app.press(.ctrl("s"))
      #expect(try await ServerView(server: server).names().contains("Katherine Johnson"))
      #expect(app.state.signedIn?.sync.activity == .synced(SyncReport(sent: 1)))

      // `s` syncs on demand: nothing to do.
      await app.press(.escape)
      await app.type("s")
      await app.type("s")
      #expect(app.screenText.contains("nothing to do"))

      app.finishRecording()
      let recorded = try String(contentsOfFile: log, encoding: .utf8)
      #expect(!recorded.contains(password))
      #expect(!String(describing: app.state).contains(password))
      #expect(!app.screenText.contains(password))
    }
  }
}

extension SyncScreenTests {
  /// The password changed on the server: the header says sync failed and why, `p` on the sync
  /// screen takes the new one, the server checks it, and the link goes on where it was (its
  /// token kept: nothing is sent again).
  @Test func aPasswordChangedOnTheServerIsGivenAgainWithoutStartingOver() async throws {
    defer { directory.remove() }
    try await DAVTestServer.withServer(.radicale) { server in
      let app = try await signedIn()
      await app.type("s")
      await app.type(server.baseURL.absoluteString)
      await app.press(.tab)
      await app.type(server.credentials.username)
      await app.press(.tab)
      await app.type(server.credentials.password)
      await app.press(.enter)
      await app.press(.enter)
      #expect(app.screenText.contains("3 sent"))

      let changed = try server.changePassword(to: "n3w-" + server.credentials.password)
      await app.type("s")
      #expect(app.screenText.contains("refused the user name or password (401)."))
      #expect(app.screenText.contains("p New password"))
      await app.type("p")
      await app.type("not-it")
      await app.press(.enter)
      #expect(app.screenText.contains("refused the user name or password"))
      #expect(app.state.signedIn?.sync.newPassword != nil)
      await app.press(.ctrl("u"))
      await app.type(changed.password)
      #expect(!app.screenText.contains(changed.password))
      await app.press(.enter)
      #expect(app.state.signedIn?.sync.newPassword == nil)
      #expect(app.state.signedIn?.sync.activity == .synced(SyncReport()))
      #expect(app.frame().lines.first?.contains("Synced") == true)
      #expect(!String(describing: app.state).contains(changed.password))
      #expect(
        try await ServerView(server: server, credentials: changed).names() == [
          "Ada Lovelace", "Alan Turing", "Grace Hopper",
        ])
    }
  }
}

/// The server's side, read with a client of its own.
struct ServerView {
  let server: DAVTestServer
  var credentials: DAVCredentials

  init(server: DAVTestServer, credentials: DAVCredentials? = nil) {
    self.server = server
    self.credentials = credentials ?? server.credentials
  }

  /// Deletes the address book and its cards, as another client would.
  func deleteTheBook() async throws {
    try await CardDAVClient.withClient(credentials: credentials) { client in
      try await client.deleteAddressBook(at: server.addressBookURL)
    }
  }

  /// The full names on the server, sorted.
  func names() async throws -> [String] {
    try await CardDAVClient.withClient(credentials: credentials) { client in
      var hrefs: [String] = []
      _ = try await client.listETags(server.addressBookURL) { hrefs.append($0.href) }
      var names: [String] = []
      if hrefs.isEmpty { return names }
      try await client.multiget(server.addressBookURL, hrefs: hrefs) { fetched in
        if case .card(_, _, let text) = fetched, let card = VCardReader.read(text).first?.card,
          let name = card.first("FN")?.text
        {
          names.append(name)
        }
      }
      return names.sorted()
    }
  }
}

extension SyncScreenTests {
  /// The linked book deleted on the server: the next sync says so in the header, the screen
  /// marks the book, and every contact stays in the list.
  @Test func aBookRemovedOnTheServerIsSaidAndTheContactsStay() async throws {
    defer { directory.remove() }
    try await DAVTestServer.withServer(.radicale) { server in
      let app = try await signedIn()
      await app.type("s")
      await app.type(server.baseURL.absoluteString)
      await app.press(.tab)
      await app.type(server.credentials.username)
      await app.press(.tab)
      await app.type(server.credentials.password)
      await app.press(.enter)
      await app.press(.enter)
      #expect(app.screenText.contains("3 sent"))

      try await ServerView(server: server).deleteTheBook()
      await app.type("s")
      #expect(app.state.signedIn?.sync.activity == .synced(SyncReport(goneBooks: 1)))
      #expect(app.screenText.contains("1 address book gone from the server"))
      #expect(app.screenText.contains("gone from the server: its contacts stay here, no longer synced"))
      // What to do about it: the two commands, as `contacts sync` names them.
      let hint = app.screenText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
      #expect(hint.contains("move its contacts to another book with `contacts sync move --from"))
      #expect(hint.contains("keep them here only with `contacts sync unlink-book"))
      await app.press(.escape)
      for name in ["Ada Lovelace", "Alan Turing", "Grace Hopper"] { #expect(app.screenText.contains(name)) }
    }
  }
}
