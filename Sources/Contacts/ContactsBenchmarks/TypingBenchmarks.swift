import Benchmarking
import ContactsCore
import Glibc
import TerminalUI

/// A key typed into the sign-in form, as the app handles it on a real terminal: the app handles
/// the key, builds the frame and diffs it against the last one (headless: nothing is written).
/// Each phase is timed on its own, so a change shows where it saved. The pty benchmark
/// (`Benchmarks/run-tuibench.sh`, scenario `typing`) times the same path through a terminal,
/// against the C ncurses peer.
///
/// Two ways: keys back to back (`typing_sign_in_*`), with everything in the caches, and keys
/// as a person types them (`typing_cold_*`): between two keystrokes other programs run, and
/// the key finds none of the app's code or data in the caches. That is what a real keystroke
/// costs (the app's own `TERMFLOW_KEY_TIMING` agrees with the cold figures, not the warm
/// ones), so it is modelled by writing over a buffer larger than the last-level cache before
/// each key (`TERMFLOW_BENCH_EVICT_MB`, 64 by default; a cache simulator wants less).
@MainActor
enum TypingBenchmarks {
  /// The text tuibench's typing scenario types into the email field.
  static let typed = Array(
    "grace.brewster.murray.hopper+benchmark.typing.latency@navy-computing.example.org/ab12cd34ef56gh78ijk")

  static func runWarm(into runner: inout BenchmarkRunner) {
    measure(into: &runner, name: "typing_sign_in", keys: 20_000, evictingBytes: 0)
  }

  static func runCold(into runner: inout BenchmarkRunner) {
    let megabytes = getenv("TERMFLOW_BENCH_EVICT_MB").flatMap { Int(String(cString: $0)) } ?? 64
    measure(into: &runner, name: "typing_cold", keys: 600, evictingBytes: megabytes << 20)
  }

  private static func measure(into runner: inout BenchmarkRunner, name: String, keys: Int, evictingBytes: Int) {
    let size = Size(width: 80, height: 24)
    let app = ContactsApp(initialState: AppState(route: .signIn, size: size), dependencies: .playedBack)
    let terminal = HeadlessTerminal(size: size)
    terminal.keepsFrames = false
    let renderer = Renderer(backend: terminal)
    app.start()
    app.handle(.resize(size))
    renderer.render(app.render(size: size))

    // Types the text, then erases it, over and over: the field scrolls, and its error comes and
    // goes, as in the scenario.
    var position = 0
    var erasing = false
    func nextKey() -> Key {
      if position == typed.count { erasing = true }
      if position == 0 { erasing = false }
      if erasing {
        position -= 1
        return .backspace
      }
      position += 1
      return .character(typed[position - 1])
    }

    var evicted = [UInt8](repeating: 0, count: evictingBytes)
    let clock = ContinuousClock()
    var handle: [Double] = []
    var build: [Double] = []
    var diff: [Double] = []
    var changedCells = 0
    for iteration in 0..<keys {
      evicted.withUnsafeMutableBytes { bytes in
        for offset in stride(from: iteration & 63, to: bytes.count, by: 64) { bytes[offset] &+= 1 }
      }
      let key = nextKey()
      let start = clock.now
      app.handle(.input(.key(key)))
      let handled = clock.now
      let frame = app.render(size: size)
      let built = clock.now
      renderer.render(frame)
      let end = clock.now
      // The first hundred keys warm up what is never evicted (allocations, lazy statics).
      guard iteration >= 100 else { continue }
      handle.append(Double((handled - start).nanoseconds))
      build.append(Double((built - handled).nanoseconds))
      diff.append(Double((end - built).nanoseconds))
      changedCells += renderer.lastChangedCellCount
    }
    precondition(changedCells > 0, "typing changed nothing on the screen")
    precondition(evicted.isEmpty || evicted.contains { $0 != 0 }, "the cache-evicting writes were optimised away")
    runner.record("\(name)_key", nanoseconds: zip(zip(handle, build), diff).map { $0.0 + $0.1 + $1 })
    runner.record("\(name)_handle", nanoseconds: handle)
    runner.record("\(name)_build", nanoseconds: build)
    runner.record("\(name)_diff", nanoseconds: diff)
  }
}
