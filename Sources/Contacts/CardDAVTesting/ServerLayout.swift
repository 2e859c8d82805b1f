import CardDAV
import Foundation
import Subprocess

/// Where each server keeps its data, how it is started, and how cards are put straight into its
/// storage.
final class ServerLayout: @unchecked Sendable {
  /// The servers run from the project's Python environment, each the module of its name.
  enum PythonServer: String {
    case radicale, xandikos
  }

  let kind: PythonServer
  let folder: URL
  let credentials: DAVCredentials
  private var preloadedCount = 0
  var lastLog = ""

  let selfSignedTLS: Bool

  init(_ kind: PythonServer, in folder: URL, selfSignedTLS: Bool) throws {
    guard !selfSignedTLS || kind == .radicale else {
      throw DAVTestServerError.unsupported("Only the Radicale test server serves https.")
    }
    self.kind = kind
    self.folder = folder
    self.selfSignedTLS = selfSignedTLS
    switch kind {
    case .radicale:
      credentials = DAVCredentials(username: "alice", password: "pw-" + UUID().uuidString.prefix(12))
    case .xandikos:
      credentials = DAVCredentials(username: "user", password: "unused")
    }
  }

  private var storage: URL { folder.appendingPathComponent("storage", isDirectory: true) }

  /// Radicale: `storage/collection-root/alice/book/`. Xandikos: `storage/user/contacts/addressbook/`.
  private var bookPath: String {
    switch kind {
    case .radicale: "/\(credentials.username)/book/"
    case .xandikos: "/user/contacts/addressbook/"
    }
  }

  private var homeSetPath: String {
    switch kind {
    case .radicale: "/\(credentials.username)/"
    case .xandikos: "/user/contacts/"
    }
  }

  private var bookFolder: URL {
    switch kind {
    case .radicale: storage.appendingPathComponent("collection-root\(bookPath)", isDirectory: true)
    case .xandikos: storage.appendingPathComponent(String(bookPath.dropFirst()), isDirectory: true)
    }
  }

  /// Xandikos makes its principal on its first start, so cards to preload need a second.
  var needsSecondStart: Bool { kind == .xandikos && preloadedCount > 0 }

  func server(port: Int) -> DAVTestServer {
    let base = URL(string: "\(selfSignedTLS ? "https" : "http")://127.0.0.1:\(port)/")!
    return DAVTestServer(
      kind: DAVTestServer.Kind(rawValue: kind.rawValue)!, baseURL: base, credentials: credentials,
      addressBookURL: URL(string: bookPath, relativeTo: base)!.absoluteURL,
      homeSetURL: URL(string: homeSetPath, relativeTo: base)!.absoluteURL,
      dataFolder: folder
    )
  }

  func arguments(port: Int) -> [String] {
    switch kind {
    case .radicale:
      [
        "--config",  // no configuration file
        "--server-hosts", "127.0.0.1:\(port)",
        "--storage-filesystem-folder", storage.path,
        "--auth-type", "htpasswd",
        "--auth-htpasswd-filename", folder.appendingPathComponent("users").path,
        "--auth-htpasswd-encryption", "plain",
        "--auth-delay", "0",
        "--server-delay-on-error", "0",
        "--logging-level", "info",
      ]
        + (selfSignedTLS
          ? [
            "--server-ssl", "--server-certificate", certificate.path, "--server-key", privateKey.path,
          ] : [])
    case .xandikos:
      ["--defaults", "-d", storage.path, "-l", "127.0.0.1", "-p", "\(port)"]
    }
  }

  /// The line that says the server accepts connections. Radicale logs it after binding.
  /// Xandikos logs "Listening on" before it binds, so the prelude makes aiohttp say it once its
  /// site has started.
  func readyMarker(port: Int) -> String {
    switch kind {
    case .radicale: "Radicale server ready"
    case .xandikos: "CardDAVTesting: accepting connections"
    }
  }

  /// Python run before the server's module (see `readyMarker(port:)`).
  var prelude: String {
    switch kind {
    case .radicale: ""
    case .xandikos:
      """
      from aiohttp import web_runner
      _start = web_runner.TCPSite.start
      async def _start_and_say_so(self):
          await _start(self)
          print("CardDAVTesting: accepting connections", file=sys.stderr, flush=True)
      web_runner.TCPSite.start = _start_and_say_so
      """
    }
  }

