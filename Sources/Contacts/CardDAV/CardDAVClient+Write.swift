import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// Changing the server: conditional PUT and DELETE of cards, and new address books. Every write
/// is conditional, so a card changed elsewhere is never overwritten blindly (a 412 instead).
extension CardDAVClient {
  /// PUTs `card` at `href`. `.create` sends `If-None-Match: *`, `.replace(etag)` sends
  /// `If-Match: etag` exactly as the server gave it. Returns the new ETag if the server sent one
  /// (nil if not: fetch it later if needed).
  ///
  /// A 412 is `.preconditionFailed(href)`; 413 or max-resource-size is `.tooLarge`; a refused
  /// card (400, 409 such as a UID already used at another href, 415) is `.rejectedCard` with the
  /// server's reason.
  public func put(
    _ href: String, in book: URL, card: [UInt8], condition: PutCondition
  ) async throws(CardDAVError) -> String? {
    let url = try DAVHref.url(href, on: book)
    var headers = [("Content-Type", "text/vcard; charset=utf-8")]
    switch condition {
    case .create: headers.append(("If-None-Match", "*"))
    case .replace(let etag): headers.append(("If-Match", etag))
    }
    let response = try await send(.PUT, url, headers: headers, body: card)
    guard (200..<300).contains(response.status.code) else { throw await failure(response, from: url, href: href) }
    _ = try? await readSmallBody(response, from: url)
    return response.headers.first(name: "ETag")
  }

  /// DELETEs the card at `href` if it still has `etag` (If-Match). A 412 is
  /// `.preconditionFailed(href)`: it changed since. Already gone (404) returns normally.
  public func delete(_ href: String, in book: URL, etag: String) async throws(CardDAVError) {
    let url = try DAVHref.url(href, on: book)
    let response = try await send(.DELETE, url, headers: [("If-Match", etag)])
    guard (200..<300).contains(response.status.code) || response.status.code == 404 else {
      throw await failure(response, from: url, href: href)
    }
    _ = try? await readSmallBody(response, from: url)
  }

  /// Extended MKCOL (RFC 5689) in the home set `home`: a new address book at `home` + `segment`
  /// named `displayName`, then its properties as the server reports them. When they cannot be
  /// read, the book just made is removed again (best effort) before the error is thrown.
  public func createAddressBook(
    in home: URL, segment: String, displayName: String
  ) async throws(CardDAVError) -> AddressBookInfo {
    var homePath = DAVHref.normalized(home.path(percentEncoded: true))
    if !homePath.hasSuffix("/") { homePath += "/" }
    let url = try DAVHref.url(homePath + DAVHref.segment(segment) + "/", on: home)
    let response = try await send(
      .MKCOL, url, depth: nil, xml: DAVRequestBody.makeAddressBook(displayName: displayName))
    guard response.status.code == 201 else { throw await failure(response, from: url) }
    _ = try? await readSmallBody(response, from: url)
    do {
      return try await addressBook(at: url)
    } catch {
      try? await deleteAddressBook(at: url)
      throw error
    }
  }

  /// DELETEs a whole address book and every card in it: only for one set-up has just made and
  /// could not link. Already gone (404) returns normally.
  public func deleteAddressBook(at url: URL) async throws(CardDAVError) {
    let response = try await send(.DELETE, url)
    guard (200..<300).contains(response.status.code) || response.status.code == 404 else {
      throw await failure(response, from: url)
    }
    _ = try? await readSmallBody(response, from: url)
  }
}
