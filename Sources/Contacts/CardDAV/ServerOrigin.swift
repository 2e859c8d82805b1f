import Foundation

/// The scheme, host and port a URL names (RFC 6454's origin): what the password belongs to.
///
/// A client sends requests, and with them the `Authorization` header, only to the origin the user
/// linked. `https://dav.example.com` and `https://dav.example.com:443/x/` are one origin;
/// `http://` on the same host, another port or another host name is another (curl, browsers and
/// Python's requests draw the same line when they drop credentials on a redirect).
public struct ServerOrigin: Sendable, Hashable, CustomStringConvertible {
  /// `http` or `https`, in lower case.
  public var scheme: String
  /// The host in lower case, without a trailing dot; an IPv6 address without brackets.
  public var host: String
  /// The port, the scheme's own when the URL names none.
  public var port: Int

  /// The origin of `url`; nil without a scheme or a host.
  public init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), var host = url.host(percentEncoded: false)?.lowercased(),
      !host.isEmpty
    else { return nil }
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host.hasSuffix(".") { host.removeLast() }
    guard let port = url.port ?? Self.defaultPort(scheme) else { return nil }
    self.scheme = scheme
    self.host = host
    self.port = port
  }

  /// "https://dav.example.com" or "http://127.0.0.1:5232": the port only when it is not the
  /// scheme's own.
  public var description: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return port == Self.defaultPort(scheme) ? "\(scheme)://\(shownHost)" : "\(scheme)://\(shownHost):\(port)"
  }

  private static func defaultPort(_ scheme: String) -> Int? {
    switch scheme {
    case "http": 80
    case "https": 443
    default: nil
    }
  }
}
