import CardDAVTesting
import Foundation
import Testing

@testable import CardDAV

/// What the client refuses before sending anything, how unreachable servers read, and the one
/// form of hrefs.
@Suite struct ClientSafetyTests {
  static let credentials = DAVCredentials(username: "alice", password: "hunter2-secret")

  @Test(arguments: [
    "http://dav.example.com/", "http://192.0.2.10:5232/", "http://127.0.0.1.example.com/", "http://[::2]/",
  ])
  func plainHTTPToAnotherMachineIsRefusedWithoutAConnection(address: String) async throws {
    try await CardDAVClient.withClient(credentials: Self.credentials) { client in
      let url = URL(string: address)!
      await #expect(throws: CardDAVError.insecureURL(url)) { try await client.discover(url) }
      await #expect(throws: CardDAVError.insecureURL(url)) { try await client.addressBook(at: url) }
      await #expect(throws: CardDAVError.insecureURL(url.appending(path: "a/b.vcf"))) {
        try await client.put("/a/b.vcf", in: url, card: [], condition: .create)
      }
      #expect(client.requestCount == 0)
      #expect(CardDAVError.insecureURL(url).description.contains("use https://"))
    }
  }

  @Test func loopbackNamesAndAddresses() {
    for host in ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "localhost.", "::1", "[::1]", "app.localhost"] {
      #expect(ServerAddressPolicy.isLoopback(host), "\(host)")
    }
    for host in ["128.0.0.1", "127.0.0.1.nip.io", "127.0.0", "127.0.0.256", "10.0.0.1", "example.com", "::2", ""] {
      #expect(!ServerAddressPolicy.isLoopback(host), "\(host)")
    }
  }

  @Test func urlsWithCredentialsOrWithoutAHostAreInvalidAndNeverEchoThePassword() async throws {
    try await CardDAVClient.withClient(credentials: Self.credentials) { client in
      let withPassword = URL(string: "https://alice:hunter2-secret@dav.example.com/")!
      let error = await #expect(throws: CardDAVError.self) { try await client.discover(withPassword) }
      #expect(error == .invalidURL("https://dav.example.com/"))
      #expect(error?.description.contains("hunter2") == false)
      await #expect(throws: CardDAVError.invalidURL("ftp://dav.example.com/")) {
        try await client.discover(URL(string: "ftp://dav.example.com/")!)
      }
      #expect(client.requestCount == 0)
    }
  }

  @Test func aPortNobodyListensOnIsUnreachableInWords() async throws {
    let port = try #require(LoopbackPort.unused())
    try await CardDAVClient.withClient(credentials: Self.credentials) { client in
      let url = URL(string: "http://127.0.0.1:\(port)/")!
      let error = await #expect(throws: CardDAVError.self) { try await client.discover(url) }
      #expect(
        error
          == .hostUnreachable(
            host: "127.0.0.1:\(port)", detail: "connection refused (is the server running on that port?)"))
      #expect(error?.description.hasPrefix("Could not reach host 127.0.0.1:\(port): connection refused") == true)
      #expect(client.requestCount == 1)
    }
  }

  @Test func credentialsNeverPrintThePassword() {
    let credentials = Self.credentials
    for text in [
      credentials.description, credentials.debugDescription, String(describing: credentials),
      String(reflecting: credentials),
      {
        var out = ""; dump(credentials, to: &out); return out
      }(),
    ] {
      #expect(!text.contains("hunter2"), "\(text)")
      #expect(text.contains("alice"))
    }
  }

  @Test func hrefsTakeOneCanonicalFormWhateverTheServerWrote() {
    let base = URL(string: "https://dav.example.com/alice/book/")!
    let same = [
      "/alice/book/a%40b.vcf", "/alice/book/a@b.vcf", "https://dav.example.com/alice/book/a@b.vcf", "a%40b.vcf",
      " /alice/book/a%40b.vcf\n",
    ]
    for written in same {
      #expect(CardDAVClient.canonicalHref(written, relativeTo: base) == "/alice/book/a@b.vcf", "\(written)")
    }
    #expect(
      CardDAVClient.canonicalHref("/alice/book/J%c3%b6rg%20M.vcf", relativeTo: base) == "/alice/book/J%C3%B6rg%20M.vcf")
    #expect(CardDAVClient.canonicalHref("/alice/book/Jörg M.vcf", relativeTo: base) == "/alice/book/J%C3%B6rg%20M.vcf")
    #expect(CardDAVClient.canonicalHref("/alice/book/%7Ea%2Fb.vcf", relativeTo: base) == "/alice/book/~a%2Fb.vcf")
    #expect(CardDAVClient.canonicalHref("/alice/book/100%.vcf", relativeTo: base) == "/alice/book/100%25.vcf")
    #expect(CardDAVClient.canonicalHref("", relativeTo: base) == nil)
  }

  @Test func aNewCardsHrefComesFromItsUID() {
    let book = URL(string: "https://dav.example.com/alice/book")!
    #expect(CardDAVClient.href(forUID: "abc-123", in: book) == "/alice/book/abc-123.vcf")
    #expect(
      CardDAVClient.href(forUID: "urn:uuid:A/B C@d", in: book) == "/alice/book/urn:uuid:A%2FB%20C@d.vcf")
    #expect(CardDAVClient.href(forUID: "ö", in: book) == "/alice/book/%C3%B6.vcf")
    let href = CardDAVClient.href(forUID: "urn:uuid:A/B C@d", in: book)
    #expect(CardDAVClient.canonicalHref(href, relativeTo: book) == href)
  }
}
