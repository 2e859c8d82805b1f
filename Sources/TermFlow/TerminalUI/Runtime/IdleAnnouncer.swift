#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells a test driving the app through a pty when the app is idle and its last frame is on the
/// terminal, by writing lines to the path in `TERMFLOW_READY_FIFO` (a FIFO the test reads).
///
/// - `ready <pid>` once, at the first idle point;
/// - `idle <frames> <inputs>` at every later idle point where something changed: the frames the
///   session has drawn and the key and paste events it has delivered so far. A test that has
///   sent k keys waits for a line with inputs ≥ k, then looks at the screen.
///
/// An idle point is the end of a turn of the loop with no frame scheduled, no escape sequence
/// pending and the app idle (``TerminalSession/isAppIdle``: no effect running). The line is not
/// written at once: the session first asks the terminal for its status (`ESC [ 5 n`) and writes
/// the line when the answer arrives and nothing has changed meanwhile. A terminal answers only
/// after it has processed everything written before, so when the line is read, the terminal
/// (tmux, in the tests) already shows the frame.
///
/// Without the variable no announcer exists and the session does no extra work.
@MainActor
final class IdleAnnouncer {
  struct Point: Equatable {
    var frames: Int
    var inputs: Int
  }

  private let path: String
  /// The last point written, and the point the status query in flight was sent for.
  private var announced: Point?
  private var queried: Point?
  private var queriesInFlight = 0
  var isCheckScheduled = false

  /// An announcer when `TERMFLOW_READY_FIFO` is set, else nil.
  static func fromEnvironment() -> IdleAnnouncer? {
    guard let path = getenv("TERMFLOW_READY_FIFO").map({ String(cString: $0) }), !path.isEmpty else { return nil }
    return IdleAnnouncer(path: path)
  }

  private init(path: String) {
    self.path = path
  }

  /// The session is idle at `point`: query the terminal, or announce once the answer is in.
  /// Returns whether a status query must be sent now.
  func idle(at point: Point) -> Bool {
    guard point != announced else { return false }
    if queried == point {
      if queriesInFlight == 0 { announce(point) }
      return false
    }
    queried = point
    queriesInFlight += 1
    return true
  }

  /// `count` status reports arrived.
  func received(statusReports count: Int) {
    queriesInFlight = max(0, queriesInFlight - count)
  }

  /// The terminal was given back and taken again (Ctrl-Z, `fg`): the answer to a query in
  /// flight may have gone to the shell, so stop waiting for it.
  func forgetQueries() {
    queried = nil
    queriesInFlight = 0
  }

  private func announce(_ point: Point) {
    let line = announced == nil ? "ready \(getpid())\n" : "idle \(point.frames) \(point.inputs)\n"
    announced = point
    // Non-blocking, and nothing is created: without a reader the line is dropped.
    let descriptor = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }
}
