import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// Finding out what changed on the server: RFC 6578 sync-collection, and the PROPFIND listing
/// for servers (or tokens) that cannot do it.
extension CardDAVClient {
  /// sync-collection REPORT (sync-level 1, getetag) on `book`; `token` nil is the initial sync.
  ///
  /// Each member is handed to `each` as it is parsed, so a 100k-member answer is never held
  /// whole. A stale token (403 or 412 with DAV:valid-sync-token) throws
  /// `CardDAVError.invalidSyncToken`: list everything with `listETags` instead. A 507 on the
  /// collection (a truncated answer) sets `isTruncated`: ask again with `newToken`.
  ///
  /// Throws a `CardDAVError`, or what `each` threw, unchanged (the parse stops there).
  public func syncCollection(
    _ book: URL, token: String?, each: (SyncChange) throws -> Void
  ) async throws -> SyncCollectionResult {
    let response = try await send(.REPORT, book, depth: "0", xml: DAVRequestBody.syncCollection(token: token))
    guard response.status.code == 207 else { throw await failure(response, from: book) }
    let collection = DAVHref.trimmed(DAVHref.normalized(book.path(percentEncoded: true)))
    var isTruncated = false
    let newToken = try await readMultistatus(response, from: book) { entry in
      guard let raw = entry.hrefs.first, let href = DAVHref.canonical(raw, relativeTo: book) else { return }
      if DAVHref.trimmed(href) == collection {
        if entry.status == 507 { isTruncated = true }
        return
      }
      if entry.status == 404 || entry.status == 410 {
        try each(.removed(href: href))
      } else if !href.hasSuffix("/") {
        try each(.changed(href: href, etag: entry.properties.etag ?? ""))
      }
    }
    guard let newToken, !newToken.isEmpty else {
      throw CardDAVError.malformedResponse(book, "the sync-collection answer has no sync-token")
    }
    return SyncCollectionResult(newToken: newToken, isTruncated: isTruncated)
  }

  /// PROPFIND Depth 1 getetag on `book`: every member card's href and ETag, handed to `each` as
  /// parsed. Returns the collection's current sync-token when the server reports one, so a
  /// listing after a stale token can resume incremental sync.
  ///
  /// Throws a `CardDAVError` (`.notFound` when the book is not there: a 404, or a 207 whose
  /// answer for the collection itself is a 404, as Xandikos gives), or what `each` threw,
  /// unchanged.
  public func listETags(_ book: URL, each: (RemoteETag) throws -> Void) async throws -> String? {
    let response = try await send(.PROPFIND, book, depth: "1", xml: DAVRequestBody.etagPropfind)
    guard response.status.code == 207 else { throw await failure(response, from: book) }
    let collection = DAVHref.trimmed(DAVHref.normalized(book.path(percentEncoded: true)))
    var token: String?
    _ = try await readMultistatus(response, from: book) { entry in
      guard let raw = entry.hrefs.first, let href = DAVHref.canonical(raw, relativeTo: book) else { return }
      if DAVHref.trimmed(href) == collection {
        // A collection that is not there: Xandikos says so in a 207 whose one answer is a 404.
        if entry.status == 404 { throw CardDAVError.notFound(book) }
        token = entry.properties.syncToken
      } else if !href.hasSuffix("/"), entry.status.map({ (200..<300).contains($0) }) ?? true {
        try each(RemoteETag(href: href, etag: entry.properties.etag ?? ""))
      }
    }
    return token
  }
}
