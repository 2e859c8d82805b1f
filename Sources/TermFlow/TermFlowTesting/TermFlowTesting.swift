// The umbrella testing module: a test target writes `import TermFlowTesting` and has the
// framework, `TestStore`, the `.frame` snapshot strategy with `assertSnapshot`, and `TmuxPane`.

/// `TestStore`, `ControlledClock`, `LifecycleTracker`.
@_exported import FlowTesting
/// `assertSnapshot(of:as:)` and the rest of swift-snapshot-testing, for the `.frame` strategy.
@_exported import SnapshotTesting
/// Everything an app imports, so that a test needs no second import.
@_exported import TermFlow
/// The `.frame` snapshot strategy and `TmuxPane`, a built program in a real pty.
@_exported import TerminalTesting
