/// The XML bodies the client sends. Small and fixed, so they are written as text; every value
/// put into one is escaped.
enum DAVRequestBody {
  private static let prologue = #"<?xml version="1.0" encoding="utf-8"?>"#
  private static let namespaces = #"xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav""#

  /// Everything discovery and `addressBook(at:)` read from one collection or principal. Not
  /// its `sync-token`: Radicale computes one from every card's history (9 s for 100,000
  /// cards), and sync asks for it when it lists.
  static let discoveryPropfind = """
    \(prologue)<D:propfind \(namespaces)><D:prop>\
    <D:resourcetype/><D:displayname/><C:addressbook-description/><C:supported-address-data/>\
    <D:supported-report-set/><C:max-resource-size/>\
    <D:current-user-principal/><C:addressbook-home-set/>\
    </D:prop></D:propfind>
    """

  /// A Depth 1 listing of a collection's members with their ETags, and the collection's token.
  static let etagPropfind = """
    \(prologue)<D:propfind \(namespaces)><D:prop><D:getetag/><D:sync-token/></D:prop></D:propfind>
    """

  /// RFC 6578 §3.2: changes since `token` (all members when nil), sync-level 1, ETags only.
  static func syncCollection(token: String?) -> String {
    let tokenElement = token.map { "<D:sync-token>\(escaped($0))</D:sync-token>" } ?? "<D:sync-token/>"
    return """
      \(prologue)<D:sync-collection \(namespaces)>\(tokenElement)<D:sync-level>1</D:sync-level>\
      <D:prop><D:getetag/></D:prop></D:sync-collection>
      """
  }

  /// The `address-data` asked for: in vCard `version` when given (RFC 6352 §10.4), else as the
  /// server likes. Cyrus answers a card stored as 4.0 in 3.0 unless 4.0 is named, and its 3.0
  /// keeps 4.0's `data:` photo cut to `PHOTO:data:image/png`, the image gone.
  static func addressData(version: String?) -> String {
    guard let version else { return "<C:address-data/>" }
    return #"<C:address-data content-type="text/vcard" version=""# + escaped(version) + #""/>"#
  }

  /// RFC 6352 §8.7: the cards at `hrefs` with their ETags, in vCard `version` when given.
  static func multiget(hrefs: [String], version: String?) -> String {
    var body =
      "\(prologue)<C:addressbook-multiget \(namespaces)><D:prop><D:getetag/>\(addressData(version: version))</D:prop>"
    for href in hrefs { body += "<D:href>\(escaped(href))</D:href>" }
    return body + "</C:addressbook-multiget>"
  }

  /// RFC 6352 §8.6: every card of the book with its ETag, in one answer, in vCard `version`
  /// when given. A filter that is `allof` no tests matches every card (§10.5: all of none hold).
  static func queryAll(version: String?) -> String {
    """
    \(prologue)<C:addressbook-query \(namespaces)><D:prop><D:getetag/>\(addressData(version: version))</D:prop>\
    <C:filter test="allof"/></C:addressbook-query>
    """
  }

  /// RFC 5689 extended MKCOL: a new address book named `displayName`.
  static func makeAddressBook(displayName: String) -> String {
    """
    \(prologue)<D:mkcol \(namespaces)><D:set><D:prop>\
    <D:resourcetype><D:collection/><C:addressbook/></D:resourcetype>\
    <D:displayname>\(escaped(displayName))</D:displayname>\
    </D:prop></D:set></D:mkcol>
    """
  }

  /// `text` with the five XML special characters escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}
