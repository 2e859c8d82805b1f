import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// Fetching cards: addressbook-multiget for many, GET for one.
extension CardDAVClient {
  /// addressbook-multiget REPORT (RFC 6352 §8.7) for `hrefs`, in one request: the caller
  /// batches (a few hundred per request). Each card is handed to `each` as it is parsed; a
  /// member the server no longer has comes as `.missing(href)`. No request for no hrefs.
  ///
  /// Throws a `CardDAVError`, or what `each` threw, unchanged.
  public func multiget(_ book: URL, hrefs: [String], each: (FetchedCard) throws -> Void) async throws {
    guard !hrefs.isEmpty else { return }
    let response = try await send(.REPORT, book, depth: "0", xml: DAVRequestBody.multiget(hrefs: hrefs))
    guard response.status.code == 207 else { throw await failure(response, from: book) }
    _ = try await readMultistatus(response, from: book) { entry in
      for raw in entry.hrefs {
        guard let href = DAVHref.canonical(raw, relativeTo: book) else { continue }
        if let text = entry.properties.addressData, entry.status.map({ (200..<300).contains($0) }) ?? true {
          try each(.card(href: href, etag: entry.properties.etag ?? "", text: text))
        } else {
          try each(.missing(href: href))
        }
      }
    }
  }

  /// GET one card: its text and ETag (verbatim; empty when the server sent none), or nil when
  /// there is nothing at `href` (404). For a single card, or a server without multiget.
  public func get(_ href: String, in book: URL) async throws(CardDAVError) -> (text: String, etag: String)? {
    let url = try DAVHref.url(href, on: book)
    let response = try await send(.GET, url, headers: [("Accept", "text/vcard")])
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
