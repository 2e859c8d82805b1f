import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// RFC 6764 discovery: from whatever URL a user typed to the address books in their home set.
extension CardDAVClient {
  /// The redirects one lookup may follow before it counts as a loop.
  static let maximumRedirects = 10

  /// Finds the user's address books from a bare server URL (https://host, https://host/path) or
  /// an address book's own URL.
  ///
  /// Everything is asked of `url`'s origin. When the server redirects elsewhere (a
  /// `/.well-known/carddav` on another host name is common), this throws
  /// `.redirectedElsewhere(from:to:)` without sending anything there: ask the user, and if they
  /// link the new server, discover again at `to` with a client made for it.
  ///
  /// If `url` itself is an address book, it is the only one returned. Otherwise the path is asked
  /// for a principal or home set, then `/.well-known/carddav` (redirects followed, loops
  /// detected), then the server root; from the principal to `addressbook-home-set`; then a
  /// Depth 1 listing of each home set. A home set with no address book yet gives an account
  /// whose `addressBooks` is empty. No principal and no home set anywhere is `.notCardDAV`.
  public func discover(_ url: URL) async throws(CardDAVError) -> DiscoveredAccount {
    let start = try ServerAddressPolicy.check(url)
    var principal: URL?
    var homeSets: [URL] = []

    if !start.path(percentEncoded: true).isEmpty, start.path(percentEncoded: true) != "/" {
      if let found = try await optionalProperties(of: start) {
        if found.properties.resourceTypes.contains(.addressBook) {
          return DiscoveredAccount(
            principal: try found.properties.currentUserPrincipal.map { raw throws(CardDAVError) in
              try resolve(raw, against: found.url)
            },
            homeSets: [],
            addressBooks: [AddressBookInfo(found.properties, url: found.url)]
          )
        }
        (principal, homeSets) = try account(in: found)
      }
    }
    for entry in [Self.path(start, "/.well-known/carddav"), Self.path(start, "/")]
    where principal == nil && homeSets.isEmpty {
      if let found = try await optionalProperties(of: entry) {
        (principal, homeSets) = try account(in: found)
      }
    }
    if homeSets.isEmpty, let principalURL = principal {
      let found = try await properties(of: principalURL)
      homeSets = try found.properties.addressBookHomeSet.map { raw throws(CardDAVError) in
        try resolve(raw, against: found.url)
      }
    }
    guard !homeSets.isEmpty else { throw .notCardDAV(start) }

    var books: [AddressBookInfo] = []
    for home in homeSets {
      books += try await addressBooks(in: home)
    }
    return DiscoveredAccount(principal: principal, homeSets: homeSets, addressBooks: books)
  }

  /// PROPFIND Depth 0 on one collection: whether it is an address book and what it supports.
  /// Redirects are followed. Not an address book is `.notCardDAV`.
  public func addressBook(at url: URL) async throws(CardDAVError) -> AddressBookInfo {
    let found = try await properties(of: url)
    guard found.properties.resourceTypes.contains(.addressBook) else { throw .notCardDAV(url) }
    return AddressBookInfo(found.properties, url: found.url)
  }

  /// The address books among `home` and its direct members (Depth 1).
  func addressBooks(in home: URL) async throws(CardDAVError) -> [AddressBookInfo] {
    let (finalURL, response) = try await propfindFollowingRedirects(home, depth: "1")
    guard (200..<300).contains(response.status.code) else {
      throw await failure(response, from: finalURL)
    }
    var books: [AddressBookInfo] = []
    for entry in try await collectMultistatus(response, from: finalURL)
    where entry.properties.resourceTypes.contains(.addressBook) {
      guard let raw = entry.hrefs.first else { continue }
      books.append(AddressBookInfo(entry.properties, url: try resolve(raw, against: finalURL)))
    }
    return books
  }

  // MARK: Steps

  /// One collection's properties after redirects, with the URL they ended at.
  struct FoundProperties {
    var url: URL
    var properties: DAVProperties
  }

  /// The principal and home sets a response names, resolved to URLs.
  private func account(in found: FoundProperties) throws(CardDAVError) -> (URL?, [URL]) {
    let principal = try found.properties.currentUserPrincipal.map { raw throws(CardDAVError) in
      try resolve(raw, against: found.url)
    }
    let homes = try found.properties.addressBookHomeSet.map { raw throws(CardDAVError) in
      try resolve(raw, against: found.url)
    }
    return (principal, homes)
  }

