/// One answer of an `addressbook-multiget` (RFC 6352 §8.7).
public enum FetchedCard: Sendable, Hashable {
  /// The card's text as the server holds it, with its ETag (verbatim, empty when none was sent).
  case card(href: String, etag: String, text: String)
  /// The server has nothing at `href` (404): it was deleted since it was listed.
  case missing(href: String)
}
