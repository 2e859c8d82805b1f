import CNcursesw
import Glibc
import Testing

@testable import TerminalUI

/// The bytes the ncursesw backend writes for a frame, read from the other side of a pty.
@Suite(.serialized)
@MainActor
struct NcursesBackendTests {
  static let size = Size(width: 20, height: 6)
  static let showCursor = "\u{1B}[?25h"
  static let hideCursor = "\u{1B}[?25l"

  /// A form with a field: the cursor is shown on the field or nowhere.
  static func frame(_ text: String, cursor: Point?) -> Frame {
    var frame = Frame(size: size)
    frame.write("Name " + text, at: Point(x: 0, y: 3))
    frame.cursor = cursor
    return frame
  }

  @Test func theCursorIsShownOnlyOnceItIsOnTheField() throws {
    let pty = try #require(TestPty(size: Self.size))
    defer { pty.close() }
    let backend = try NcursesBackend(input: pty.follower, output: pty.follower, terminalType: "xterm-256color")
    defer { backend.stop() }
    let renderer = Renderer(backend: backend)
    renderer.render(Self.frame("Ada", cursor: nil))
    _ = pty.drain()

    // Away from where the last frame's text left the terminal's cursor.
    renderer.render(Self.frame("Ada", cursor: Point(x: 12, y: 3)))
    let shown = pty.drain()
    // Shown last: the refresh has moved it to the field before.
    #expect(shown.hasSuffix(Self.showCursor), "\(shown.debugDescription)")
    // xterm's `cnorm` is `CSI ? 12 l CSI ? 25 h`: what comes before it is the move.
    let normalCursor = "\u{1B}[?12l" + Self.showCursor
    #expect(shown.hasSuffix(normalCursor) && shown.count > normalCursor.count, "\(shown.debugDescription)")

    renderer.render(Self.frame("Adaz", cursor: nil))
    let hidden = pty.drain()
    // Hidden first: the cell is written with the cursor already out of sight.
    let hide = try #require(hidden.range(of: Self.hideCursor), "\(hidden.debugDescription)")
    let cell = try #require(hidden.range(of: "z"), "\(hidden.debugDescription)")
    #expect(hide.upperBound <= cell.lowerBound, "\(hidden.debugDescription)")
    #expect(!hidden.contains(Self.showCursor))
  }

  @Test func aFrameThatKeepsTheCursorWritesNoVisibilityChange() throws {
    let pty = try #require(TestPty(size: Self.size))
    defer { pty.close() }
    let backend = try NcursesBackend(input: pty.follower, output: pty.follower, terminalType: "xterm-256color")
    defer { backend.stop() }
    let renderer = Renderer(backend: backend)
    renderer.render(Self.frame("Ada", cursor: Point(x: 8, y: 3)))
    _ = pty.drain()

    renderer.render(Self.frame("Adaz", cursor: Point(x: 9, y: 3)))
    let typed = pty.drain()
    #expect(typed.contains("z"), "\(typed.debugDescription)")
    #expect(!typed.contains(Self.showCursor) && !typed.contains(Self.hideCursor), "\(typed.debugDescription)")
  }
}

/// A pseudo-terminal pair: the test reads on `leader` what the backend writes to `follower`.
struct TestPty {
  let leader: Int32
  let follower: Int32

  init?(size: Size) {
    var leader: Int32 = -1
    var follower: Int32 = -1
    guard tf_open_pty(Int32(size.height), Int32(size.width), &leader, &follower) == 0 else { return nil }
    self.leader = leader
    self.follower = follower
    _ = fcntl(leader, F_SETFL, fcntl(leader, F_GETFL) | O_NONBLOCK)
  }

  /// Everything written since the last drain, as text.
  func drain() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  func close() {
    _ = Glibc.close(leader)
    _ = Glibc.close(follower)
  }
}
