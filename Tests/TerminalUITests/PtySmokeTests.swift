import Foundation
import Testing

@testable import TermFlowDemo
@testable import TerminalUI

/// The real ncursesw program under a real pty (a tmux pane): it must put on the tty exactly what
/// the headless backend holds, and give the terminal back intact on every way out.
///
/// Nothing here sleeps or polls: the demo writes "ready <pid>" to a FIFO once its first frame is
/// drawn, and the pane's script signals a tmux channel once the demo has exited, the tty's modes
/// have been read again and tmux has provably parsed the demo's last bytes. Timeouts exist only
/// so a broken build fails instead of hanging.
@Suite(.serialized)
@MainActor
struct PtySmokeTests {
  enum ExitPath: String, CaseIterable, Sendable {
    case quitKey, controlC, sigint, sigterm, sighup, trap

    var expectedStatus: Int32 {
      switch self {
      case .quitKey, .controlC: 0
      case .sigint: 128 + SIGINT
      case .sigterm: 128 + SIGTERM
      case .sighup: 128 + SIGHUP
      case .trap: 128 + SIGILL
      }
    }
  }

  @Test func theTerminalShowsWhatTheHeadlessBackendHolds() throws {
    let pane = try DemoPane(size: Size(width: 80, height: 24))
    defer { pane.close() }
    try pane.start()
    let expected = Gallery.render(GalleryState(), size: Size(width: 80, height: 24))
    let screen = try pane.capture()
    #expect(screen == expected.lines.map(Self.trimmingTrailingSpaces), "\(screen.joined(separator: "\n"))")
    #expect(screen.joined().contains("李小龍"))
    #expect(screen.joined().contains("😀"))
    #expect(
      try pane.display("#{cursor_x},#{cursor_y},#{cursor_flag}") == "\(expected.cursor!.x),\(expected.cursor!.y),1")
    try pane.keys("C-c")
    _ = try pane.waitForExit()
  }

  @Test(arguments: ExitPath.allCases)
  func theTerminalIsRestored(after path: ExitPath) throws {
    let pane = try DemoPane(size: Size(width: 80, height: 24))
    defer { pane.close() }
    let pid = try pane.start()
    #expect(try pane.display("#{alternate_on}") == "1")
    switch path {
    case .quitKey: try pane.keys("Tab", "Tab", "Tab", "q")
    case .controlC: try pane.keys("C-c")
    case .sigint: kill(pid, SIGINT)
    case .sigterm: kill(pid, SIGTERM)
    case .sighup: kill(pid, SIGHUP)
    case .trap: try pane.keys("!")
    }
    let outcome = try pane.waitForExit()
    #expect(outcome.status == path.expectedStatus)
    #expect(outcome.sttyBefore == outcome.sttyAfter, "tty modes changed")
    #expect(try pane.display("#{alternate_on}") == "0", "still on the alternate screen")
    #expect(try pane.display("#{cursor_flag}") == "1", "cursor left hidden")
    #expect(try pane.display("#{keypad_flag}#{keypad_cursor_flag}") == "00", "keypad modes left on")
  }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}

/// A tmux server with one pane running `termflow-demo`, in a temporary directory of its own.
@MainActor
final class DemoPane {
  struct Outcome {
    var status: Int32
    var sttyBefore: String
    var sttyAfter: String
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let directory: URL
  private let socket: String
  private let size: Size
  private var fifo: Int32 = -1

