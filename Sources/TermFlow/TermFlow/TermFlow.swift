// The umbrella module: an app writes `import TermFlow` and has the whole framework.
//
// Each module stays a module of its own (they import each other in one direction only, see
// ARCHITECTURE.md); this one exists so that a package outside depends on one product,
// `.product(name: "TermFlow", package: "TermFlow")`, and imports one name.

/// The store: state, actions, reducers, effects, middleware, subscriptions.
@_exported import Flow
/// Routes in state, screens, coordinators and the wireframe that presents them.
@_exported import Navigation
/// Recording a session (inputs, actions, effect answers) and replaying it headless.
@_exported import SessionRecording
/// Cells and frames, views and widgets, input decoding, backends and the run loop.
@_exported import TerminalUI
