import Benchmarking
import CNcursesw
import Glibc
import TerminalUI

/// The render cases of `make bench` (issue: terminal UI layer).
@MainActor
enum RenderBenchmarks {
  static func run(into runner: inout BenchmarkRunner) {
    composeAndDiff(into: &runner)
    findRowScroll(into: &runner)
    bytesPerListDown(into: &runner, name: "bytes_list_down", fixture: ListScreenFixture.frame)
    bytesPerListDown(into: &runner, name: "bytes_split_list_down", fixture: ListScreenFixture.splitFrame)
  }

  /// Finding the rows a one-row scroll of the split list moved (FrameDiff.rowScroll) and the
  /// changes left after it: the renderer's extra work on a scrolling key.
  private static func findRowScroll(into runner: inout BenchmarkRunner) {
    let size = Size(width: 120, height: 40)
    var window = ScrollWindow(
      total: ListScreenFixture.total, visible: ListScreenFixture.listRows(at: size, in: ListScreenFixture.splitFrame))
    window.select(500_000)
    var frames: [Frame] = []
    for _ in 0..<2 {
      window.move(by: 1)
      frames.append(
        ListScreenFixture.splitFrame(size: size, window: window, rows: window.visibleRange.map(ListScreenFixture.row)))
    }
    var found: RowScroll?
    runner.measure("find_row_scroll_120x40") {
      let changes = FrameDiff.changes(from: frames[0], to: frames[1])
      found = FrameDiff.rowScroll(from: frames[0], to: frames[1], changes: changes)
      if let found { _ = FrameDiff.changes(from: frames[0], scrolledBy: found, to: frames[1]) }
      return 1
    }
    precondition(found?.distance == 1, "a one-row scroll of the list was not found")
  }

  /// Building and diffing a full 200×60 frame of the list screen as the selection moves.
  private static func composeAndDiff(into runner: inout BenchmarkRunner) {
    let size = Size(width: 200, height: 60)
    var window = ScrollWindow(
      total: ListScreenFixture.total, visible: ListScreenFixture.listRows(at: size, in: ListScreenFixture.frame))
    window.select(500_000)
    // The visible rows are data the app already holds in its state; only the frame is timed.
    // Moving the selection by one within the window leaves the rows as they are.
    let rows = window.visibleRange.map(ListScreenFixture.row)
    var previous = ListScreenFixture.frame(size: size, window: window, rows: rows)
    var step = 1
    var changedCells = 0
    runner.measure("compose_diff_200x60", target: .microseconds(200)) {
      window.move(by: step)
      step = -step
      let frame = ListScreenFixture.frame(size: size, window: window, rows: rows)
      let changes = FrameDiff.changes(from: previous, to: frame)
      changedCells = changes.reduce(0) { $0 + $1.columns.count }
      previous = frame
      return 1
    }
    precondition(changedCells > 0, "the selection move changed nothing")

    // The same with the rows' strings built inside the timed region, as if the app made them
    // from its records on every frame.
    runner.measure("compose_diff_200x60_with_rows") {
      window.move(by: step)
      step = -step
      let frame = ListScreenFixture.frame(
        size: size, window: window, rows: window.visibleRange.map(ListScreenFixture.row))
      _ = FrameDiff.changes(from: previous, to: frame)
      previous = frame
      return 1
    }
  }

  /// Bytes the ncursesw backend writes to a real pty (120×40, as the bench harness runs apps)
  /// for each Down key: 200 Downs from the top, scrolling once the selection reaches the end.
  private static func bytesPerListDown(
    into runner: inout BenchmarkRunner, name: String, fixture: (Size, ScrollWindow, [ListRow]) -> Frame
  ) {
    let size = Size(width: 120, height: 40)
    guard let pty = PseudoTerminal(size: size) else {
      print("\(name): no pty available, skipped")
      return
    }
    let backend: NcursesBackend
    do {
      backend = try NcursesBackend(input: pty.follower, output: pty.follower, terminalType: "xterm-256color")
    } catch {
      print("\(name): \(error), skipped")
      return
    }
    let renderer = Renderer(backend: backend)
    var window = ScrollWindow(
      total: ListScreenFixture.total, visible: ListScreenFixture.listRows(at: size, in: fixture))
    renderer.render(fixture(size, window, window.visibleRange.map(ListScreenFixture.row)))
    _ = pty.readAvailable()
    var bytes: [Int] = []
    var times: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<200 {
      window.move(by: 1)
      let elapsed = clock.measure {
        let rows = window.visibleRange.map(ListScreenFixture.row)
        renderer.render(fixture(size, window, rows))
      }
      times.append(Double(elapsed.nanoseconds))
      bytes.append(pty.readAvailable().count)
    }
    backend.stop()
    let sorted = bytes.sorted()
    let median = sorted[sorted.count / 2]
    let p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
    runner.record(
      name, nanoseconds: times,
      counters: [
        "bytes_median": median, "bytes_p95": p95, "bytes_max": sorted.last ?? 0, "downs": sorted.count,
        "c_ncurses_peer_bytes_median": 280,
      ])
    print("  \(name): bytes per Down: median \(median), p95 \(p95), max \(sorted.last ?? 0) (C peer: median 280)")
  }
}