  init(size: Size) throws {
    self.size = size
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("termflow-pty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    socket = "termflow-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  }

  /// Starts the demo and waits until its first frame is drawn; returns its pid.
  @discardableResult
  func start() throws -> pid_t {
    let fifoPath = directory.appendingPathComponent("ready").path
    guard mkfifo(fifoPath, 0o600) == 0 else { throw Failure(description: "mkfifo failed") }
    // Read-write, so the FIFO never reports end-of-file before the demo writes.
    fifo = open(fifoPath, O_RDWR | O_NONBLOCK)
    let script = """
      stty -g > '\(path("stty.before"))'
      '\(try Self.demoBinary())' --ready-fifo '\(fifoPath)' --allow-crash 2> '\(path("stderr"))'
      echo $? > '\(path("status"))'
      stty -g > '\(path("stty.after"))'
      # Barrier: tmux answers a status query (ESC [ 5 n) only after parsing everything written
      # before it, so once the reply is read, the pane shows the demo's last output.
      stty raw -echo
      printf '\\033[5n'
      dd bs=1 count=4 > /dev/null 2>&1
      stty "$(cat '\(path("stty.after"))')"
      tmux -L '\(socket)' wait-for -S done
      # Keep the pane alive (a dead pane has flags of its own) until the test kills the server.
      exec sleep 86400
      """
    try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
    try tmux(
      "-f", "/dev/null", "new-session", "-d", "-x", "\(size.width)", "-y", "\(size.height)", "-s", "main",
      "sh '\(path("run.sh"))'")
    let message = try readReady(timeout: 30)
    guard let pid = message.split(separator: " ").last.flatMap({ pid_t($0) }) else {
      throw Failure(description: "unexpected ready message: \(message)")
    }
    return pid
  }

  func keys(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "main"] + keys)
  }

  func capture() throws -> [String] {
    try tmux("capture-pane", "-p", "-t", "main").split(separator: "\n", omittingEmptySubsequences: false)
      .prefix(size.height).map(String.init)
  }

  func display(_ format: String) throws -> String {
    try tmux("display-message", "-p", "-t", "main", format).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits for the pane's script to signal that the demo exited, then reads what it recorded.
  func waitForExit() throws -> Outcome {
    try tmux(timeout: 30, "wait-for", "done")
    let read = { (name: String) in
      try String(contentsOf: self.directory.appendingPathComponent(name), encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return Outcome(
      status: Int32(try read("status")) ?? -1, sttyBefore: try read("stty.before"), sttyAfter: try read("stty.after"))
  }

  func close() {
    // The pane's keep-alive process does not take tmux's SIGHUP; end it explicitly.
    let socketPath = try? display("#{socket_path}")
    if let panePID = (try? display("#{pane_pid}")).flatMap({ pid_t($0) }) { kill(panePID, SIGKILL) }
    _ = try? tmux("kill-server")
    if let socketPath { unlink(socketPath) }
    if fifo >= 0 { Glibc.close(fifo) }
    try? FileManager.default.removeItem(at: directory)
  }

  private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  private func readReady(timeout seconds: Int32) throws -> String {
    var poller = pollfd(fd: fifo, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, seconds * 1_000) == 1 else {
      let stderr = (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
      throw Failure(description: "the demo did not draw its first frame within \(seconds) s. stderr: \(stderr)")
    }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(fifo, &buffer, buffer.count)
    return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @discardableResult
  private func tmux(timeout: Int = 10, _ arguments: String...) throws -> String {
    try tmux(arguments, timeout: timeout)
  }

  @discardableResult
  private func tmux(_ arguments: [String], timeout: Int = 10) throws -> String {
    let outputPath = path("tmux-output-\(UUID().uuidString)")
    defer { unlink(outputPath) }
    // Output to a file, not a pipe: the first call forks the tmux server, which keeps its
    // inherited descriptors open for as long as it runs.
    let status = try Self.spawnAndWait(
      ["/usr/bin/timeout", "\(timeout)", "tmux", "-L", socket] + arguments, outputPath: outputPath)
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")) exited \(status): \(text)")
    }
    return text
  }

  /// Runs a program with stdin from /dev/null and stdout+stderr to `outputPath`; returns its
  /// exit status.
  private static func spawnAndWait(_ arguments: [String], outputPath: String) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = environment["TERM"] ?? "xterm-256color"
    environment.removeValue(forKey: "TMUX")
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    guard spawned == 0 else { throw Failure(description: "cannot run \(arguments[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, spelled out: the macros are not imported.
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// `termflow-demo`, built beside the test bundle.
  private static func demoBinary() throws -> String {
    let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundleDirectory, bundleDirectory.deletingLastPathComponent()] {
      let binary = candidate.appendingPathComponent("termflow-demo").path
      if FileManager.default.isExecutableFile(atPath: binary) { return binary }
    }
    throw Failure(description: "termflow-demo not found next to \(CommandLine.arguments[0]); run `swift build` first")
  }
}
