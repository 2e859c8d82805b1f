import CardDAV
import Foundation
import Subprocess
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// DAViCal for the tests: one server per test process, a principal of its own per test.
///
/// Making a PostgreSQL cluster and DAViCal's schema takes about 8 s here, so the first test that
/// asks starts `Tests/Servers/davical.sh serve` (its own cluster in a temporary folder, PHP's
/// web server on a loopback port of its own) and every later test of the process shares it.
/// Tests stay apart as they do on the other servers: each gets a new principal with a random
/// password and an empty address book `/caldav.php/NAME/book/`, removed (with its cards) when
/// the test ends. The server stops when the test process exits (`atexit`), and the script stops
/// it by itself within a second when the process is gone without exiting (killed).
enum DAViCalServer {
  /// `Tests/Servers/davical.sh` in the package.
  static var script: URL {
    // This file is Sources/Contacts/CardDAVTesting/DAViCalServer.swift in the package.
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Tests/Servers/davical.sh")
  }

  /// The running server, shared by the tests of this process.
  struct Instance: Sendable {
    let folder: URL
    let port: Int
  }

  private static let shared = Mutex<Task<Instance, any Error>?>(nil)
  /// The script's process id, for the `atexit` handler (0: none).
  private static let runningScript = Atomic<Int32>(0)

  /// The process's server, started by the first caller.
  static func instance() async throws -> Instance {
    let task = shared.withLock { current in
      if let current { return current }
      let starting = Task { try await start() }
      current = starting
      return starting
    }
    return try await task.value
  }

  /// How many ports to try when another process takes the picked one first.
  private static let portAttempts = 5

  private static func start() async throws -> Instance {
    var lastLog = ""
    for _ in 0..<portAttempts {
      guard let port = LoopbackPort.unused() else { break }
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("termflow-davical-\(UUID().uuidString)", isDirectory: true)
      // Subprocess starts it with no signal blocked: a script that inherited a Dispatch thread's
      // blocked signals never saw SIGTERM and never stopped.
      let started = try await ServerProcess.start(
        URL(fileURLWithPath: "/bin/bash"), arguments: [script.path, "serve", folder.path, "\(port)"],
        readyMarker: "DAViCal ready on")
      if await started.output.waitUntilReady() {
        stopAtExit(started.processID)
        return Instance(folder: folder, port: port)
      }
      await started.ended()
      lastLog = started.output.text
      if !lastLog.localizedCaseInsensitiveContains("address already in use") { break }
    }
    throw DAVTestServerError.didNotStart(.davical, log: lastLog)
  }

  /// Stops the script (SIGTERM: it stops PHP and PostgreSQL and removes its folder) when the
  /// test process exits.
  private static func stopAtExit(_ pid: Int32) {
    runningScript.store(pid, ordering: .sequentiallyConsistent)
    atexit {
      let pid = DAViCalServer.runningScript.load(ordering: .sequentiallyConsistent)
      if pid > 0 { kill(pid, SIGTERM) }
    }
  }

  /// Runs `davical.sh COMMAND ARGUMENTS...` to its end; a failure throws with what it printed.
  @discardableResult
  static func run(_ arguments: [String]) async throws -> String {
    let result = try await Subprocess.run(
      .path("/bin/bash"), arguments: Arguments([script.path] + arguments), input: .none,
      output: .string(limit: .max), error: .combinedWithOutput)
    let output = result.standardOutput
    guard result.terminationStatus.isSuccess else {
      throw DAVTestServerError.setupFailed("davical.sh \(arguments.first ?? ""): \(output)")
    }
    return output
  }

  /// Starts (or joins) the process's DAViCal, makes a principal with `cards` in its address
  /// book, runs `body`, then removes the principal whatever `body` did.
  static func withPrincipal<Result>(
    preloading cards: [DAVTestServer.PreloadedCard], isolation: isolated (any Actor)? = #isolation,
    _ body: (DAVTestServer) async throws -> Result
  ) async throws -> Result {
    let instance = try await instance()
    let name = "u" + UUID().uuidString.prefix(13).lowercased().replacingOccurrences(of: "-", with: "")
    let credentials = DAVCredentials(username: name, password: "pw-" + UUID().uuidString.prefix(12))
    let dataFolder = FileManager.default.temporaryDirectory
      .appendingPathComponent("termflow-davical-test-\(name)", isDirectory: true)
    try FileManager.default.createDirectory(at: dataFolder, withIntermediateDirectories: true)
    let base = URL(string: "http://127.0.0.1:\(instance.port)/")!
    let server = DAVTestServer(
      kind: .davical, baseURL: base, credentials: credentials,
      addressBookURL: URL(string: "/caldav.php/\(name)/book/", relativeTo: base)!.absoluteURL,
      homeSetURL: URL(string: "/caldav.php/\(name)/", relativeTo: base)!.absoluteURL,
      dataFolder: dataFolder)
    func cleanUp() async {
      _ = try? await run(["remove-user", instance.folder.path, name])
      try? FileManager.default.removeItem(at: dataFolder)
    }
    do {
      try await run(["add-user", instance.folder.path, name, credentials.password])
      if !cards.isEmpty {
        let file = dataFolder.appendingPathComponent("preload.vcf")
        try Data(cards.map(\.text).joined().utf8).write(to: file)
        try await run(["load", instance.folder.path, name, file.path])
      }
      let result = try await body(server)
      await cleanUp()
      return result
    } catch {
      await cleanUp()
      throw error
    }
  }
}
