public import Foundation
public import TerminalUI

/// A real program under a real pty: a tmux server with one pane, in a temporary directory of
/// its own, for tests that drive a built executable the way a user would.
///
/// Nothing here sleeps or polls. The program is started with `TERMFLOW_READY_FIFO` set, so its
/// ``TerminalSession`` writes `ready <pid>` and then `idle <frames> <inputs>` to a FIFO each time
/// it is idle with its frame on the terminal; ``waitUntilIdle(timeout:)`` waits for the line that
/// counts every key sent so far. Once the program exits, the pane's script records its exit
/// status and the tty's modes and signals a tmux channel, after a terminal status query has
/// proved that tmux parsed the program's last bytes (``waitForExit(timeout:)``). Timeouts exist
/// only so that a broken build fails instead of hanging.
///
/// Every wait (tmux commands, the FIFO, the exit) happens on a thread of its own
/// (``onOwnThread(_:)``), so a test on the main actor leaves it free meanwhile: blocking it for
/// seconds would starve every other main-actor test running in parallel.
@MainActor
public final class TmuxPane {
  /// How the program ended, as the pane's shell saw it.
  public struct Outcome: Sendable {
    /// The exit status; 128 + n after signal n.
    public var status: Int32
    /// `stty -g` before the program started and after it ended.
    public var sttyBefore: String
    public var sttyAfter: String
  }

  /// An idle point the program announced.
  public struct Idle: Sendable, Equatable {
    public var frames: Int
    public var inputs: Int
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  /// The temporary directory the pane's files live in (removed by ``close()``).
  public let directory: URL
  /// The program's pid, from its `ready` line.
  public private(set) var pid: pid_t = 0
  /// Input events sent so far: one per key name, one per character typed.
  public private(set) var inputsSent = 0
  /// The last idle point announced.
  public private(set) var lastIdle: Idle?

  private let socket: String
  private let size: Size
  private var fifo: Int32 = -1
  private var pending: [UInt8] = []

