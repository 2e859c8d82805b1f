import Foundation

/// The user name and password a CardDAV server asks for (HTTP Basic authentication).
///
/// The password is held only to build the `Authorization` header: `description`,
/// `debugDescription` and `dump` print `<redacted>` instead, so the value can go into a log line,
/// an error or a test failure without leaking it.
public struct DAVCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  public var username: String
  public var password: String

  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }

  public var description: String { "DAVCredentials(username: \(username), password: <redacted>)" }
  public var debugDescription: String { description }
  public var customMirror: Mirror {
    Mirror(self, children: ["username": username, "password": "<redacted>"])
  }

  /// The `Authorization` header value: `Basic` and base64 of `username:password` in UTF-8
  /// (RFC 7617).
  var basicAuthorization: String {
    "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
  }
}
