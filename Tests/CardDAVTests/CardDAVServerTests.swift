import CardDAV
import CardDAVTesting
import Foundation
import Testing

/// The client against real servers, Radicale 3.9.0, Xandikos 0.4.10, DAViCal 1.1.12 and Cyrus
/// IMAP 3.6, each test with a server (or on DAViCal a principal) of its own (`DAVTestServer`):
/// discovery, address books, conditional writes, listing, multiget
/// and sync-collection as the servers really answer them.
@Suite struct CardDAVServerTests {
  @Test(arguments: DAVTestServer.Kind.allCases)
  func discoveryFromTheBareServerURLFindsTheHomeSetAndTheBook(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        let account = try await client.discover(server.baseURL)
        #expect(account.principal != nil)
        #expect(account.homeSets == [server.homeSetURL])
        let book = try #require(account.addressBooks.first { $0.url == server.addressBookURL })
        #expect(book.supportsSyncCollection)
        #expect(book.acceptedVersions.contains("3.0"))
      }
    }
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func discoveryFromTheBookURLReturnsThatBookOnly(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        var bookWithoutSlash = server.addressBookURL.absoluteString
        bookWithoutSlash.removeLast()
        let account = try await client.discover(URL(string: bookWithoutSlash)!)
        #expect(account.addressBooks.map(\.url) == [server.addressBookURL])
        #expect(client.requestCount <= 2)
      }
    }
  }

  /// Radicale and Cyrus check passwords (Xandikos takes any).
  @Test(arguments: [DAVTestServer.Kind.radicale, .cyrus])
  func aWrongPasswordIsUnauthorizedInWordsWithoutThePassword(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let wrong = server.wrongCredentials
      try await CardDAVClient.withClient(credentials: wrong, timeout: TestCards.patientTimeout) { client in
        let error = await #expect(throws: CardDAVError.self) { try await client.discover(server.baseURL) }
        let port = try #require(server.baseURL.port)
        guard case .unauthorized(let url) = error else {
          Issue.record("expected .unauthorized, got \(String(describing: error))")
          return
        }
        #expect(url.port == port)
        #expect(
          error?.description == "The server at 127.0.0.1:\(port) refused the user name or password (401).")
        #expect(error?.description.contains(wrong.password) == false)
      }
    }
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func createdAddressBookIsDiscovered(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        let created = try await client.createAddressBook(
          in: server.homeSetURL, segment: "work", displayName: "Work & friends")
        #expect(created.url == server.homeSetURL.appending(path: "work/"))
        // DAViCal keeps the name as it came in the XML, escaped, and escapes it again when it
        // answers (a DAViCal bug: other clients show "Work &amp; friends" too).
        #expect(created.displayName == (kind == .davical ? "Work &amp; friends" : "Work & friends"))
        let account = try await client.discover(server.baseURL)
        #expect(Set(account.addressBooks.map(\.url)) == [server.addressBookURL, created.url])
        await #expect(throws: CardDAVError.self) {
          try await client.createAddressBook(in: server.homeSetURL, segment: "work", displayName: "Again")
        }
      }
    }
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func putAndDeleteHonourTheirConditions(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        let book = server.addressBookURL
        let uid = TestCards.uid("put")
        let href = CardDAVClient.href(forUID: uid, in: book)
        let first = try await client.put(
          href, in: book, card: TestCards.card(uid: uid, name: "First"), condition: .create)
        await #expect(throws: CardDAVError.preconditionFailed(href: href)) {
          try await client.put(href, in: book, card: TestCards.card(uid: uid, name: "Again"), condition: .create)
        }
        // DAViCal sends no ETag for a card it changed (it adds a REV): RFC 7231 allows that.
        let firstETag = try #require(try await etag(first, of: href, in: book, client), "\(kind) has an ETag")
        let second = try #require(
          try await etag(
            client.put(
              href, in: book, card: TestCards.card(uid: uid, name: "Second"), condition: .replace(etag: firstETag)),
            of: href, in: book, client))
        #expect(second != firstETag)
        await #expect(throws: CardDAVError.preconditionFailed(href: href)) {
          try await client.put(
            href, in: book, card: TestCards.card(uid: uid, name: "Stale"), condition: .replace(etag: firstETag))
        }
        await #expect(throws: CardDAVError.preconditionFailed(href: href)) {
          try await client.delete(href, in: book, etag: firstETag)
        }
        var listed: [RemoteETag] = []
        _ = try await client.listETags(book) { listed.append($0) }
        #expect(listed == [RemoteETag(href: href, etag: second)])
        let stored = try #require(try await client.get(href, in: book))
        #expect(stored.text.contains("FN:Second"))
        #expect(stored.etag == second)

        try await client.delete(href, in: book, etag: second)
        try await client.delete(href, in: book, etag: second)  // already gone: fine
        #expect(try await client.get(href, in: book) == nil)
      }
    }
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func listAndMultigetReturnEveryCardAndTheMissingOne(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        let book = server.addressBookURL
        var written: [String: String] = [:]
        for name in ["Ada", "Grace", "Linus"] {
          let uid = TestCards.uid(name)
          let href = CardDAVClient.href(forUID: uid, in: book)
          written[href] = try await etag(
            client.put(href, in: book, card: TestCards.card(uid: uid, name: name), condition: .create),
            of: href, in: book, client)
        }
        var listed: [String: String] = [:]
        let token = try await client.listETags(book) { listed[$0.href] = $0.etag }
        #expect(listed == written)
        #expect(token?.isEmpty == false)

        let missing = book.path() + "nobody-here.vcf"
        var fetched: [FetchedCard] = []
        try await client.multiget(book, hrefs: Array(written.keys) + [missing]) { fetched.append($0) }
        #expect(fetched.count == 4)
        #expect(fetched.contains(.missing(href: missing)))
        for case .card(let href, let etag, let text) in fetched {
          #expect(written[href] == etag)
          #expect(text.hasPrefix("BEGIN:VCARD"))
        }
        let requestsBefore = client.requestCount
        try await client.multiget(book, hrefs: []) { _ in Issue.record("nothing to fetch") }
        #expect(client.requestCount == requestsBefore)
      }
    }
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func syncCollectionReportsChangesAndRemovalsSinceTheToken(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        let book = server.addressBookURL
        var etags: [String: String] = [:]
        for name in ["Kept", "Changed", "Removed"] {
          let href = CardDAVClient.href(forUID: name, in: book)
          etags[href] = try await etag(
            client.put(href, in: book, card: TestCards.card(uid: name, name: name), condition: .create),
            of: href, in: book, client)
        }
        var initial: [SyncChange] = []
        let first = try await client.syncCollection(book, token: nil) { initial.append($0) }
        #expect(!first.isTruncated)
        #expect(Set(initial) == Set(etags.map { SyncChange.changed(href: $0.key, etag: $0.value) }))

        let changed = CardDAVClient.href(forUID: "Changed", in: book)
        let removed = CardDAVClient.href(forUID: "Removed", in: book)
        let newETag = try #require(
          try await etag(
            client.put(
              changed, in: book, card: TestCards.card(uid: "Changed", name: "Changed", note: "edited"),
              condition: .replace(etag: etags[changed]!)),
            of: changed, in: book, client))
        try await client.delete(removed, in: book, etag: etags[removed]!)

        var since: [SyncChange] = []
        let second = try await client.syncCollection(book, token: first.newToken) { since.append($0) }
        #expect(Set(since) == [.changed(href: changed, etag: newETag), .removed(href: removed)])
        #expect(second.newToken != first.newToken)

        var none: [SyncChange] = []
        _ = try await client.syncCollection(book, token: second.newToken) { none.append($0) }
        #expect(none.isEmpty)

        let bogus = kind == .radicale ? "http://radicale.org/ns/sync/\(String(repeating: "0", count: 64))" : "bogus"
        if kind == .davical {
          // DAViCal answers a token it does not know with every card, as if there were none, not
          // with RFC 6578's 403 valid-sync-token (the sync engine sees through it).
          var all: [SyncChange] = []
          _ = try await client.syncCollection(book, token: bogus) { all.append($0) }
          let kept = CardDAVClient.href(forUID: "Kept", in: book)
          #expect(Set(all) == [.changed(href: kept, etag: etags[kept]!), .changed(href: changed, etag: newETag)])
        } else {
          await #expect(throws: CardDAVError.invalidSyncToken) {
            try await client.syncCollection(book, token: bogus) { _ in }
          }
        }
      }
    }
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func preloadedCardsAreServed(kind: DAVTestServer.Kind) async throws {
    let cards = (0..<20).map { index in
      DAVTestServer.PreloadedCard(
        name: "card-\(index).vcf",
        text: String(decoding: TestCards.card(uid: "card-\(index)", name: "Card \(index)"), as: UTF8.self))
    }
    try await DAVTestServer.withServer(kind, preloading: cards) { server in
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        var hrefs: Set<String> = []
        _ = try await client.listETags(server.addressBookURL) { hrefs.insert($0.href) }
        #expect(hrefs == Set(cards.map { server.addressBookURL.path() + $0.name }))
      }
    }
  }

  /// The ETag a PUT returned, or the card's current one when it returned none.
  func etag(_ returned: String?, of href: String, in book: URL, _ client: CardDAVClient) async throws -> String? {
    if let returned { return returned }
    return try await client.get(href, in: book)?.etag
  }
}
