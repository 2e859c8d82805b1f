import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// Fetching cards: addressbook-query for all of a book, addressbook-multiget for many, GET for one.
extension CardDAVClient {
  /// addressbook-multiget REPORT (RFC 6352 §8.7) for `hrefs`, in one request: the caller
  /// batches (a few hundred per request). Each card is handed to `each` as it is parsed; a
  /// member the server no longer has comes as `.missing(href)`, whether the server answers it
  /// with a 404 or leaves it out of its answer (DAViCal does), after the cards. No request for
  /// no hrefs.
  ///
  /// `version` ("4.0", "3.0") asks for the cards in that vCard version: the one the book is
  /// linked in, so a server that converts (Cyrus) hands back what went up. Nil leaves it to
  /// the server.
  ///
  /// Throws a `CardDAVError`, or what `each` threw, unchanged.
  public func multiget(
    _ book: URL, hrefs: [String], version: String? = nil, each: (FetchedCard) throws -> Void
  ) async throws {
    guard !hrefs.isEmpty else { return }
    let response = try await send(
      .REPORT, book, depth: "0", xml: DAVRequestBody.multiget(hrefs: hrefs, version: version))
    guard response.status.code == 207 else { throw await failure(response, from: book) }
    var unanswered = Set(hrefs.compactMap { DAVHref.canonical($0, relativeTo: book) })
    _ = try await readMultistatus(response, from: book) { entry in
      for raw in entry.hrefs {
        guard let href = DAVHref.canonical(raw, relativeTo: book) else { continue }
        unanswered.remove(href)
        if let text = entry.properties.addressData, entry.status.map({ (200..<300).contains($0) }) ?? true {
          try each(.card(href: href, etag: entry.properties.etag ?? "", text: text))
        } else {
          try each(.missing(href: href))
        }
      }
    }
    for href in unanswered.sorted() { try each(.missing(href: href)) }
  }

  /// addressbook-query REPORT (RFC 6352 §8.6) matching every card: the whole book, cards and
  /// ETags, in one request. Each card is handed to `each` as it is parsed. Returns whether the
  /// server cut the answer short (a 507 for the book, §8.6.1): what it left out is not in it.
  ///
  /// Why, when multiget exists: a first download of a big book. Radicale looks each href of a
  /// multiget up in a list of all members (`get_multi`, storage/multifilesystem/get.py), so
  /// fetching 100,000 cards 500 at a time took 740 s here, while this answer took 55 s.
  ///
  /// `version` asks for the cards in that vCard version, as for `multiget`.
  ///
  /// Throws a `CardDAVError` (a server without the report answers 403, 405, 501…), or what
  /// `each` threw, unchanged.
  public func queryAll(
    _ book: URL, version: String? = nil, each: (FetchedCard) throws -> Void
  ) async throws -> Bool {
    let response = try await send(.REPORT, book, depth: "1", xml: DAVRequestBody.queryAll(version: version))
    guard response.status.code == 207 else { throw await failure(response, from: book) }
    let collection = DAVHref.trimmed(DAVHref.normalized(book.path(percentEncoded: true)))
    var isTruncated = false
    _ = try await readMultistatus(response, from: book) { entry in
      for raw in entry.hrefs {
        guard let href = DAVHref.canonical(raw, relativeTo: book) else { continue }
        if DAVHref.trimmed(href) == collection {
          if entry.status == 507 { isTruncated = true }
        } else if !href.hasSuffix("/"), let text = entry.properties.addressData,
          entry.status.map({ (200..<300).contains($0) }) ?? true
        {
          try each(.card(href: href, etag: entry.properties.etag ?? "", text: text))
        }
      }
    }
    return isTruncated
  }

  /// GET one card: its text and ETag (verbatim; empty when the server sent none), or nil when
  /// there is nothing at `href` (404). For a single card, or a server without multiget.
  /// `version` asks for that vCard version (`Accept: text/vcard; version=4.0`), as for `multiget`.
  public func get(
    _ href: String, in book: URL, version: String? = nil
  ) async throws(CardDAVError) -> (text: String, etag: String)? {
    let url = try DAVHref.url(href, on: book)
    let accept = version.map { "text/vcard; version=\($0)" } ?? "text/vcard"
    let response = try await send(.GET, url, headers: [("Accept", accept)])
    switch response.status.code {
    case 200:
      var bytes: [UInt8] = []
      do {
        for try await chunk in response.body { bytes.append(contentsOf: chunk.readableBytesView) }
      } catch {
        throw TransportFailure.map(error, url: url)
      }
      return (String(decoding: bytes, as: UTF8.self), response.headers.first(name: "ETag") ?? "")
    case 404, 410:
      _ = try? await readSmallBody(response, from: url)
      return nil
    default:
      throw await failure(response, from: url, href: href)
    }
  }
}
