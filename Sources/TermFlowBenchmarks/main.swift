import Foundation

// `termflow-bench [--output DIR]`: runs the release-built benchmarks and writes one JSON file per
// group (`store.json`, …) to DIR (default `.bench`). Build with `-c release`; `make bench` does.

let arguments = CommandLine.arguments
let outputDirectory = arguments.firstIndex(of: "--output").map { arguments[$0 + 1] } ?? ".bench"

#if DEBUG
  print("warning: benchmarks built in debug mode; numbers are not representative (use make bench)")
#endif

MainActor.assumeIsolated {
  var store = BenchmarkRunner()
  print("== store ==")
  StoreBenchmarks.run(into: &store)
  do {
    try store.write(to: "\(outputDirectory)/store.json")
    print("wrote \(outputDirectory)/store.json")
  } catch {
    print("error: could not write results: \(error)")
    exit(1)
  }
}
