import CardDAV
import Foundation
import Subprocess

/// Cyrus IMAP's CardDAV for one test: `Tests/Servers/cyrus.sh` (the same script the benchmarks
/// use) makes a private instance in a temporary folder, with its own configuration, sasldb and
/// loopback ports, and a user whose book is `/dav/addressbooks/user/alice/Default/`. The script
/// serves until its standard input ends, so closing that pipe stops it, and a test process that
/// dies closes it too. Starting one takes a fraction of a second (the master's and the user's
/// set-up), so each test has an instance of its own, as with the other servers.
enum CyrusLaunch {
  /// `Tests/Servers/cyrus.sh` in the package (this file is Sources/Contacts/CardDAVTesting/CyrusLaunch.swift).
  static var script: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Tests/Servers/cyrus.sh")
  }

  static let username = "alice"
  /// The script's exit status when a port was taken.
  private static let portTaken: Int32 = 3
  private static let portAttempts = 5
  /// Cards PUT at once while preloading.
  private static let preloadConcurrency = 4

  static func start(preloading cards: [DAVTestServer.PreloadedCard]) async throws -> RunningServer {
    let credentials = DAVCredentials(username: username, password: "pw-" + UUID().uuidString.prefix(12))
    var lastLog = ""
    for _ in 0..<portAttempts {
      guard let httpPort = LoopbackPort.unused(), let imapPort = LoopbackPort.unused(), httpPort != imapPort else {
        break
      }
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("termflow-dav-cyrus-\(UUID().uuidString)", isDirectory: true)
      let base = URL(string: "http://127.0.0.1:\(httpPort)/")!
      let server = DAVTestServer(
        kind: .cyrus, baseURL: base, credentials: credentials,
        addressBookURL: URL(string: "/dav/addressbooks/user/\(username)/Default/", relativeTo: base)!.absoluteURL,
        homeSetURL: URL(string: "/dav/addressbooks/user/\(username)/", relativeTo: base)!.absoluteURL,
        dataFolder: folder)
      let (running, log, status) = try await launch(server, imapPort: imapPort)
      if let running {
        do {
          try await preload(cards, into: running.server)
          return running
        } catch {
          await running.stop()
          throw error
        }
      }
      lastLog = log
      // A port taken is tried again with others; so is a start that ended without a word (it
      // was killed, or said nothing before it went: seen once in a full parallel run). One that
      // says why it failed is not.
      if status != portTaken && !log.isEmpty { break }
    }
    throw DAVTestServerError.didNotStart(.cyrus, log: lastLog)
  }

  /// Runs the script and waits for its ready line: the running server, or (nil, its output, its
  /// exit status).
  private static func launch(_ server: DAVTestServer, imapPort: Int) async throws
    -> (RunningServer?, String, Int32)
  {
    let started = try await ServerProcess.start(
      URL(fileURLWithPath: "/bin/bash"),
      arguments: [
        script.path, "serve", server.dataFolder.path, "\(server.baseURL.port!)", "\(imapPort)",
        "\(server.credentials.username):\(server.credentials.password)",
      ],
      stopsWhenInputEnds: true, readyMarker: "cyrus.sh: ready")
    let running = RunningServer(server: server, started: started)
    if await started.output.waitUntilReady() { return (running, "", 0) }
    let status = await running.stop()
    guard case .exited(let code) = status else { return (nil, started.output.text, -1) }
    return (nil, started.output.text, code)
  }

  /// PUTs each card into the address book, a few at a time: Cyrus keeps its cards in mailboxes
  /// and indexes, so they go in as a client's would.
  private static func preload(_ cards: [DAVTestServer.PreloadedCard], into server: DAVTestServer) async throws {
    guard !cards.isEmpty else { return }
    for card in cards where card.name.isEmpty || card.name.contains("/") || card.name.hasPrefix(".") {
      throw DAVTestServerError.setupFailed("“\(card.name)” is not a plain file name")
    }
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      try await withThrowingTaskGroup(of: Void.self) { group in
        let book = server.addressBookURL
        let path = book.path(percentEncoded: true)
        for (index, card) in cards.enumerated() {
          if index >= preloadConcurrency { try await group.next() }
          group.addTask {
            do {
              _ = try await client.put(path + card.name, in: book, card: Array(card.text.utf8), condition: .create)
            } catch {
              throw DAVTestServerError.setupFailed("Cyrus refused the preloaded card \(card.name): \(error)")
            }
          }
        }
        try await group.waitForAll()
      }
    }
  }
}
