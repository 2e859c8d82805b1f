/// One `<response>` of a 207 multistatus (RFC 4918 §14.24), reduced to what the client reads.
struct MultistatusResponse: Sendable {
  /// `<href>` as the server wrote it (several only in the rare status-only form).
  var hrefs: [String] = []
  /// The response-level `<status>` (a removed member in sync-collection, a missing one in
  /// multiget, a 507 on a truncated collection); nil when the answer is in propstats.
  var status: Int?
  /// The properties of every 2xx `<propstat>`.
  var properties = DAVProperties()
}

/// The properties the client asks for, as one response reported them.
struct DAVProperties: Sendable {
  var etag: String?
  var addressData: String?
  var displayName: String?
  var addressBookDescription: String?
  var resourceTypes: Set<DAVName> = []
  /// `version` of each entry of `CARDDAV:supported-address-data` (RFC 6352 §6.2.2 calls the
  /// entry `address-data-type`; Xandikos writes `content-type`: both are read).
  var supportedVersions: [String] = []
  var supportedReports: Set<DAVName> = []
  var syncToken: String?
  var maxResourceSize: Int?
  /// The `<href>` in `DAV:current-user-principal`.
  var currentUserPrincipal: String?
  /// The `<href>`s in `CARDDAV:addressbook-home-set`.
  var addressBookHomeSet: [String] = []

  /// Takes every property `other` has.
  mutating func merge(_ other: DAVProperties) {
    etag = other.etag ?? etag
    addressData = other.addressData ?? addressData
    displayName = other.displayName ?? displayName
    addressBookDescription = other.addressBookDescription ?? addressBookDescription
    resourceTypes.formUnion(other.resourceTypes)
    supportedVersions += other.supportedVersions
    supportedReports.formUnion(other.supportedReports)
    syncToken = other.syncToken ?? syncToken
    maxResourceSize = other.maxResourceSize ?? maxResourceSize
    currentUserPrincipal = other.currentUserPrincipal ?? currentUserPrincipal
    addressBookHomeSet += other.addressBookHomeSet
  }
}

/// The status code in a status line: "HTTP/1.1 404 Not Found" → 404.
enum StatusLine {
  static func code(_ line: String) -> Int? {
    // As UTF-8 bytes: every member of a long answer has one.
    let parts = line.utf8.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: true)
    guard parts.count >= 2, parts[0].starts(with: "HTTP/".utf8), parts[1].count == 3,
      parts[1].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    let code = parts[1].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    return (100...599).contains(code) ? code : nil
  }
}
