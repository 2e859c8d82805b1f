import CardDAVTesting
import Foundation
import Testing

@testable import CardDAV

/// Credentials stay with their origin: two real loopback servers, the linked one on 127.0.0.1
/// and another on 127.0.0.2 (another host to the client), and every request the second receives
/// recorded. A redirect there is never followed with the password: discovery stops and says
/// where the server sends it, a sync refuses, and the second server hears from the client only
/// once a client is made for it (the user linked it).
@Suite struct CredentialOriginTests {
  static let credentials = DAVCredentials(username: "ada", password: "hunter2-secret")

  /// Runs `body` with the other server (127.0.0.2, an empty address book at /book/) and the
  /// linked one (127.0.0.1), which answers everything with `status` to the other's book.
  static func withRedirectingServers(
    status: Int = 301, _ body: (_ linked: ScriptedHTTPServer, _ other: ScriptedHTTPServer) async throws -> Void
  ) async throws {
    let book = ScriptedAddressBook(path: "/book/")
    try await ScriptedHTTPServer.withServer(on: "127.0.0.2", { book.reply(to: $0) }) { other in
      let target = other.baseURL.appending(path: "book/").absoluteString
      try await ScriptedHTTPServer.withServer({ _ in .answer(status: status, headers: [("Location", target)]) }) {
        linked in try await body(linked, other)
      }
    }
  }

