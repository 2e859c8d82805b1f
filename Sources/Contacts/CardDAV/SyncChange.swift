/// One member of a `sync-collection` answer (RFC 6578 §3.5).
public enum SyncChange: Sendable, Hashable {
  /// The member is new or changed since the token. `href` is in the client's canonical form (see
  /// `CardDAVClient.canonicalHref(_:)`); `etag` exactly as the server wrote it, quotes included
  /// (empty when the server sent none).
  case changed(href: String, etag: String)
  /// The member was removed since the token (a 404 in the answer).
  case removed(href: String)
}

/// The end of a `sync-collection` answer.
public struct SyncCollectionResult: Sendable, Hashable {
  /// The token to send next time.
  public var newToken: String
  /// The server cut the answer short (a 507 on the collection, RFC 6578 §3.6): ask again with
  /// `newToken` for the rest.
  public var isTruncated: Bool

  public init(newToken: String, isTruncated: Bool) {
    self.newToken = newToken
    self.isTruncated = isTruncated
  }
}
