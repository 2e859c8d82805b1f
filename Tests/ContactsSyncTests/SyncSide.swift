import CardDAV
import CardDAVTesting
import CardSync
import ContactsModel
import ContactsServices
import ContactsSync
import Foundation
import GRDB
import TestSupport
import VCardFormat

/// One machine's side of a sync in a test: its own database and account, linked to the test
/// server's address book.
struct SyncSide {
  let directory: TemporaryDirectory
  let database: ContactsDatabase
  let contacts: ContactStore
  let sync: SyncStore
  let account: Int64
  let server: DAVTestServer

  static func make(on server: DAVTestServer, name: String = "side") async throws -> SyncSide {
    let directory = try TemporaryDirectory()
    let database = try ContactsDatabase.open(at: directory.path("\(name).sqlite"))
    let account = try await AccountService(database: database, hasher: .fastForTesting)
      .createAccount(email: "ada@example.com", password: "analytical").id
    let side = SyncSide(
      directory: directory, database: database, contacts: ContactStore(database: database),
      sync: SyncStore(database: database), account: account, server: server)
    return side
  }

  /// A side with a contact for each of `names`, linked and synced once: where most tests start.
  static func synced(on server: DAVTestServer, adding names: [String]) async throws -> SyncSide {
    let side = try await make(on: server, name: "laptop")
    for name in names { try await side.add(name) }
    try await side.link()
    try await side.run()
    return side
  }

  /// Links the account to the server's book, as `contacts sync setup` does; `version` overrides
  /// the vCard version it would choose.
  func link(version: String? = nil) async throws {
    let book = try await CardDAVClient.withClient(credentials: server.credentials) { client in
      try await client.addressBook(at: server.addressBookURL)
    }
    try await sync.saveLink(
      SyncLink(
        account: account, addressBook: book.url, username: server.credentials.username,
        password: .command("unused in tests"),
        cardVersion: version ?? (book.supportedVersions.contains("4.0") ? "4.0" : "3.0")))
  }

  /// Links the account to `books` (the first the default), as `contacts sync setup` does when
  /// the server has several.
  func link(_ books: [AddressBookInfo]) async throws {
    try await sync.saveLink(
      SyncLink(
        account: account, username: server.credentials.username, password: .command("unused in tests"),
        linking: books.map { book in
          SyncLink.NewBook(
            url: book.url, name: book.displayName, cardVersion: book.supportedVersions.contains("4.0") ? "4.0" : "3.0")
        }))
  }

  func remove() { directory.remove() }

  /// Runs one sync, as `contacts sync` does.
  @discardableResult
  func run(
    force: Bool = false, credentials: DAVCredentials? = nil,
    through remote: (CardDAVClient) -> any AddressBookRemote = { $0 },
    configure: (inout SyncEngine) -> Void = { _ in }
  ) async throws -> SyncSummary {
    guard let link = try await sync.link(account: account) else { throw SyncTestError("not linked") }
    // Made for the link's server, as `contacts sync` makes it: a book elsewhere is refused.
    return try await CardDAVClient.withClient(credentials: credentials ?? server.credentials, server: link.server) {
      client in
      var engine = SyncEngine(store: sync, client: remote(client), link: link)
      configure(&engine)
      return try await engine.run(force: force)
    }
  }

  /// Adds a contact.
  @discardableResult
  func add(_ name: String, email: String = "", phone: String = "", notes: String = "") async throws -> Contact {
    try await contacts.insert(ContactDraft(name: name, email: email, phone: phone, notes: notes), account: account)
  }

  /// Imports cards as they are (UIDs, groups, photos and all).
  func importCards(_ text: String) async throws {
    let cards = VCardReader.read(text).compactMap(\.card)
    _ = try await contacts.importCards(cards, account: account)
  }

  /// Every contact by UID.
  func all() async throws -> [String: Contact] {
    let page = try await contacts.page(account: account, after: nil, limit: 10_000)
    return Dictionary(uniqueKeysWithValues: page.map { ($0.uid, $0) })
  }

  /// Every contact's fingerprint by UID: what converged sides must agree on.
  func fingerprints() async throws -> [String: String] {
    try await all().mapValues { CardFingerprint.of($0.vCard) }
  }

  func contact(named name: String) async throws -> Contact? {
    try await all().values.first { $0.name == name }
  }

  /// Edits a contact through the store, as the app's editor does.
  func edit(_ contact: Contact, _ change: (inout ContactDraft) -> Void) async throws {
    var draft = ContactDraft(contact)
    change(&draft)
    _ = try await contacts.update(id: contact.id, with: draft, account: account)
  }

  func delete(_ contact: Contact) async throws {
    try await contacts.delete(id: contact.id, account: account)
  }

  /// Sets the kept sync token (to make it stale).
  func setToken(_ token: String) throws {
    try database.writer.write { db in
      try db.execute(sql: "UPDATE sync_book SET syncToken = ?", arguments: [token])
    }
  }
}

struct SyncTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
