import Foundation

/// A scripted server's answers for one empty address book at `path`, enough for discovery,
/// set-up and a sync to end well: PROPFIND names it an address book with sync tokens,
/// sync-collection lists nothing, a PUT is stored (and forgotten) with an ETag. For tests about
/// where requests go rather than what a real server keeps (those use `DAVTestServer`).
public struct ScriptedAddressBook: Sendable {
  /// The book's path, with a trailing slash: "/book/".
  public var path: String

  public init(path: String) {
    self.path = path
  }

  /// The answer to `request`; anything else is a 404.
  public func reply(to request: ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Reply {
    switch request.method {
    case "PROPFIND":
      .multistatus(
        """
        <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:response>\
        <D:href>\(path)</D:href><D:propstat><D:prop><D:resourcetype><D:collection/><C:addressbook/>\
        </D:resourcetype><D:displayname>Book</D:displayname><D:sync-token>\(Self.token)</D:sync-token>\
        <D:supported-report-set><D:supported-report><D:report><D:sync-collection/></D:report>\
        </D:supported-report></D:supported-report-set></D:prop><D:status>HTTP/1.1 200 OK</D:status>\
        </D:propstat></D:response></D:multistatus>
        """)
    case "REPORT":
      .multistatus(#"<D:multistatus xmlns:D="DAV:"><D:sync-token>\#(Self.token)</D:sync-token></D:multistatus>"#)
    case "PUT":
      .answer(status: 201, headers: [("ETag", #""1""#)])
    default:
      .answer(status: 404)
    }
  }

  static let token = "http://example.com/sync/1"
}
