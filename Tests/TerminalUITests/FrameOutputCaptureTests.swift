import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// A frame reaches the terminal in one piece: nothing written while it is drawn arrives
/// before it is finished, and then everything arrives, between the synchronized-output marks.
@Suite(.serialized)
@MainActor
struct FrameOutputCaptureTests {
  @Test func whatIsWrittenDuringAFrameArrivesOnlyOnceItIsFinished() throws {
    let pty = try #require(PseudoTerminal(size: Size(width: 20, height: 4)))
    defer { pty.close() }
    let descriptor = dup(pty.follower)
    defer { close(descriptor) }
    let capture = try #require(FrameOutputCapture(descriptor: descriptor))
    for frame in 0..<3 {
      capture.start()
      for piece in ["one ", "two ", "three \(frame)"] {
        _ = Array(piece.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      }
      #expect(pty.readAvailable().isEmpty, "frame \(frame)")
      let written = capture.finish(prefix: "<", suffix: ">")
      let expected = "<one two three \(frame)>"
      #expect(written == expected.utf8.count)
      #expect(String(decoding: pty.readAvailable(), as: UTF8.self) == expected, "frame \(frame)")
    }
    // Outside frames the descriptor is the terminal again.
    _ = Array("after".utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    #expect(String(decoding: pty.readAvailable(), as: UTF8.self) == "after")
  }

  /// The ncurses backend with synchronized output: each Down of a scrolling list, the cursor
  /// shown on it (two refreshes when the rows scroll, then the cursor shown), gathered and
  /// written with its marks, comes whole between them: the scroll and the cells and no mark
  /// inside, nothing left over after the end mark for the next frame.
  @Test func eachFrameOfAScrollingListComesBetweenItsMarks() throws {
    let frames = ListScrollBytesTests.downs(pane: false).map { frame in
      var frame = frame
      frame.cursor = Point(x: 2, y: 0)
      return frame
    }
    try onXtermInPty(size: ListScrollBytesTests.size) { pty, backend, renderer in
      renderer.render(frames[0])
      _ = pty.readAvailable()
      backend.usesSynchronizedOutput = true
      var scrolls = 0
      for (index, frame) in frames.enumerated().dropFirst() {
        renderer.render(frame)
        let written = String(decoding: pty.readAvailable(), as: UTF8.self)
        let begin = NcursesBackend.synchronizedOutputBegin
        let end = NcursesBackend.synchronizedOutputEnd
        #expect(written.hasPrefix(begin) && written.hasSuffix(end), "Down \(index): \(written.debugDescription)")
        let inside = written.dropFirst(begin.count).dropLast(end.count)
        #expect(!inside.contains("\u{1B}[?2026"), "Down \(index): \(written.debugDescription)")
        if renderer.lastScroll != nil {
          scrolls += 1
          // The scroll region set and reset (`csr`) inside the marks.
          #expect(inside.contains("\u{1B}[1;\(ListScrollBytesTests.size.height)r"), "Down \(index)")
        }
      }
      #expect(scrolls > 10)
    }
  }

  /// A frame ncurses writes in one piece (a typed character: one refresh, the cursor shown as
  /// before, no marks) goes straight to the terminal, without the capture's five extra system
  /// calls; once the marks are on, every frame is gathered.
  @Test func aFrameOfOneWriteIsNotGathered() throws {
    let size = Size(width: 20, height: 3)
    let frames = (1...6).map { typed in
      var frame = Frame(size: size)
      frame.write(String(repeating: "a", count: typed), at: Point(x: 0, y: 1))
      frame.cursor = Point(x: typed, y: 1)
      return frame
    }
    try onXtermInPty(size: size) { pty, backend, renderer in
      renderer.render(frames[0])
      renderer.render(frames[1])
      _ = pty.readAvailable()
      let before = backend.framesGathered
      for frame in frames[2..<4] {
        renderer.render(frame)
        #expect(!pty.readAvailable().isEmpty)
      }
      #expect(backend.framesGathered == before)
      backend.usesSynchronizedOutput = true
      for frame in frames[4...] {
        renderer.render(frame)
        let written = String(decoding: pty.readAvailable(), as: UTF8.self)
        #expect(written.hasPrefix(NcursesBackend.synchronizedOutputBegin), "\(written.debugDescription)")
      }
      #expect(backend.framesGathered == before + 2)
    }
  }
}
