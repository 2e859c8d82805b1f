import Testing

@testable import TerminalUI

/// An `NcursesBackend` on an xterm-256color terminal in a pseudo-terminal of `size`, with a
/// renderer over it, for the length of `body`: what tests of the bytes a frame writes start
/// from. Both are closed when `body` returns or throws.
@MainActor
func onXtermInPty<Result>(
  size: Size, _ body: (PseudoTerminal, NcursesBackend, Renderer) throws -> Result
) throws -> Result {
  let pty = try #require(PseudoTerminal(size: size))
  defer { pty.close() }
  let backend = try NcursesBackend(
    input: pty.follower, output: pty.follower, terminalType: "xterm-256color",
    environment: ["TERM": "xterm-256color"])
  defer { backend.stop() }
  return try body(pty, backend, Renderer(backend: backend))
}
