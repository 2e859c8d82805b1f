import Foundation

/// The command line every TermFlow benchmark executable shares:
/// `NAME [--output DIR] [--only GROUP]` runs the named groups (all by default) and writes one
/// JSON file per group (`GROUP.json`) to DIR (default `.bench`), which `make bench` and the
/// scripts in `Benchmarks/` read. An app's own benchmarks (`contacts-bench`) use it too, so the
/// framework's `termflow-bench` needs nothing of any app.
public struct BenchmarkGroup {
  public let name: String
  public let run: @MainActor (inout BenchmarkRunner) -> Void

  public init(_ name: String, _ run: @escaping @MainActor (inout BenchmarkRunner) -> Void) {
    self.name = name
    self.run = run
  }
}

public enum BenchmarkCommand {
  /// Runs the groups the arguments select and exits with 1 when a result cannot be written, or
  /// with 2 when `--only` names no group (the valid names are printed).
  @MainActor
  public static func main(_ groups: [BenchmarkGroup], arguments: [String] = CommandLine.arguments) {
    let outputDirectory = arguments.firstIndex(of: "--output").map { arguments[$0 + 1] } ?? ".bench"
    let filter = arguments.firstIndex(of: "--only").map { arguments[$0 + 1] }
    #if DEBUG
      print("warning: benchmarks built in debug mode; numbers are not representative (use make bench)")
    #endif
    if let filter, !groups.contains(where: { $0.name == filter }) {
      print("error: no benchmark group \(filter); the groups: \(groups.map(\.name).joined(separator: ", "))")
      exit(2)
    }
    for group in groups where filter == nil || filter == group.name {
      var runner = BenchmarkRunner()
      print("== \(group.name) ==")
      group.run(&runner)
      do {
        try runner.write(to: "\(outputDirectory)/\(group.name).json")
        print("wrote \(outputDirectory)/\(group.name).json")
      } catch {
        print("error: could not write results: \(error)")
        exit(1)
      }
    }
  }
}
