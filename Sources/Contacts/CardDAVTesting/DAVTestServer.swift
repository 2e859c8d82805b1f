import CardDAV
import Foundation

/// A real CardDAV server for one test: Radicale or Xandikos from the project's virtual
/// environment (`make deps` builds it), or Cyrus IMAP from Debian's packages, started on
/// 127.0.0.1 on a port of its own with its data in a temporary folder of its own, so tests run
/// in parallel without meeting. Use it through
/// `withServer(_:preloading:_:)`, which always stops the server and removes the folder, also
/// when the test fails.
///
/// - Radicale 3.9.0: htpasswd authentication (plain), a user with a random password, and an
///   address book `/<user>/book/` written straight into its storage before it starts.
/// - Xandikos 0.4.10: `--defaults`, no authentication (any credentials pass); the address book
///   is `/user/contacts/addressbook/`.
/// - DAViCal 1.1.12 (Debian's, on PostgreSQL and PHP's built-in web server, started by
///   `Tests/Servers/davical.sh`): one server per test process, and per test a principal of its
///   own with a random password and the address book `/caldav.php/NAME/book/` (`DAViCalServer`).
///   Preloaded cards go in through DAViCal's import, each at its UID's href (`UID.vcf`), whatever
///   their `name`.
/// - Cyrus IMAP 3.6 (`httpmodules: carddav`): a private instance made by `Tests/Servers/cyrus.sh`
///   (its own configuration, sasldb and spool), a user with a random password whose mailbox is
///   made over IMAP, and the book Cyrus makes for it, `/dav/addressbooks/user/alice/Default/`;
///   cards are preloaded by PUT.
public struct DAVTestServer: Sendable {
  public enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
    case radicale, xandikos, davical, cyrus
    public var description: String { rawValue }
  }

  /// A card written into the server's storage before it starts: `name` is the last path segment
  /// of its href ("alice.vcf"). Radicale's per-PUT cost grows with the collection, so large test
  /// collections are loaded this way; Radicale's item cache is then filled before it starts
  /// (`--verify-storage`), so its first listing is not a cold one.
  public struct PreloadedCard: Sendable, Hashable {
    public var name: String
    public var text: String
    public init(name: String, text: String) {
      self.name = name
      self.text = text
    }
  }

  public let kind: Kind
  /// `http://127.0.0.1:PORT/`: what a user types; discovery starts here.
  public let baseURL: URL
  public let credentials: DAVCredentials
  /// The ready address book, with a trailing slash.
  public let addressBookURL: URL
  /// The home set that holds the address book (where `createAddressBook` makes new ones).
  public let homeSetURL: URL
  /// The folder the server keeps its data in (removed when the server stops).
  public let dataFolder: URL

  /// The credentials the server does not accept (Radicale, DAViCal and Cyrus; Xandikos accepts
  /// anything).
  public var wrongCredentials: DAVCredentials {
    DAVCredentials(username: credentials.username, password: credentials.password + "-wrong")
  }

  /// The user's password changed on the server, as an administrator changes it (Radicale
  /// reads its user file at each request): from now on only the credentials returned work.
  public func changePassword(to password: String) throws -> DAVCredentials {
    guard kind == .radicale else {
      throw DAVTestServerError.unsupported("Only the Radicale test server has passwords.")
    }
    try Data("\(credentials.username):\(password)\n".utf8).write(to: dataFolder.appendingPathComponent("users"))
    return DAVCredentials(username: credentials.username, password: password)
  }

  /// DAViCal forgets the address book's sync tokens as its own clean-up does a week after
  /// another client's sync (`davical.sh forget-tokens`, from `new_sync_token()` in its
  /// caldav_functions.sql): a client's old token is then unknown, and DAViCal answers it with
  /// every card instead of 403 `valid-sync-token`.
  public func forgetSyncTokens() async throws {
    guard kind == .davical else {
      throw DAVTestServerError.unsupported("Only the DAViCal test server forgets sync tokens on request.")
    }
    let instance = try await DAViCalServer.instance()
    try await DAViCalServer.run(["forget-tokens", instance.folder.path, credentials.username])
  }

  /// Starts a `kind` server with `cards` already in its address book, runs `body`, then stops the
  /// server and removes its folder whatever `body` did.
  ///
  /// `selfSignedTLS` (Radicale only) serves https with a certificate made for the test by
  /// `openssl` and trusted by nobody: what a client that verifies certificates must refuse.
  public static func withServer<Result>(
    _ kind: Kind, preloading cards: some Sequence<PreloadedCard> = [PreloadedCard](),
    selfSignedTLS: Bool = false, isolation: isolated (any Actor)? = #isolation,
    _ body: (DAVTestServer) async throws -> Result
  ) async throws -> Result {
    let preloaded = Array(cards)
    if kind == .davical {
      guard !selfSignedTLS else { throw DAVTestServerError.unsupported("Only the Radicale test server serves https.") }
      return try await DAViCalServer.withPrincipal(preloading: preloaded, body)
    }
    let running = try await RunningServer.start(kind, preloading: preloaded, selfSignedTLS: selfSignedTLS)
    do {
      let result = try await body(running.server)
      await running.stop()
      return result
    } catch {
      await running.stop()
      throw error
    }
  }
}

/// Why a test server could not be used: in words, with what to do.
public enum DAVTestServerError: Error, CustomStringConvertible {
  case notInstalled(URL)
  case didNotStart(DAVTestServer.Kind, log: String)
  case setupFailed(String)
  case unsupported(String)

  public var description: String {
    switch self {
    case .notInstalled(let folder):
      "Radicale and Xandikos are not installed in \(folder.path): run `make deps` (or "
        + "`make dav-servers`) in the package folder first."
    case .didNotStart(let kind, let log):
      "The \(kind) test server did not start. Its output:\n\(log)"
    case .setupFailed(let detail):
      "The test server's folder could not be prepared: \(detail)"
    case .unsupported(let detail):
      detail
    }
  }
}
