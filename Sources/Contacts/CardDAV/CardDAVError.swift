import Foundation

/// Every way talking to a CardDAV server can fail, each with a `description` in words a person
/// can act on. No case carries the password, and URLs are kept without user information, so a
/// description is safe to show, log or record.
public enum CardDAVError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `http://` to a host that is not this machine: the password would cross the network in the
  /// clear, so nothing is sent.
  case insecureURL(URL)
  /// Not a URL the client can use (what was given, without any user information in it).
  case invalidURL(String)
  /// The name did not resolve or nothing answered (connection refused, no route).
  case hostUnreachable(host: String, detail: String)
  /// The TLS handshake failed, usually an untrusted or mismatched certificate: never
  /// bypassed, since certificates are always verified.
  case tls(String)
  case timedOut(URL)
  /// 401: the server refused the user name or password.
  case unauthorized(URL)
  /// 403, other than for a stale sync token.
  case forbidden(URL)
  case notFound(URL)
  /// No address book was found there, or it is not a CardDAV server at all.
  case notCardDAV(URL)
  /// Redirects came back to a URL already visited, or did not end.
  case redirectLoop(URL)
  /// The server sent the request for `from` on to `to`, on another origin (scheme, host or
  /// port): not followed, nothing was sent there. At set-up the user may link `to` instead.
  case redirectedElsewhere(from: URL, to: URL)
  /// The server sent an https request on to plain http: never followed.
  case insecureRedirect(from: URL, to: URL)
  /// A request for another origin than the one the client is linked to: not sent.
  case otherServer(URL, linked: ServerOrigin)
  /// 412: the card changed (or appeared) on the server since the caller last saw it.
  case preconditionFailed(href: String)
  /// The sync token is no longer known to the server (RFC 6578 §3.2, DAV:valid-sync-token): list
  /// everything again.
  case invalidSyncToken
  /// 413 or `max-resource-size`: the card is larger than the server accepts.
  case tooLarge(href: String)
  /// The server refused one card (400, 409, 415 or 403 on a PUT): it cannot store it as sent.
  /// `reason` is the server's precondition (`no-uid-conflict`, `valid-address-data`, …) or the
  /// first line of its answer.
  case rejectedCard(href: String, status: Int, reason: String)
  /// Any other failing status.
  case server(status: Int, URL)
  /// The answer could not be read (not XML, cut off, or not the multistatus asked for).
  case malformedResponse(URL, String)
  /// The connection broke while the answer was coming.
  case connectionLost(URL, String)

  public var description: String {
    switch self {
    case .insecureURL(let url):
      "Refusing to send the password unencrypted to \(url.hostAndPort): use https:// (http:// is "
        + "allowed only to this machine: 127.0.0.1, ::1 or localhost)."
    case .invalidURL(let text):
      "“\(text)” is not a server address this client can use: give an http:// or https:// URL "
        + "with a host name, and no user name or password in it."
    case .hostUnreachable(let host, let detail):
      "Could not reach host \(host): \(detail)."
    case .tls(let detail):
      "The secure connection failed: \(detail)."
    case .timedOut(let url):
      "The server at \(url.hostAndPort) did not answer in time (\(url.redactedString))."
    case .unauthorized(let url):
      "The server at \(url.hostAndPort) refused the user name or password (401)."
    case .forbidden(let url):
      "The server at \(url.hostAndPort) does not allow this user to access \(url.redactedPath) (403)."
    case .notFound(let url):
      "Nothing was found at \(url.redactedString) (404)."
    case .notCardDAV(let url):
      "No CardDAV address book was found at \(url.redactedString)."
    case .redirectLoop(let url):
      "Redirected in a loop at \(url.redactedString)."
    case .redirectedElsewhere(let from, let to):
      "The server at \(from.hostAndPort) sends \(from.redactedPath) on to \(to.redactedString), another server: "
        + "nothing was sent there (the password goes only to the server you linked)."
    case .insecureRedirect(let from, let to):
      "The server at \(from.hostAndPort) sends \(from.redactedPath) from https to plain http "
        + "(\(to.redactedString)): refused, nothing was sent there."
    case .otherServer(let url, let linked):
      "Refusing to send a request to \(url.redactedString): the password belongs to \(linked), the server linked."
    case .preconditionFailed(let href):
      "The card at \(href) changed on the server since it was last read (412); it was not "
        + "overwritten."
    case .invalidSyncToken:
      "The server no longer knows the last sync token; everything will be compared again."
    case .tooLarge(let href):
      "The card at \(href) is larger than the server accepts."
    case .rejectedCard(let href, let status, let reason):
      "The server refused the card at \(href) (\(status)): \(reason)."
    case .server(let status, let url):
      "The server at \(url.hostAndPort) answered \(status) "
        + "(\(HTTPStatusText.phrase(for: status))) for \(url.redactedPath)."
    case .malformedResponse(let url, let detail):
      "The answer from \(url.hostAndPort) for \(url.redactedPath) could not be read: \(detail)."
    case .connectionLost(let url, let detail):
      "The connection to \(url.hostAndPort) broke while reading the answer: \(detail)."
    }
  }
}
