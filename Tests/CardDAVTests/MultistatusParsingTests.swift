import Foundation
import Testing

@testable import CardDAV

/// The multistatus reader on answers recorded from Radicale and Xandikos and on what other
/// servers and broken networks send: odd prefixes, a default namespace, garbage, a cut-off body,
/// a truncated sync (507).
@Suite struct MultistatusParsingTests {
  let source = URL(string: "http://127.0.0.1:5232/alice/book/")!

  func parse(_ xml: String) throws -> (token: String?, responses: [MultistatusResponse]) {
    var responses: [MultistatusResponse] = []
    let token = try MultistatusParser.parse(Array(xml.utf8), from: source) { responses.append($0) }
    return (token, responses)
  }

  @Test func radicalesDefaultNamespaceSyncAnswer() throws {
    let (token, responses) = try parse(
      """
      <?xml version='1.0' encoding='utf-8'?>
      <multistatus xmlns="DAV:"><sync-token>http://radicale.org/ns/sync/31e8</sync-token>\
      <response><href>/alice/book/note.vcf</href><status>HTTP/1.1 404 Not Found</status></response>\
      <response><href>/alice/book/v4.vcf</href><propstat><prop><getetag>"c966"</getetag></prop>\
      <status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
      """)
    #expect(token == "http://radicale.org/ns/sync/31e8")
    #expect(responses.map(\.hrefs) == [["/alice/book/note.vcf"], ["/alice/book/v4.vcf"]])
    #expect(responses.map(\.status) == [404, nil])
    #expect(responses[1].properties.etag == #""c966""#)
  }

  @Test func xandikosNumberedPrefixesWithTheStatusBeforeTheProp() throws {
    let (token, responses) = try parse(
      """
      <ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:carddav"><ns0:response>\
      <ns0:href>/user/contacts/addressbook/</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status>\
      <ns0:prop><ns0:resourcetype><ns0:collection /><ns1:addressbook /></ns0:resourcetype>\
      <ns0:displayname>addressbook</ns0:displayname><ns1:supported-address-data>\
      <ns1:content-type content-type="text/vcard" version="3.0" /></ns1:supported-address-data>\
      <ns0:supported-report-set><ns0:supported-report><ns0:report><ns1:addressbook-multiget /></ns0:report>\
      </ns0:supported-report><ns0:supported-report><ns0:report><ns0:sync-collection /></ns0:report>\
      </ns0:supported-report></ns0:supported-report-set><ns0:sync-token>860d</ns0:sync-token></ns0:prop>\
      </ns0:propstat><ns0:propstat><ns0:status>HTTP/1.1 404 Not Found</ns0:status><ns0:prop>\
      <ns1:max-resource-size /><ns0:displayname>not this one</ns0:displayname></ns0:prop></ns0:propstat>\
      </ns0:response></ns0:multistatus>
      """)
    #expect(token == nil)
    let properties = try #require(responses.first?.properties)
    #expect(properties.resourceTypes == [.collection, .addressBook])
    #expect(properties.displayName == "addressbook")
    #expect(properties.supportedVersions == ["3.0"])
    #expect(properties.supportedReports == [.cardDAV("addressbook-multiget"), .syncCollection])
    #expect(properties.syncToken == "860d")
    #expect(properties.maxResourceSize == nil)
    let book = AddressBookInfo(properties, url: URL(string: "http://127.0.0.1:8080/user/contacts/addressbook")!)
    #expect(book.url.absoluteString == "http://127.0.0.1:8080/user/contacts/addressbook/")
    #expect(book.supportsSyncCollection)
  }

  @Test func lowerCasePrefixesCardDataAndCDATA() throws {
    let (_, responses) = try parse(
      """
      <?xml version="1.0"?>
      <d:multistatus xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
        <d:response>
          <d:href>https://dav.example.com/a/b%40c.vcf</d:href>
          <d:propstat>
            <d:prop><d:getetag> W/"1" </d:getetag><card:address-data><![CDATA[BEGIN:VCARD\r
      FN:A & B\r
      END:VCARD]]></card:address-data></d:prop>
            <d:status>HTTP/1.1 200 OK</d:status>
          </d:propstat>
        </d:response>
        <d:response><d:href>/a/gone.vcf</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>
      </d:multistatus>
      """)
    #expect(responses.count == 2)
    #expect(responses[0].properties.etag == #"W/"1""#)
    #expect(responses[0].properties.addressData == "BEGIN:VCARD\r\nFN:A & B\r\nEND:VCARD")
    #expect(DAVHref.canonical(responses[0].hrefs[0], relativeTo: source) == "/a/b@c.vcf")
  }

