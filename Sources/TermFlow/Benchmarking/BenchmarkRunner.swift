import Foundation

/// One benchmark's result, as written to `.bench/*.json`.
public struct BenchmarkResult: Codable, Sendable {
  public var name: String
  public var medianNanoseconds: Double
  public var p95Nanoseconds: Double
  public var iterations: Int
  /// Extra measured quantities that are counts, not times (notifications, bytes).
  public var counters: [String: Int] = [:]
  public var targetNanoseconds: Double?

  enum CodingKeys: String, CodingKey {
    case name, iterations, counters
    case medianNanoseconds = "median_ns"
    case p95Nanoseconds = "p95_ns"
    case targetNanoseconds = "target_ns"
  }
}

/// Times a body repeatedly and reports the median and 95th percentile.
///
/// Each sample is one call of `body`, which returns how many operations it performed so the
/// per-operation time can be reported for cheap operations measured in bulk. Samples are taken
/// after a warm-up, until both a minimum count and a minimum duration are reached.
@MainActor
public struct BenchmarkRunner {
  public var minimumSamples = 30
  public var minimumDuration: Duration = .milliseconds(500)
  public var maximumSamples = 5_000
  public private(set) var results: [BenchmarkResult] = []

  public init() {}

  public mutating func measure(
    _ name: String,
    target: Duration? = nil,
    counters: [String: Int] = [:],
    setUp: () -> Void = {},
    _ body: () -> Int
  ) {
    let clock = ContinuousClock()
    for _ in 0..<3 {
      setUp()
      _ = body()
    }
    var samples: [Double] = []
    let started = clock.now
    while samples.count < maximumSamples
      && (samples.count < minimumSamples || clock.now - started < minimumDuration)
    {
      setUp()
      var operations = 1
      let elapsed = clock.measure { operations = body() }
      samples.append(Double(elapsed.nanoseconds) / Double(max(operations, 1)))
    }
    samples.sort()
    let result = BenchmarkResult(
      name: name,
      medianNanoseconds: percentile(samples, 0.5),
      p95Nanoseconds: percentile(samples, 0.95),
      iterations: samples.count,
      counters: counters,
      targetNanoseconds: target.map { Double($0.nanoseconds) }
    )
    results.append(result)
    let verdict =
      result.targetNanoseconds.map { result.medianNanoseconds <= $0 ? "  (target met)" : "  (TARGET MISSED)" } ?? ""
    print(
      "\(name.padding(toLength: 26, withPad: " ", startingAt: 0)) median \(format(result.medianNanoseconds))"
        + "  p95 \(format(result.p95Nanoseconds))  n=\(result.iterations)\(verdict)")
  }

  /// Records samples taken by the caller (nanoseconds each), for cases that must run an exact
  /// sequence of steps rather than repeat one.
  public mutating func record(_ name: String, nanoseconds samples: [Double], counters: [String: Int] = [:]) {
    let sorted = samples.sorted()
    let result = BenchmarkResult(
      name: name, medianNanoseconds: percentile(sorted, 0.5), p95Nanoseconds: percentile(sorted, 0.95),
      iterations: sorted.count, counters: counters, targetNanoseconds: nil)
    results.append(result)
    print(
      "\(name.padding(toLength: 26, withPad: " ", startingAt: 0)) median \(format(result.medianNanoseconds))"
        + "  p95 \(format(result.p95Nanoseconds))  n=\(result.iterations)")
  }

  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try encoder.encode(results).write(to: url)
  }

  private func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let position = fraction * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, sorted.count - 1)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
  }

  private func format(_ nanoseconds: Double) -> String {
    switch nanoseconds {
    case ..<1_000: String(format: "%.1f ns", nanoseconds)
    case ..<1_000_000: String(format: "%.2f µs", nanoseconds / 1_000)
    default: String(format: "%.2f ms", nanoseconds / 1_000_000)
    }
  }
}

extension Duration {
  /// The whole duration in nanoseconds, for results and targets.
  public var nanoseconds: Int64 {
    components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
  }
}