  public init(size: Size) throws {
    self.size = size
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("termflow-pty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    socket = "termflow-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  }

  /// Starts `arguments` (an executable and its arguments) in the pane with `environment` added
  /// and waits until its first frame is on screen; returns its pid. The program's stderr goes to
  /// `stderr` in ``directory``; the XDG state directory (where apps keep logs) is inside it too.
  @discardableResult
  public func start(_ arguments: [String], environment: [String: String] = [:], timeout: Int32 = 60) async throws
    -> pid_t
  {
    try await launch(arguments, environment: environment)
    let line = try await readLine(timeout: timeout, waitingFor: "its first frame")
    guard line.hasPrefix("ready "), let pid = pid_t(line.dropFirst(6)) else {
      throw Failure("unexpected first line from the program: \(line)")
    }
    self.pid = pid
    return pid
  }

  /// Starts `arguments` in the pane as ``start(_:environment:timeout:)`` does, without waiting
  /// for a first frame: for a program expected to refuse to start (follow with
  /// ``waitForExit(timeout:)``).
  public func launch(_ arguments: [String], environment: [String: String] = [:]) async throws {
    let fifoPath = path("ready")
    guard mkfifo(fifoPath, 0o600) == 0 else { throw Failure("mkfifo failed") }
    // Read-write, so the FIFO never reports end-of-file while the program has it closed.
    fifo = open(fifoPath, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    var exports = ["TERMFLOW_READY_FIFO": fifoPath, "XDG_STATE_HOME": path("state")]
    exports.merge(environment) { $1 }
    let script = """
      \(exports.sorted { $0.key < $1.key }.map { "export \($0.key)=\(Self.quoted($0.value))" }.joined(separator: "\n"))
      # A deliberate crash must not leave a core file behind.
      ulimit -c 0
      stty -g > '\(path("stty.before"))'
      \(arguments.map(Self.quoted).joined(separator: " ")) 2> '\(path("stderr"))'
      echo $? > '\(path("status"))'
      stty -g > '\(path("stty.after"))'
      # Barrier: tmux answers a status query (ESC [ 5 n) only after parsing everything written
      # before it, so once the reply is read, the pane shows the program's last output.
      stty raw -echo
      printf '\\033[5n'
      dd bs=1 count=4 > /dev/null 2>&1
      stty "$(cat '\(path("stty.after"))')"
      tmux -L '\(socket)' wait-for -S done
      # Keep the pane alive (a dead pane has flags of its own) until the test kills the server.
      exec sleep 86400
      """
    try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
    try await tmux(
      "-f", "/dev/null", "new-session", "-d", "-x", "\(size.width)", "-y", "\(size.height)", "-s", "main",
      "sh '\(path("run.sh"))'")
  }

  /// Sends keys by tmux name (`j`, `Enter`, `PageDown`, `C-s`, `Escape`): one input event each.
  /// An `Escape` followed by more keys in the same call would read as Alt-key: send it alone
  /// and wait until idle.
  public func press(_ keys: String...) async throws {
    try await tmux(["send-keys", "-t", "main"] + keys)
    inputsSent += keys.count
  }

  /// Sends mouse reports as a terminal writes them (xterm's SGR form, say
  /// `"\u{1B}[<0;5;3M"`), each one input event: what tmux passes to a pane that asked for
  /// the mouse.
  public func sendMouse(_ reports: String...) async throws {
    try await tmux(["send-keys", "-t", "main", "-l", "--", reports.joined()])
    inputsSent += reports.count
  }

  /// Types `text` literally: one input event per character.
  public func type(_ text: String) async throws {
    try await tmux("send-keys", "-t", "main", "-l", "--", text)
    inputsSent += text.count
  }

  /// Waits until the program announces an idle point that counts every input sent so far: it
  /// has handled them all, finished the work they started, and its frame is on screen.
  @discardableResult
  public func waitUntilIdle(timeout: Int32 = 60) async throws -> Idle {
    while true {
      let line = try await readLine(timeout: timeout, waitingFor: "an idle frame after \(inputsSent) inputs")
      let fields = line.split(separator: " ")
      guard fields.count == 3, fields[0] == "idle", let frames = Int(fields[1]), let inputs = Int(fields[2]) else {
        throw Failure("unexpected line from the program: \(line)")
      }
      lastIdle = Idle(frames: frames, inputs: inputs)
      if inputs >= inputsSent { return Idle(frames: frames, inputs: inputs) }
    }
  }

  /// The pane's lines as a user sees them (trailing spaces trimmed by tmux).
  public func capture() async throws -> [String] {
    try await tmux("capture-pane", "-p", "-t", "main").split(separator: "\n", omittingEmptySubsequences: false)
      .prefix(size.height).map(String.init)
  }

  /// The pane as one string, lines joined with newlines.
  public func screen() async throws -> String {
    try await capture().joined(separator: "\n")
  }

  /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`.
  public func display(_ format: String) async throws -> String {
    try await tmux("display-message", "-p", "-t", "main", format).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits for the pane's script to signal that the program exited, then reads what it recorded.
  public func waitForExit(timeout: Int = 60) async throws -> Outcome {
    try await tmux(timeout: timeout, "wait-for", "done")
    let read = { (name: String) in
      try String(contentsOf: self.directory.appendingPathComponent(name), encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return Outcome(
      status: Int32(try read("status")) ?? -1, sttyBefore: try read("stty.before"), sttyAfter: try read("stty.after"))
  }

  /// What the program wrote to stderr.
  public func standardError() -> String {
    (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
  }

  /// Ends the tmux server and the pane, and removes ``directory``. Synchronous, for `defer`:
  /// three quick tmux commands.
  public func close() {
    let display = { (format: String) in
      try? self.tmuxNow(["display-message", "-p", "-t", "main", format])
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    // The pane's keep-alive process does not take tmux's SIGHUP; end it explicitly.
    let socketPath = display("#{socket_path}")
    if let panePID = display("#{pane_pid}").flatMap({ pid_t($0) }) { kill(panePID, SIGKILL) }
    _ = try? tmuxNow(["kill-server"])
    if let socketPath { unlink(socketPath) }
    if fifo >= 0 { Glibc.close(fifo) }
    fifo = -1
    try? FileManager.default.removeItem(at: directory)
  }

  /// An executable built beside the test bundle (`swift build` puts products there).
  public nonisolated static func executable(named name: String) throws -> String {
    let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [bundleDirectory, bundleDirectory.deletingLastPathComponent()] {
      let binary = candidate.appendingPathComponent(name).path
      if FileManager.default.isExecutableFile(atPath: binary) { return binary }
    }
    throw Failure("\(name) not found next to \(CommandLine.arguments[0]); run `swift build` first")
  }

  public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  // MARK: The ready FIFO

  /// The next line from the FIFO, without its newline.
  private func readLine(timeout seconds: Int32, waitingFor what: String) async throws -> String {
    let deadline = ContinuousClock.now + .seconds(Int(seconds))
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
      }
      let left = ContinuousClock.now.duration(to: deadline).components
      let milliseconds = Int32(clamping: max(0, left.seconds * 1_000 + left.attoseconds / 1_000_000_000_000_000))
      let fifo = self.fifo
      guard let bytes = try await onOwnThread({ Self.read(fifo, timeout: milliseconds) }) else {
        let screen = (try? await screen()) ?? "?"
        throw Failure("no \(what) within \(seconds) s. The pane shows:\n\(screen)\nstderr: \(standardError())")
      }
      pending += bytes
    }
  }

  /// Waits up to `milliseconds` for `descriptor` to be readable and reads what it holds; nil
  /// when nothing came.
  private nonisolated static func read(_ descriptor: Int32, timeout milliseconds: Int32) -> [UInt8]? {
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    var ready = poll(&poller, 1, milliseconds)
    while ready < 0 && errno == EINTR { ready = poll(&poller, 1, milliseconds) }
    guard ready == 1 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = Glibc.read(descriptor, &buffer, buffer.count)
    return Array(buffer.prefix(max(0, count)))
  }

  // MARK: tmux

  @discardableResult
  private func tmux(timeout: Int = 10, _ arguments: String...) async throws -> String {
    try await tmux(arguments, timeout: timeout)
  }

  @discardableResult
  private func tmux(_ arguments: [String], timeout: Int = 10) async throws -> String {
    let (socket, directory) = (self.socket, self.directory)
    return try await onOwnThread { try Self.tmux(arguments, timeout: timeout, socket: socket, directory: directory) }
  }

  /// On the calling thread: only for ``close()``.
  private func tmuxNow(_ arguments: [String]) throws -> String {
    try Self.tmux(arguments, timeout: 10, socket: socket, directory: directory)
  }

  private nonisolated static func tmux(_ arguments: [String], timeout: Int, socket: String, directory: URL) throws
    -> String
  {
    let outputPath = directory.appendingPathComponent("tmux-output-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    // Output to a file, not a pipe: the first call forks the tmux server, which keeps its
    // inherited descriptors open for as long as it runs.
    let status = try spawnAndWait(
      ["/usr/bin/timeout", "\(timeout)", "tmux", "-L", socket] + arguments, outputPath: outputPath)
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw Failure("tmux \(arguments.joined(separator: " ")) exited \(status): \(text)")
    }
    return text
  }

  /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34 and later), which Swift's Glibc
  /// module does not import: found by name, called through its C signature.
  private nonisolated static let addCloseFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
      return unsafeBitCast(
        symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

  /// Has the spawned program close every descriptor from 3 up: at once with closefrom, else
  /// one by one, those open now (a descriptor another thread opens meanwhile could still slip
  /// through; glibc before 2.34 only).
  private nonisolated static func closeEverythingAboveStandardError(in actions: inout posix_spawn_file_actions_t) {
    if let addCloseFrom {
      _ = addCloseFrom(&actions, 3)
      return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }

  /// Runs a program with stdin from /dev/null and stdout+stderr to `outputPath`, and no other
  /// descriptor of this process; returns its exit status.
  ///
  /// Nothing else may be inherited: the first call forks the tmux server, which keeps what it
  /// inherited for as long as it runs, and other tests of this process create pipes and
  /// Foundation's per-process socket pairs on other threads at any moment. A server holding the
  /// write end of another test's pipe, or the end of the socket pair by which Foundation learns
  /// that a child exited, makes that test wait until this pane is closed, and for ever when that
  /// test holds the main actor this pane's test needs to close it (a CI run hung so for an hour).
  private nonisolated static func spawnAndWait(_ arguments: [String], outputPath: String) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    closeEverythingAboveStandardError(in: &actions)
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = environment["TERM"] ?? "xterm-256color"
    environment.removeValue(forKey: "TMUX")
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    // With no signal blocked: a thread of Dispatch's blocks most of them, and a tmux server
    // that inherited that mask would never take a SIGTERM.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw Failure("cannot run \(arguments[0]): error \(spawned)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, spelled out: the macros are not imported.
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// `value` in single quotes for sh.
  private nonisolated static func quoted(_ value: String) -> String {
    "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// Runs blocking `work` (waiting for a process, polling a descriptor) on a thread of its own and
/// returns its result, leaving the caller's actor — and Swift's small cooperative pool — free.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}