  @Test(arguments: ["ada/book/", ""])
  func discoveryRedirectedToAnotherHostSendsNothingThere(path: String) async throws {
    try await Self.withRedirectingServers { linked, other in
      let start = linked.baseURL.appending(path: path)
      try await CardDAVClient.withClient(credentials: Self.credentials, server: start) { client in
        let error = await #expect(throws: CardDAVError.self) { try await client.discover(start) }
        let target = other.baseURL.appending(path: "book/")
        guard case .redirectedElsewhere(let from, let to) = error else {
          Issue.record("expected .redirectedElsewhere, got \(String(describing: error))")
          return
        }
        #expect(to == target && from.host() == "127.0.0.1")
        #expect(
          error?.description.contains("on to \(target.absoluteString), another server: nothing was sent there") == true)
      }
      #expect(other.requests.isEmpty)
      #expect(other.requests.allSatisfy { $0.headers["authorization"] == nil })
      #expect(linked.requests.allSatisfy { $0.headers["authorization"] != nil })
    }
  }

  @Test func linkingTheOtherServerSendsItTheCredentialsOnlyFromAClientMadeForIt() async throws {
    try await Self.withRedirectingServers(status: 308) { linked, other in
      let start = linked.baseURL.appending(path: "ada/book/")
      let target = try await CardDAVClient.withClient(credentials: Self.credentials, server: start) { client in
        do {
          _ = try await client.discover(start)
          Issue.record("discovery followed the redirect")
          return URL(string: "about:blank")!
        } catch CardDAVError.redirectedElsewhere(_, let to) {
          // The client made for the linked server will not talk to the other one either.
          await #expect(throws: CardDAVError.otherServer(to, linked: ServerOrigin(start)!)) {
            try await client.addressBook(at: to)
          }
          return to
        }
      }
      #expect(other.requests.isEmpty)
      let askedOfLinked = linked.requests.count

      // The user links the other server: a client made for it discovers there.
      let found = try await CardDAVClient.withClient(credentials: Self.credentials, server: target) { client in
        try await client.discover(target)
      }
      #expect(found.addressBooks.map(\.url) == [target])
      #expect(!other.requests.isEmpty)
      #expect(other.requests.allSatisfy { $0.headers["authorization"] == Self.credentials.basicAuthorization })
      #expect(linked.requests.count == askedOfLinked)
    }
  }

  @Test(arguments: [301, 302, 307, 308])
  func aSyncRedirectedToAnotherHostIsRefusedAndNothingGoesThere(status: Int) async throws {
    try await Self.withRedirectingServers(status: status) { linked, other in
      let book = linked.baseURL.appending(path: "ada/book/")
      try await CardDAVClient.withClient(credentials: Self.credentials, server: book) { client in
        let requests: [(String, () async throws -> Void)] = [
          ("sync-collection", { _ = try await client.syncCollection(book, token: "t") { _ in } }),
          ("listing", { _ = try await client.listETags(book) { _ in } }),
          ("multiget", { try await client.multiget(book, hrefs: ["/ada/book/a.vcf"]) { _ in } }),
          ("query", { _ = try await client.queryAll(book) { _ in } }),
          ("get", { _ = try await client.get("/ada/book/a.vcf", in: book) }),
          ("put", { _ = try await client.put("/ada/book/a.vcf", in: book, card: [], condition: .create) }),
          ("delete", { try await client.delete("/ada/book/a.vcf", in: book, etag: #""1""#) }),
        ]
        for (name, request) in requests {
          do {
            try await request()
            Issue.record("\(name) succeeded")
          } catch let error as CardDAVError {
            guard case .redirectedElsewhere(_, let to) = error else {
              Issue.record("\(name): expected .redirectedElsewhere, got \(error)")
              continue
            }
            #expect(to == other.baseURL.appending(path: "book/"), "\(name)")
          }
        }
      }
      #expect(other.requests.isEmpty)
      #expect(linked.requests.count == 7)
    }
  }

  @Test func redirectsOnTheSameServerAreStillFollowed() async throws {
    let book = ScriptedAddressBook(path: "/book/")
    try await ScriptedHTTPServer.withServer({ request in
      request.path == "/ada/book/" ? .answer(status: 301, headers: [("Location", "/book/")]) : book.reply(to: request)
    }) { server in
      let found = try await CardDAVClient.withClient(credentials: Self.credentials) { client in
        try await client.discover(server.baseURL.appending(path: "ada/book/"))
      }
      #expect(found.addressBooks.map(\.url) == [server.baseURL.appending(path: "book/")])
      #expect(server.requests.map(\.path) == ["/ada/book/", "/book/"])
    }
  }

  @Test func aClientMadeWithoutAServerKeepsToItsFirstRequestsOrigin() async throws {
    try await Self.withRedirectingServers { linked, other in
      try await CardDAVClient.withClient(credentials: Self.credentials) { client in
        _ = try? await client.addressBook(at: linked.baseURL)
        #expect(client.origin == ServerOrigin(linked.baseURL))
        let error = await #expect(throws: CardDAVError.self) { try await client.addressBook(at: other.baseURL) }
        #expect(error == .otherServer(other.baseURL, linked: ServerOrigin(linked.baseURL)!))
        #expect(error?.description.contains("the password belongs to \(ServerOrigin(linked.baseURL)!)") == true)
      }
      #expect(other.requests.isEmpty)
    }
  }

  @Test func httpsNeverGoesOnToHTTPAndAnOriginIsSchemeHostAndPort() throws {
    for target in ["http://dav.example.com/dav/", "http://127.0.0.1:8080/dav/"] {
      #expect(
        throws: CardDAVError.insecureRedirect(
          from: URL(string: "https://dav.example.com/a/")!, to: URL(string: target)!)
      ) {
        try ServerAddressPolicy.checkRedirect(
          from: URL(string: "https://dav.example.com/a/")!, to: URL(string: target)!)
      }
    }
    let same = try ServerAddressPolicy.checkRedirect(
      from: URL(string: "https://dav.example.com/a/")!, to: URL(string: "https://DAV.example.com:443/b/")!)
    #expect(same.path() == "/b/")
    for elsewhere in ["https://dav.example.com:8443/b/", "https://carddav.example.com/b/", "https://dav.example.org/"] {
      #expect(
        throws: CardDAVError.redirectedElsewhere(
          from: URL(string: "https://dav.example.com/a/")!, to: URL(string: elsewhere)!)
      ) {
        try ServerAddressPolicy.checkRedirect(
          from: URL(string: "https://dav.example.com/a/")!, to: URL(string: elsewhere)!)
      }
    }
    #expect(
      ServerOrigin(URL(string: "https://Dav.Example.com./x")!)
        == ServerOrigin(URL(string: "https://dav.example.com:443/")!))
    #expect(
      ServerOrigin(URL(string: "http://dav.example.com/")!) != ServerOrigin(URL(string: "https://dav.example.com/")!))
    #expect(ServerOrigin(URL(string: "http://[::1]:5232/")!)?.description == "http://[::1]:5232")
    #expect(ServerOrigin(URL(string: "https://dav.example.com/")!)?.description == "https://dav.example.com")
  }
}
