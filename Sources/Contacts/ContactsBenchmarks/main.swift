import Benchmarking

// `contacts-bench [--output DIR] [--only typing|typing-cold|duplicates|sync]`: the contacts
// app's release-built benchmarks (a key typed into the sign-in form, warm and cold, finding
// duplicates, sync's own part of a download), one JSON file per group under DIR (default
// `.bench`). Build with `-c release`; `make bench` does. The framework's are `termflow-bench`.
MainActor.assumeIsolated {
  BenchmarkCommand.main([
    BenchmarkGroup("typing", TypingBenchmarks.runWarm(into:)),
    BenchmarkGroup("typing-cold", TypingBenchmarks.runCold(into:)),
    BenchmarkGroup("duplicates", DuplicateBenchmarks.run(into:)),
    BenchmarkGroup("sync", SyncBenchmarks.run(into:)),
  ])
}
