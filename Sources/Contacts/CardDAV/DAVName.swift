/// An XML element name with its namespace: what WebDAV compares, whatever prefix (`D:`, `d:`,
/// `ns0:` or a default namespace) a server chose.
struct DAVName: Hashable, Sendable {
  var namespace: String
  var local: String

  static func dav(_ local: String) -> DAVName { DAVName(namespace: "DAV:", local: local) }
  static func cardDAV(_ local: String) -> DAVName {
    DAVName(namespace: "urn:ietf:params:xml:ns:carddav", local: local)
  }

  // The names the client reads, made once (compared for every element of a long answer).
  static let addressBook = cardDAV("addressbook")
  static let addressBookDescription = cardDAV("addressbook-description")
  static let addressBookHomeSet = cardDAV("addressbook-home-set")
  static let addressData = cardDAV("address-data")
  static let collection = dav("collection")
  static let currentUserPrincipal = dav("current-user-principal")
  static let displayName = dav("displayname")
  static let getETag = dav("getetag")
  static let href = dav("href")
  static let maxResourceSize = cardDAV("max-resource-size")
  static let multistatus = dav("multistatus")
  static let prop = dav("prop")
  static let propstat = dav("propstat")
  static let report = dav("report")
  static let resourceType = dav("resourcetype")
  static let response = dav("response")
  static let status = dav("status")
  static let supportedAddressData = cardDAV("supported-address-data")
  static let supportedReportSet = dav("supported-report-set")
  static let syncCollection = dav("sync-collection")
  static let syncToken = dav("sync-token")
}
