import AsyncHTTPClient
import Foundation
import NIOCore
import Synchronization

/// One conversation with a CardDAV server (RFC 4918, 6352, 6578, 6764): discovery, listing,
/// incremental sync, fetching and conditional writes. It returns values and knows nothing about
/// contacts or the database; the sync engine decides what to do with them.
///
/// Why async-http-client: a maintained NIO stack with streamed bodies, explicit timeouts,
/// redirects under our control and certificate verification by default (FoundationNetworking's
/// URLSession on Linux hangs on a 401 unless a delegate cancels the challenge).
///
/// Every answer is streamed to a temporary file and read by a SAX parser, so a 100,000-member
/// listing never sits whole in memory. `http://` is refused except to this machine; the password
/// only ever goes into the `Authorization` header.
///
/// Credentials stay with their origin: a client talks to one server (scheme, host and port, see
/// `ServerOrigin`), the one it was made for or else the one its first request went to, and sends
/// nothing anywhere else. A redirect to another origin is never followed: discovery throws
/// `CardDAVError.redirectedElsewhere` (the caller may ask the user and, if they agree, make a
/// client for the new server and discover there), and any other request reports it as its failure.
/// https is never left for http.
///
/// The client owns an `HTTPClient`: call `shutdown()` when done (a debug build traps on a client
/// dropped without it), or use `withClient(credentials:timeout:_:)`.
public final class CardDAVClient: Sendable {
  let credentials: DAVCredentials
  /// The only origin requests go to; nil until the first request when the client was made
  /// without one.
  private let linkedOrigin: Mutex<ServerOrigin?>
  /// The wait for an answer's head.
  let timeout: Duration
  let http: HTTPClient
  private let sentRequests = Mutex(0)

  /// `timeout` bounds the connection, the wait for an answer's head, and each silence while its
  /// body arrives; a long answer that keeps flowing is not cut off. `answerTimeout`, when given,
  /// bounds the wait for an answer and its silences instead: a server builds a listing of a
  /// big book whole before it answers (Radicale, 100,000 cards: over 30 s on a busy machine).
  ///
  /// `server` is what the user linked or typed: its origin is the only one the client talks to
  /// (and sends the credentials to). Without it, the first request's origin is.
  public init(
    credentials: DAVCredentials, server: URL? = nil, timeout: Duration = .seconds(30), answerTimeout: Duration? = nil
  ) {
    self.credentials = credentials
    self.linkedOrigin = Mutex(server.flatMap(ServerOrigin.init))
    let answerTimeout = answerTimeout ?? timeout
    self.timeout = answerTimeout
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      timeout: .init(connect: TimeAmount(timeout), read: TimeAmount(answerTimeout)),
      decompression: .disabled
    )
    // Fail at once when nothing listens, rather than retrying until the timeout.
    configuration.connectionPool.retryConnectionEstablishment = false
    self.http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
  }

  /// Runs `body` with a new client and shuts it down afterwards, also when `body` throws.
  public static func withClient<Result>(
    credentials: DAVCredentials, server: URL? = nil, timeout: Duration = .seconds(30), answerTimeout: Duration? = nil,
    _ body: (CardDAVClient) async throws -> Result
  ) async throws -> Result {
    let client = CardDAVClient(credentials: credentials, server: server, timeout: timeout, answerTimeout: answerTimeout)
    do {
      let result = try await body(client)
      try await client.shutdown()
      return result
    } catch {
      try? await client.shutdown()
      throw error
    }
  }

  public func shutdown() async throws {
    try await http.shutdown()
  }

  /// Requests sent so far, every redirect hop included: what "a no-op sync sends at most two
  /// requests" is measured with.
  public var requestCount: Int { sentRequests.withLock { $0 } }

  func countRequest() {
    sentRequests.withLock { $0 += 1 }
  }

  /// The origin requests go to: the one given at `init`, or the first request's.
  public var origin: ServerOrigin? { linkedOrigin.withLock { $0 } }

  /// Throws `.otherServer` unless `url` is on the client's origin (which the first request
  /// fixes when `init` was given none). Checked before every request, so nothing, and no
  /// credential, goes anywhere else.
  func requireLinkedOrigin(_ url: URL) throws(CardDAVError) {
    guard let origin = ServerOrigin(url) else { throw .invalidURL(url.redactedString) }
    let linked = linkedOrigin.withLock { linked in
      if linked == nil { linked = origin }
      return linked!
    }
    guard linked == origin else { throw .otherServer(url.withoutUserInfo, linked: linked) }
  }

  /// The href a new card with `uid` gets: the book's path, the UID percent-encoded as one path
  /// segment, and ".vcf", in the canonical form (so `:` and `@` stay as they are, `/` and space
  /// are encoded). Deterministic, so a create retried after a crash lands on the same href and
  /// gets a 412 instead of a duplicate.
  public static func href(forUID uid: String, in book: URL) -> String {
    var path = DAVHref.normalized(book.path(percentEncoded: true))
    if !path.hasSuffix("/") { path += "/" }
    return DAVHref.normalized(path + DAVHref.segment(uid) + ".vcf")
  }

  /// The client's one form of an href (see `DAVHref`): what a server wrote, as an absolute path
  /// with canonical percent-encoding. Nil for an empty href or a URL without a host.
  public static func canonicalHref(_ written: String, relativeTo base: URL) -> String? {
    DAVHref.canonical(written, relativeTo: base)
  }
}

extension TimeAmount {
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