  /// `properties(of:)`, or nil when the server has nothing there or does not speak WebDAV there
  /// (404, 405, 501, …): discovery then tries the next place. 401, a refused URL, a redirect loop
  /// and network failures still throw.
  private func optionalProperties(of url: URL) async throws(CardDAVError) -> FoundProperties? {
    do {
      return try await properties(of: url)
    } catch {
      switch error {
      case .notFound, .forbidden, .server, .malformedResponse, .notCardDAV: return nil
      default: throw error
      }
    }
  }

  /// PROPFIND Depth 0 with everything discovery reads, following redirects.
  func properties(of url: URL) async throws(CardDAVError) -> FoundProperties {
    let (finalURL, response) = try await propfindFollowingRedirects(url, depth: "0")
    guard (200..<300).contains(response.status.code) else {
      throw await failure(response, from: finalURL)
    }
    let entries = try await collectMultistatus(response, from: finalURL)
    let target = DAVHref.trimmed(DAVHref.normalized(finalURL.path(percentEncoded: true)))
    let entry =
      entries.first { entry in
        entry.hrefs.contains { DAVHref.canonical($0, relativeTo: finalURL).map(DAVHref.trimmed) == target }
      } ?? entries.first
    guard let entry else { throw .notCardDAV(finalURL) }
    var found = FoundProperties(url: finalURL, properties: entry.properties)
    if !found.url.path(percentEncoded: true).hasSuffix("/"), entry.properties.resourceTypes.contains(.collection) {
      found.url = try DAVHref.url(found.url.path(percentEncoded: true) + "/", on: found.url)
    }
    return found
  }

  /// Sends the discovery PROPFIND, following 301, 302, 303, 307 and 308 with the same method
  /// (RFC 6764 §6) on the same origin. A URL visited twice, or more than `maximumRedirects`
  /// hops, is a loop. A redirect to another origin throws `.redirectedElsewhere` and one from
  /// https to http `.insecureRedirect`, with nothing sent there.
  private func propfindFollowingRedirects(_ url: URL, depth: String) async throws(CardDAVError)
    -> (URL, HTTPClientResponse)
  {
    var current = url
    var visited: Set<String> = []
    while true {
      visited.insert(current.withoutUserInfo.absoluteString)
      let response = try await send(.PROPFIND, current, depth: depth, xml: DAVRequestBody.discoveryPropfind)
      guard [301, 302, 303, 307, 308].contains(response.status.code) else { return (current, response) }
      _ = try? await readSmallBody(response, from: current)
      guard let next = Self.redirectTarget(response, from: current) else {
        throw .server(status: Int(response.status.code), current)
      }
      let checked = try ServerAddressPolicy.checkRedirect(from: current, to: next)
      if visited.contains(checked.absoluteString) || visited.count > Self.maximumRedirects {
        throw .redirectLoop(checked)
      }
      current = checked
    }
  }

  /// An href from a response as an absolute URL on the same server.
  func resolve(_ raw: String, against base: URL) throws(CardDAVError) -> URL {
    guard let href = DAVHref.canonical(raw, relativeTo: base) else {
      throw .malformedResponse(base, "the server named an unusable href “\(raw)”")
    }
    return try DAVHref.url(href, on: base)
  }

  /// `url`'s server with `path` instead of its own.
  static func path(_ url: URL, _ path: String) -> URL {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    components?.percentEncodedPath = path
    components?.query = nil
    components?.fragment = nil
    return components?.url ?? url
  }
}

extension AddressBookInfo {
  init(_ properties: DAVProperties, url: URL) {
    var url = url
    if !url.path(percentEncoded: true).hasSuffix("/") {
      url = CardDAVClient.path(url, url.path(percentEncoded: true) + "/")
    }
    self.init(
      url: url,
      displayName: properties.displayName,
      description: properties.addressBookDescription,
      supportedVersions: properties.supportedVersions,
      supportsSyncCollection: properties.supportedReports.contains(.syncCollection),
      maxResourceSize: properties.maxResourceSize
    )
  }
}
