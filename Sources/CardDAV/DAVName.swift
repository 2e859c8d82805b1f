/// An XML element name with its namespace: what WebDAV compares, whatever prefix (`D:`, `d:`,
/// `ns0:` or a default namespace) a server chose.
struct DAVName: Hashable, Sendable {
  var namespace: String
  var local: String

  static func dav(_ local: String) -> DAVName { DAVName(namespace: "DAV:", local: local) }
  static func cardDAV(_ local: String) -> DAVName {
    DAVName(namespace: "urn:ietf:params:xml:ns:carddav", local: local)
  }

  static let addressBook = cardDAV("addressbook")
  static let collection = dav("collection")
  static let syncCollection = dav("sync-collection")
}
