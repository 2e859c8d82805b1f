import Foundation

// `termflow-bench [--output DIR] [--only store|render|typing|typing-cold|duplicates|sync]`: runs the release-built benchmarks and writes one JSON file per
// group (`store.json`, …) to DIR (default `.bench`). Build with `-c release`; `make bench` does.

let arguments = CommandLine.arguments
let outputDirectory = arguments.firstIndex(of: "--output").map { arguments[$0 + 1] } ?? ".bench"
let filter = arguments.firstIndex(of: "--only").map { arguments[$0 + 1] }

#if DEBUG
  print("warning: benchmarks built in debug mode; numbers are not representative (use make bench)")
#endif

MainActor.assumeIsolated {
  let groups: [(name: String, run: (inout BenchmarkRunner) -> Void)] = [
    ("store", StoreBenchmarks.run(into:)),
    ("render", RenderBenchmarks.run(into:)),
    ("typing", TypingBenchmarks.runWarm(into:)),
    ("typing-cold", TypingBenchmarks.runCold(into:)),
    ("duplicates", DuplicateBenchmarks.run(into:)),
    ("sync", SyncBenchmarks.run(into:)),
  ]
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
