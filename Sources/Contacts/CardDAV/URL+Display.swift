import Foundation

/// How URLs appear in error descriptions: never with a user name or password in them.
extension URL {
  /// `host` or `host:port`, IPv6 addresses in brackets: "127.0.0.1:5232".
  var hostAndPort: String {
    let host = self.host(percentEncoded: false) ?? "(no host)"
    let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return port.map { "\(shown):\($0)" } ?? shown
  }

  /// The URL with any user information removed.
  var withoutUserInfo: URL {
    guard user != nil || password != nil,
      var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
    else { return self }
    components.user = nil
    components.password = nil
    return components.url ?? self
  }

  var redactedString: String { withoutUserInfo.absoluteString }

  var redactedPath: String {
    let path = self.path(percentEncoded: true)
    return path.isEmpty ? "/" : path
  }
}
