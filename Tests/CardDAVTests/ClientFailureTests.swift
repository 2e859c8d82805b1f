import CardDAV
import CardDAVTesting
import Foundation
import Testing

/// What real servers do not do on demand, from a scripted loopback server: redirect loops,
/// silence, 5xx, garbage and cut-off answers, a truncated sync, a server that is not CardDAV.
/// Each failure is a `CardDAVError` in words, never a crash or a hang.
@Suite struct ClientFailureTests {
  static let credentials = DAVCredentials(username: "alice", password: "hunter2-secret")

  @Test func aRedirectLoopIsReportedWithTheURLItLoopsAt() async throws {
    try await ScriptedHTTPServer.withServer({ request in
      switch request.path {
      case "/.well-known/carddav": .answer(status: 301, headers: [("Location", "/dav/")])
      default: .answer(status: 308, headers: [("Location", "/.well-known/carddav")])
      }
    }) { server in
      try await CardDAVClient.withClient(credentials: Self.credentials) { client in
        let error = await #expect(throws: CardDAVError.self) { try await client.discover(server.baseURL) }
        let wellKnown = server.baseURL.appending(path: ".well-known/carddav")
        #expect(error == .redirectLoop(wellKnown))
        #expect(error?.description == "Redirected in a loop at \(wellKnown.absoluteString).")
        #expect(client.requestCount == 2)
      }
    }
  }

  @Test func endlessRedirectsStopAfterTheLimit() async throws {
    try await ScriptedHTTPServer.withServer({ request in
      let hop = Int(request.path.split(separator: "/").last ?? "") ?? 0
      return .answer(status: 302, headers: [("Location", "/hop/\(hop + 1)")])
    }) { server in
      try await CardDAVClient.withClient(credentials: Self.credentials) { client in
        let error = await #expect(throws: CardDAVError.self) { try await client.discover(server.baseURL) }
        guard case .redirectLoop = error else {
          Issue.record("expected .redirectLoop, got \(String(describing: error))")
          return
        }
        #expect(client.requestCount == 11)  // the first request and ten redirects
      }
    }
  }

