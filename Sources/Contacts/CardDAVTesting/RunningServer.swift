import CardDAV
import Foundation
import Subprocess

/// One started server process, its folder, and how to stop it.
final class RunningServer: Sendable {
  let server: DAVTestServer
  private let started: ServerProcess

  init(server: DAVTestServer, started: ServerProcess) {
    self.server = server
    self.started = started
  }

  /// A python prelude that clears the signal mask, makes the server exit when the test process
  /// is gone (killed by a timeout, say, before it could stop the server), then runs the server's
  /// module as its own program would (`sys.argv` = the script's path and the arguments).
  private static func unblockingSignals(andRunning module: String, after extra: String) -> String {
    """
    import os, runpy, signal, sys, threading, time
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
    def _exit_with_parent(parent=os.getppid()):
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)
    threading.Thread(target=_exit_with_parent, daemon=True).start()
    \(extra)
    sys.argv = sys.argv[1:]
    runpy.run_module("\(module)", run_name="__main__", alter_sys=True)
    """
  }

  /// How many ports to try when another process takes the picked one first.
  private static let portAttempts = 5

  static func start(
    _ kind: DAVTestServer.Kind, preloading cards: some Sequence<DAVTestServer.PreloadedCard>, selfSignedTLS: Bool
  ) async throws -> RunningServer {
    let python: ServerLayout.PythonServer
    switch kind {
    case .radicale: python = .radicale
    case .xandikos: python = .xandikos
    case .davical:
      // One DAViCal serves the whole test process (`DAVTestServer.withServer` asks it).
      throw DAVTestServerError.unsupported("DAViCal is started by DAViCalServer, not as a server per test.")
    case .cyrus:
      guard !selfSignedTLS else { throw DAVTestServerError.unsupported("Only the Radicale test server serves https.") }
      return try await CyrusLaunch.start(preloading: Array(cards))
    }
    let program = try DAVServerInstallation.executable(for: python)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("termflow-dav-\(kind)-\(UUID().uuidString)", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let layout = try ServerLayout(python, in: folder, selfSignedTLS: selfSignedTLS)
      try await layout.prepare(preloading: cards)
      try await layout.warmCache(with: program)
      var lastLog = ""
      for _ in 0..<portAttempts {
        guard let port = LoopbackPort.unused() else { break }
        let server = layout.server(port: port)
        if layout.needsSecondStart {
          // Xandikos makes its principal and collections on a first start; the cards go into
          // the address book's git tree between the two starts.
          let first = try await launch(program, layout: layout, server: server)
          guard let first else { continue }
          await first.stop(removingFolder: false)
          try await layout.commitPreloadedCards()
        }
        switch try await launch(program, layout: layout, server: server) {
        case .some(let running): return running
        case .none: lastLog = layout.lastLog
        }
      }
      throw DAVTestServerError.didNotStart(kind, log: lastLog)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
  }

  /// Starts the process and waits for its ready line. Nil when the port was taken (try another);
  /// any other early exit throws with the server's output.
  private static func launch(_ program: URL, layout: ServerLayout, server: DAVTestServer) async throws
    -> RunningServer?
  {
    // HOME: no user configuration file is read.
    let environment = ["PYTHONUNBUFFERED": "1", "HOME": layout.folder.path]
    // Through the venv's python with every signal unblocked first (Subprocess clears the mask
    // too; a server that inherited a Dispatch or NIO thread's blocked signals never saw SIGTERM
    // and never stopped), and made to exit when the test process is gone.
    let started = try await ServerProcess.start(
      program.deletingLastPathComponent().appendingPathComponent("python3"),
      arguments: ["-c", Self.unblockingSignals(andRunning: layout.kind.rawValue, after: layout.prelude), program.path]
        + layout.arguments(port: server.baseURL.port!),
      environment: environment, directory: layout.folder, readyMarker: layout.readyMarker(port: server.baseURL.port!))
    let running = RunningServer(server: server, started: started)
    if await started.output.waitUntilReady() { return running }
    await running.stop(removingFolder: false)
    let log = started.output.text
    layout.lastLog = log
    if log.localizedCaseInsensitiveContains("address already in use") { return nil }
    throw DAVTestServerError.didNotStart(server.kind, log: log)
  }

  /// Stops the server (its input closed, or SIGTERM), waits for it to exit, and removes its
  /// folder; its exit status (nil if it never ran).
  @discardableResult
  func stop(removingFolder: Bool = true) async -> TerminationStatus? {
    let status = await started.stop()
    if removingFolder { try? FileManager.default.removeItem(at: server.dataFolder) }
    return status
  }
}