  private var certificate: URL { folder.appendingPathComponent("certificate.pem") }
  private var privateKey: URL { folder.appendingPathComponent("key.pem") }

  /// A certificate for 127.0.0.1 signed by itself, valid for a day.
  private func makeSelfSignedCertificate() async throws {
    try await run(
      "openssl",
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", privateKey.path, "-out", certificate.path, "-days", "1", "-subj", "/CN=127.0.0.1",
        "-addext", "subjectAltName=IP:127.0.0.1",
      ])
  }

  /// Writes the user file and, for Radicale, the address book with `cards`; for Xandikos, the
  /// cards wait in the folder until `commitPreloadedCards()`.
  func prepare(preloading cards: some Sequence<DAVTestServer.PreloadedCard>) async throws {
    let manager = FileManager.default
    if selfSignedTLS { try await makeSelfSignedCertificate() }
    switch kind {
    case .radicale:
      try Data("\(credentials.username):\(credentials.password)\n".utf8)
        .write(to: folder.appendingPathComponent("users"))
      try manager.createDirectory(at: bookFolder, withIntermediateDirectories: true)
      try Data(#"{"D:displayname": "Book", "tag": "VADDRESSBOOK"}"#.utf8)
        .write(to: bookFolder.appendingPathComponent(".Radicale.props"))
      try write(cards, into: bookFolder)
    case .xandikos:
      let waiting = folder.appendingPathComponent("preload", isDirectory: true)
      try manager.createDirectory(at: waiting, withIntermediateDirectories: true)
      try write(cards, into: waiting)
    }
  }

  private func write(_ cards: some Sequence<DAVTestServer.PreloadedCard>, into folder: URL) throws {
    for card in cards {
      guard !card.name.isEmpty, !card.name.contains("/"), !card.name.hasPrefix(".") else {
        throw DAVTestServerError.setupFailed("“\(card.name)” is not a plain file name")
      }
      try Data(card.text.utf8).write(to: folder.appendingPathComponent(card.name))
      preloadedCount += 1
    }
  }

  /// Radicale parses every card on its first listing to fill its item cache (10,000 cards: a
  /// minute here), as a server that has been running has done long ago. With cards preloaded,
  /// `radicale --verify-storage` fills the cache before the server starts, so the first request
  /// a test times is a steady-state one. Best effort: a card it cannot read (a test may preload
  /// one on purpose) is the server's business, not the harness's.
  func warmCache(with program: URL) async throws {
    guard kind == .radicale, preloadedCount > 0 else { return }
    _ = try await Subprocess.run(
      .path(.init(program.path)),
      arguments: ["--config", "--storage-filesystem-folder", storage.path, "--verify-storage"],
      output: .discarded, error: .discarded)
  }

  /// Moves the waiting cards into Xandikos' address book and commits them to its git tree, the
  /// store it serves from.
  func commitPreloadedCards() async throws {
    let waiting = folder.appendingPathComponent("preload", isDirectory: true)
    let manager = FileManager.default
    for name in try manager.contentsOfDirectory(atPath: waiting.path) {
      try manager.moveItem(at: waiting.appendingPathComponent(name), to: bookFolder.appendingPathComponent(name))
    }
    try await git(["add", "-A"])
    try await git([
      "-c", "user.name=CardDAVTesting", "-c", "user.email=tests@localhost", "commit", "-q", "-m", "Preloaded cards",
    ])
  }

  private func git(_ arguments: [String]) async throws {
    try await run("git", ["-C", bookFolder.path] + arguments)
  }

  /// Runs a tool from PATH to its end; a failure throws with what it printed.
  private func run(_ tool: String, _ arguments: [String]) async throws {
    let result = try await Subprocess.run(
      .name(tool), arguments: Arguments(arguments), output: .string(limit: .max), error: .combinedWithOutput)
    guard result.terminationStatus.isSuccess else {
      throw DAVTestServerError.setupFailed(
        "\(tool) \(arguments.joined(separator: " ")): \(result.standardOutput)")
    }
  }
}
