#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a key's time goes inside the process, for tuning: from the `read` that brought the
/// input to the frame that answers it being on the terminal, split into handling the input (the
/// app: reducers, subscribers), building the frame and drawing it (the diff and the terminal
/// output, `write` included).
///
/// On when `TERMFLOW_KEY_TIMING=FILE`: at exit, one line of medians and 95th percentiles is
/// appended to FILE (see ``summary()``). An outside benchmark (tuibench) sees these plus the
/// pty's round trip; without the variable nothing is timed.
struct KeyTimings {
  /// The file the summary is appended to.
  let path: String
  /// Nanoseconds, one entry per read that led to a frame.
  private(set) var handling: [UInt64] = []
  private(set) var building: [UInt64] = []
  private(set) var drawing: [UInt64] = []
  /// When the input being timed was read; nil when no input awaits its frame.
  private var readAt: UInt64?

  init(path: String) {
    self.path = path
  }

  /// Timings when `TERMFLOW_KEY_TIMING` names a file; nil otherwise.
  static func fromEnvironment() -> KeyTimings? {
    guard let path = getenv("TERMFLOW_KEY_TIMING").map({ String(cString: $0) }), !path.isEmpty else { return nil }
    return KeyTimings(path: path)
  }

  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// An input was read at `time`; the next frame answers it.
  mutating func inputRead(at time: UInt64) {
    readAt = time
  }

  /// A frame was built from `buildStart` to `drawStart` and drawn until `drawEnd`: recorded
  /// against the input read before it, if any.
  mutating func frameDrawn(buildStart: UInt64, drawStart: UInt64, drawEnd: UInt64) {
    guard let read = readAt else { return }
    readAt = nil
    handling.append(buildStart - read)
    building.append(drawStart - buildStart)
    drawing.append(drawEnd - drawStart)
  }

  /// `keys 100; read→frame p50 0.352 p95 0.520 ms; handle p50 0.140 p95 …; build …; draw …`.
  func summary() -> String {
    let total = zip(zip(handling, building), drawing).map { $0.0 + $0.1 + $1 }
    func phase(_ name: String, _ values: [UInt64]) -> String {
      "\(name) p50 \(milliseconds(Self.percentile(values, 50))) p95 \(milliseconds(Self.percentile(values, 95))) ms"
    }
    return "keys \(total.count); "
      + [phase("read→frame", total), phase("handle", handling), phase("build", building), phase("draw", drawing)]
      .joined(separator: "; ")
  }

  /// Appends ``summary()`` and a newline to the file at `path`.
  func appendSummary() {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return }
    let line = summary() + "\n"
    _ = line.withCString { write(descriptor, $0, strlen($0)) }
    close(descriptor)
  }

  /// The nearest-rank percentile (0 for no values).
  static func percentile(_ values: [UInt64], _ percent: Int) -> UInt64 {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = (percent * sorted.count + 99) / 100
    return sorted[max(0, rank - 1)]
  }

  private func milliseconds(_ nanoseconds: UInt64) -> String {
    let microseconds = Int((nanoseconds + 500) / 1000)
    let fraction = String(microseconds % 1000)
    return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