  @Test func principalAndHomeSetHrefs() throws {
    let (_, responses) = try parse(
      """
      <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><response><href>/</href><propstat><prop>\
      <current-user-principal><href>/alice/</href></current-user-principal>\
      <C:addressbook-home-set><href>/alice/</href><href>/shared/</href></C:addressbook-home-set>\
      </prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
      """)
    #expect(responses.first?.properties.currentUserPrincipal == "/alice/")
    #expect(responses.first?.properties.addressBookHomeSet == ["/alice/", "/shared/"])
  }

  @Test func aTruncatedSyncNamesTheCollectionWith507() throws {
    let (token, responses) = try parse(
      """
      <D:multistatus xmlns:D="DAV:"><D:response><D:href>/alice/book/a.vcf</D:href><D:propstat><D:prop>\
      <D:getetag>"1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>\
      <D:response><D:href>/alice/book/</D:href><D:status>HTTP/1.1 507 Insufficient Storage</D:status>\
      <D:error><D:number-of-matches-within-limits/></D:error></D:response>\
      <D:sync-token>http://example.com/sync/2</D:sync-token></D:multistatus>
      """)
    #expect(token == "http://example.com/sync/2")
    #expect(responses.last?.status == 507)
  }

  @Test(arguments: [
    ("garbage", "this is not XML at all"),
    ("an HTML page", "<html><body><h1>502 Bad Gateway</h1></body></html>"),
    ("empty", ""),
    (
      "cut off",
      #"<multistatus xmlns="DAV:"><response><href>/alice/book/a.vcf</href><propstat><prop><getetag>"1"#
    ),
    ("unclosed root", #"<multistatus xmlns="DAV:"><response><href>/a</href></response>"#),
  ])
  func unreadableAnswersAreMalformedNeverACrash(label: String, xml: String) throws {
    let error = #expect(throws: CardDAVError.self, "\(label)") { try parse(xml) }
    guard case .malformedResponse(let url, let detail) = error else {
      Issue.record("\(label): expected .malformedResponse, got \(String(describing: error))")
      return
    }
    #expect(url == source)
    #expect(!detail.isEmpty)
    #expect(error?.description.hasPrefix("The answer from 127.0.0.1:5232 for /alice/book/ could not be read") == true)
  }

  @Test func anErrorFromTheCallerStopsTheParseAndComesBackUnchanged() throws {
    struct Stop: Error, Equatable {}
    var seen = 0
    let xml =
      #"<multistatus xmlns="DAV:">"#
      + String(repeating: "<response><href>/a/x.vcf</href><status>HTTP/1.1 404 Not Found</status></response>", count: 5)
      + "</multistatus>"
    #expect(throws: Stop()) {
      try MultistatusParser.parse(Array(xml.utf8), from: source) { _ in
        seen += 1
        if seen == 2 { throw Stop() }
      }
    }
    #expect(seen == 2)
  }

  @Test func errorBodiesNameTheirPreconditions() {
    let stale = DAVErrorBody(
      Array(#"<?xml version='1.0'?><error xmlns="DAV:"><valid-sync-token /></error>"#.utf8))
    #expect(stale.conditions == ["valid-sync-token"])
    #expect(CardDAVClient.failure(status: 403, body: stale, url: source, href: nil) == .invalidSyncToken)
    #expect(CardDAVClient.failure(status: 412, body: stale, url: source, href: nil) == .invalidSyncToken)

    let duplicate = DAVErrorBody(
      Array(
        #"<error xmlns="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav"><CR:no-uid-conflict /></error>"#.utf8))
    #expect(
      CardDAVClient.failure(status: 409, body: duplicate, url: source, href: "/alice/book/x.vcf")
        == .rejectedCard(href: "/alice/book/x.vcf", status: 409, reason: "no-uid-conflict"))

    // Cyrus 3.6 describes its refusal beside the precondition.
    let described = DAVErrorBody(
      Array(
        """
        <?xml version="1.0" encoding="utf-8"?>
        <D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><C:valid-address-data/>\
        <D:responsedescription>Missing mandatory UID property</D:responsedescription></D:error>
        """.utf8))
    #expect(described.conditions == ["valid-address-data"])
    #expect(
      CardDAVClient.failure(status: 403, body: described, url: source, href: "/alice/book/x.vcf")
        == .rejectedCard(
          href: "/alice/book/x.vcf", status: 403, reason: "valid-address-data: Missing mandatory UID property"))

    let plain = DAVErrorBody(Array("Bad Request\n\nmore".utf8))
    #expect(plain.conditions.isEmpty)
    #expect(
      CardDAVClient.failure(status: 400, body: plain, url: source, href: "/alice/book/x.vcf")
        == .rejectedCard(href: "/alice/book/x.vcf", status: 400, reason: "Bad Request"))
    #expect(CardDAVClient.failure(status: 403, body: plain, url: source, href: nil) == .forbidden(source))
    #expect(CardDAVClient.failure(status: 503, body: plain, url: source, href: nil) == .server(status: 503, source))
  }
}
