import Foundation
import TerminalTesting
import Testing

@testable import TermFlowDemo
@testable import TerminalUI

/// The real ncursesw program under a real pty (a tmux pane): it must put on the tty exactly what
/// the headless backend holds, and give the terminal back intact on every way out.
///
/// Nothing here sleeps or polls (see ``TmuxPane``): the demo writes "ready <pid>" to a FIFO once
/// its first frame is on screen, and the pane's script signals a tmux channel once the demo has
/// exited, the tty's modes have been read again and tmux has provably parsed the demo's last
/// bytes. Timeouts exist only so a broken build fails instead of hanging.
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

  @Test func theTerminalShowsWhatTheHeadlessBackendHolds() async throws {
    let pane = try TmuxPane(size: Size(width: 80, height: 24))
    defer { pane.close() }
    try await pane.start([try TmuxPane.executable(named: "termflow-demo")])
    let expected = Gallery.render(GalleryState(), size: Size(width: 80, height: 24))
    let screen = try await pane.capture()
    #expect(screen == expected.lines.map(Self.trimmingTrailingSpaces), "\(screen.joined(separator: "\n"))")
    #expect(screen.joined().contains("李小龍"))
    #expect(screen.joined().contains("😀"))
    #expect(
      try await pane.display("#{cursor_x},#{cursor_y},#{cursor_flag}")
        == "\(expected.cursor!.x),\(expected.cursor!.y),1")
    try await pane.press("C-c")
    _ = try await pane.waitForExit()
  }

  /// Under a locale that is not UTF-8 (`LC_ALL=C`, common over ssh and in minimal containers)
  /// ncursesw would write every character outside ASCII as a blank: the backend gives it a
  /// UTF-8 `LC_CTYPE`, and the terminal shows exactly the gallery's frame.
  @Test func aNonUTF8LocaleStillShowsEveryCharacter() async throws {
    let pane = try TmuxPane(size: Size(width: 80, height: 24))
    defer { pane.close() }
    try await pane.start([try TmuxPane.executable(named: "termflow-demo")], environment: ["LC_ALL": "C"])
    let expected = Gallery.render(GalleryState(), size: Size(width: 80, height: 24))
    let screen = try await pane.capture()
    #expect(screen == expected.lines.map(Self.trimmingTrailingSpaces), "\(screen.joined(separator: "\n"))")
    #expect(screen.joined().contains("李小龍"))
    try await pane.press("C-c")
    #expect(try await pane.waitForExit().status == 0)
  }

  /// A terminal that cannot place the cursor (`TERM=dumb`) is refused before anything is
  /// drawn: one line on stderr, exit status 1, the tty as it was.
  @Test func aTerminalThatCannotPlaceTheCursorIsRefused() async throws {
    let pane = try TmuxPane(size: Size(width: 80, height: 24))
    defer { pane.close() }
    try await pane.launch([try TmuxPane.executable(named: "termflow-demo")], environment: ["TERM": "dumb"])
    let outcome = try await pane.waitForExit()
    #expect(outcome.status == 1)
    #expect(
      pane.standardError()
        == "termflow-demo: the terminal type 'dumb' cannot place the cursor, which a full-screen app needs.\n")
    #expect(outcome.sttyBefore == outcome.sttyAfter, "tty modes changed")
    let screen = try await pane.capture()
    #expect(screen.allSatisfy { $0.isEmpty }, "\(screen.joined(separator: "\n"))")
  }

  /// A list scrolled one row at a time, down and back up, then by pages: the renderer has the
  /// terminal move the rows (its scroll region) and writes only what is left, and the terminal
  /// must still show exactly the gallery's frame.
  @Test func aListScrolledRowByRowShowsWhatTheHeadlessBackendHolds() async throws {
    let size = Size(width: 80, height: 24)
    let pane = try TmuxPane(size: size)
    defer { pane.close() }
    try await pane.start([try TmuxPane.executable(named: "termflow-demo")])
    var state = GalleryState()
    // As the demo does after each frame: the list's window as tall as the list shows, so that
    // its PageDown pages by those rows.
    Gallery.fit(&state, to: Gallery.render(state, size: size))
    let keys: [(name: String, key: Key)] =
      Array(repeating: ("Tab", .tab), count: 3) + Array(repeating: ("Down", .down), count: 20)
      + Array(repeating: ("Up", .up), count: 16) + [("PageDown", .pageDown), ("Down", .down), ("Down", .down)]
    for (index, key) in keys.enumerated() {
      try await pane.press(key.name)
      try await pane.waitUntilIdle()
      _ = Gallery.handle(key.key, state: &state)
      guard index == 22 || index == 38 || index == keys.count - 1 else { continue }
      let expected = Gallery.render(state, size: size).lines.map(Self.trimmingTrailingSpaces)
      let screen = try await pane.capture()
      #expect(screen == expected, "after key \(index + 1):\n\(screen.joined(separator: "\n"))")
    }
    try await pane.press("C-c")
    _ = try await pane.waitForExit()
  }

  /// Started in the background of an interactive shell (`demo &`), the app is stopped by
  /// SIGTTOU when it tries to take the terminal; sent SIGTERM and continued, it must exit rather
  /// than be stopped again by giving the terminal back, and leave the tty as it was.
  @Test func aBackgroundedAppSentSIGTERMExits() async throws {
    let pane = try TmuxPane(size: Size(width: 80, height: 24))
    defer { pane.close() }
    let script = pane.path("background.sh")
    // Waits (on the process's state, not the clock) until the job has been stopped.
    try """
    set -m
    '\(try TmuxPane.executable(named: "termflow-demo"))' &
    while [ "$(ps -o stat= -p $! | cut -c1)" != T ]; do sleep 0.01; done
    kill %1
    kill -CONT %1
    wait %1
    """.write(toFile: script, atomically: true, encoding: .utf8)
    try await pane.launch(["bash", "--norc", "--noprofile", "-i", script])
    let outcome = try await pane.waitForExit()
    #expect(outcome.status == 128 + SIGTERM)
    #expect(outcome.sttyBefore == outcome.sttyAfter, "tty modes changed")
  }

  /// The tmux server a pane starts lives as long as the pane and must hold nothing of this
  /// process's: a pipe another test has open when the server is forked (here one made without
  /// close-on-exec, as Foundation's `Pipe` makes them) must still reach end-of-file once that
  /// test closes its end, while the pane is up.
  @Test func thePanesServerHoldsNoDescriptorOfTheTestProcess() async throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    let (reading, writing) = (ends[0], ends[1])
    defer { close(reading) }
    let pane = try TmuxPane(size: Size(width: 80, height: 24))
    defer { pane.close() }
    try await pane.launch(["true"])
    _ = try await pane.waitForExit()
    close(writing)
    // End-of-file at once when no one else holds the write end; the bound only turns a leak
    // into a failure instead of a hang.
    var descriptor = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
    try #require(poll(&descriptor, 1, 10_000) == 1, "the pane's tmux server holds the pipe's write end")
    var byte: UInt8 = 0
    #expect(read(reading, &byte, 1) == 0)
  }

  @Test(arguments: ExitPath.allCases)
  func theTerminalIsRestored(after path: ExitPath) async throws {
    let pane = try TmuxPane(size: Size(width: 80, height: 24))
    defer { pane.close() }
    let pid = try await pane.start([try TmuxPane.executable(named: "termflow-demo"), "--allow-crash"])
    #expect(try await pane.display("#{alternate_on}") == "1")
    switch path {
    case .quitKey: try await pane.press("Tab", "Tab", "Tab", "q")
    case .controlC: try await pane.press("C-c")
    case .sigint: kill(pid, SIGINT)
    case .sigterm: kill(pid, SIGTERM)
    case .sighup: kill(pid, SIGHUP)
    case .trap: try await pane.press("!")
    }
    let outcome = try await pane.waitForExit()
    #expect(outcome.status == path.expectedStatus)
    #expect(outcome.sttyBefore == outcome.sttyAfter, "tty modes changed")
    #expect(try await pane.display("#{alternate_on}") == "0", "still on the alternate screen")
    #expect(try await pane.display("#{cursor_flag}") == "1", "cursor left hidden")
    #expect(try await pane.display("#{keypad_flag}#{keypad_cursor_flag}") == "00", "keypad modes left on")
  }

  private static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
