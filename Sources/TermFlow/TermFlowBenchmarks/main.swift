import Benchmarking

// `termflow-bench [--output DIR] [--only store|render]`: the framework's release-built
// benchmarks (the store, and building and diffing frames), one JSON file per group under DIR
// (default `.bench`). Build with `-c release`; `make bench` does. The contacts app's own
// benchmarks are `contacts-bench`.
MainActor.assumeIsolated {
  BenchmarkCommand.main([
    BenchmarkGroup("store", StoreBenchmarks.run(into:)),
    BenchmarkGroup("render", RenderBenchmarks.run(into:)),
  ])
}