  @Test func aRedirectToPlainHTTPElsewhereIsRefused() async throws {
    try await ScriptedHTTPServer.withServer({ _ in
      .answer(status: 301, headers: [("Location", "http://dav.example.com/dav/")])
    }) { server in
      try await CardDAVClient.withClient(credentials: Self.credentials) { client in
        await #expect(throws: CardDAVError.insecureURL(URL(string: "http://dav.example.com/dav/")!)) {
          try await client.discover(server.baseURL)
        }
        #expect(client.requestCount == 1)
      }
    }
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    try await ScriptedHTTPServer.withServer({ _ in .silence }) { server in
      try await CardDAVClient.withClient(credentials: Self.credentials, timeout: .milliseconds(300)) { client in
        let book = server.baseURL.appending(path: "alice/book/")
        let error = await #expect(throws: CardDAVError.self) { try await client.listETags(book) { _ in } }
        #expect(error == .timedOut(book))
        #expect(error?.description.contains("did not answer in time") == true)
      }
    }
  }

  @Test func serverErrorsAndAnHTMLPageInsteadOfDAV() async throws {
    try await ScriptedHTTPServer.withServer({ request in
      switch request.path {
      case "/alice/book/": .answer(status: 503, body: Array("down for maintenance".utf8))
      default: .answer(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>hi</html>".utf8))
      }
    }) { server in
      try await CardDAVClient.withClient(credentials: Self.credentials) { client in
        let book = server.baseURL.appending(path: "alice/book/")
        let error = await #expect(throws: CardDAVError.self) {
          try await client.syncCollection(book, token: nil) { _ in }
        }
        #expect(error == .server(status: 503, book))
        #expect(
          error?.description
            == "The server at \(server.baseURL.hostAndPortForTests) answered 503 (Service Unavailable) for /alice/book/."
        )
        await #expect(throws: CardDAVError.notCardDAV(server.baseURL)) { try await client.discover(server.baseURL) }
      }
    }
  }

  @Test func garbageAndCutOffAnswersAreErrorsInWords() async throws {
    let listing = #"<multistatus xmlns="DAV:"><response><href>/alice/book/a.vcf</href><propstat><prop>"#
    try await ScriptedHTTPServer.withServer({ request in
      switch request.path {
      case "/garbage/": .multistatus("<<<>>> not xml")
      case "/cut/":
        .raw(Array("HTTP/1.1 207 Multi-Status\r\nContent-Length: 5000\r\n\r\n\(listing)".utf8))
      default: .multistatus(listing)  // well-formed HTTP, XML cut off
      }
    }) { server in
      try await CardDAVClient.withClient(credentials: Self.credentials) { client in
        for path in ["garbage/", "truncated/"] {
          let url = server.baseURL.appending(path: path)
          let error = await #expect(throws: CardDAVError.self) { try await client.listETags(url) { _ in } }
          guard case .malformedResponse(let at, _) = error else {
            Issue.record("\(path): expected .malformedResponse, got \(String(describing: error))")
            continue
          }
          #expect(at == url)
        }
        let cut = server.baseURL.appending(path: "cut/")
        let error = await #expect(throws: CardDAVError.self) { try await client.listETags(cut) { _ in } }
        guard case .connectionLost(let at, _) = error else {
          Issue.record("expected .connectionLost, got \(String(describing: error))")
          return
        }
        #expect(at == cut)
      }
    }
  }

  @Test func aTruncatedSyncSaysSoAndGivesTheTokenToContinueFrom() async throws {
    try await ScriptedHTTPServer.withServer({ request in
      .multistatus(
        """
        <D:multistatus xmlns:D="DAV:"><D:response><D:href>/alice/book/a.vcf</D:href><D:propstat><D:prop>\
        <D:getetag>"1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>\
        <D:response><D:href>/alice/book/</D:href><D:status>HTTP/1.1 507 Insufficient Storage</D:status>\
        </D:response><D:sync-token>http://example.com/sync/2</D:sync-token></D:multistatus>
        """)
    }) { server in
      try await CardDAVClient.withClient(credentials: Self.credentials) { client in
        var changes: [SyncChange] = []
        let result = try await client.syncCollection(
          server.baseURL.appending(path: "alice/book/"), token: "http://example.com/sync/1"
        ) { changes.append($0) }
        #expect(result == SyncCollectionResult(newToken: "http://example.com/sync/2", isTruncated: true))
        #expect(changes == [.changed(href: "/alice/book/a.vcf", etag: #""1""#)])
        let sent = try #require(server.requests.first)
        #expect(sent.method == "REPORT")
        #expect(sent.headers["depth"] == "0")
        #expect(
          String(decoding: sent.body, as: UTF8.self).contains("<D:sync-token>http://example.com/sync/1</D:sync-token>"))
        #expect(sent.headers["authorization"] == "Basic " + Data("alice:hunter2-secret".utf8).base64EncodedString())
      }
    }
  }

  @Test func aHundredThousandMemberListingComesThroughTheClient() async throws {
    let members = 100_000
    var xml = #"<?xml version="1.0" encoding="utf-8"?><multistatus xmlns="DAV:">"#
    xml += #"<response><href>/alice/book/</href><propstat><prop><sync-token>http://example.com/sync/9</sync-token>"#
    xml += "</prop><status>HTTP/1.1 200 OK</status></propstat></response>"
    for index in 0..<members {
      xml += "<response><href>/alice/book/\(index).vcf</href><propstat><prop><getetag>\"\(index)\"</getetag></prop>"
      xml += "<status>HTTP/1.1 200 OK</status></propstat></response>"
    }
    xml += "</multistatus>"
    let reply = ScriptedHTTPServer.Reply.multistatus(xml)
    try await ScriptedHTTPServer.withServer({ _ in reply }) { server in
      // Not a test of timeouts: a loaded machine may take long to move 24 MB in a debug build.
      try await CardDAVClient.withClient(credentials: Self.credentials, timeout: .seconds(3600)) { client in
        var count = 0
        var wrong = 0
        let token = try await client.listETags(server.baseURL.appending(path: "alice/book/")) { entry in
          if entry != RemoteETag(href: "/alice/book/\(count).vcf", etag: "\"\(count)\"") { wrong += 1 }
          count += 1
        }
        #expect(count == members)
        #expect(wrong == 0)
        #expect(token == "http://example.com/sync/9")
      }
    }
  }
}

extension URL {
  fileprivate var hostAndPortForTests: String { "\(host()!):\(port!)" }
}
