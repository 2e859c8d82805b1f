/// One member card of a collection as a PROPFIND listing names it: its canonical href and its
/// ETag exactly as the server wrote it (empty when the server sent none).
public struct RemoteETag: Sendable, Hashable {
  public var href: String
  public var etag: String

  public init(href: String, etag: String) {
    self.href = href
    self.etag = etag
  }
}
