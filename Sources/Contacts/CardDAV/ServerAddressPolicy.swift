import Foundation

/// Which URLs the client talks to at all: http or https with a host and no credentials in the
/// URL, and plain http only to this machine, so a password never crosses a network unencrypted.
enum ServerAddressPolicy {
  /// Returns `url` when it may be used, else the error saying why, before any connection.
  static func check(_ url: URL) throws(CardDAVError) -> URL {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw .invalidURL(url.redactedString)
    }
    guard let host = url.host(percentEncoded: false), !host.isEmpty else {
      throw .invalidURL(url.redactedString)
    }
    guard url.user == nil, url.password == nil else { throw .invalidURL(url.redactedString) }
    if scheme == "http", !isLoopback(host) { throw .insecureURL(url) }
    return url
  }

  /// Returns where a redirect from `current` to `target` may be followed (the same origin),
  /// else the error saying why, before anything is sent there: https to http is
  /// `.insecureRedirect` (never followed, even on one host); a URL `check` refuses is refused as
  /// ever; another scheme, host or port is `.redirectedElsewhere` (the credentials belong to
  /// `current`'s origin; only the user can link another).
  static func checkRedirect(from current: URL, to target: URL) throws(CardDAVError) -> URL {
    if current.scheme?.lowercased() == "https", target.scheme?.lowercased() == "http" {
      throw .insecureRedirect(from: current.withoutUserInfo, to: target.withoutUserInfo)
    }
    let target = try check(target)
    guard ServerOrigin(target) == ServerOrigin(current) else {
      throw .redirectedElsewhere(from: current.withoutUserInfo, to: target)
    }
    return target
  }

  /// 127.0.0.0/8, ::1 and localhost: names and addresses that never leave the machine.
  static func isLoopback(_ host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if name.hasSuffix(".") { name.removeLast() }
    if name == "localhost" || name.hasSuffix(".localhost") { return true }
    if name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
    let octets = name.split(separator: ".", omittingEmptySubsequences: false)
    guard octets.count == 4, octets.first == "127" else { return false }
    return octets.allSatisfy { octet in
      !octet.isEmpty && octet.count <= 3 && octet.allSatisfy(\.isASCIIDigit) && Int(octet)! <= 255
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
