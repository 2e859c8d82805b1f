/// Turns a sequence of frames into minimal updates of a backend.
///
/// It keeps the last frame it drew and diffs each new one against it. After a resize, a resume
/// from suspension or anything else that may have disturbed the screen, call ``invalidate()``:
/// the next frame is then drawn in full.
@MainActor
public final class Renderer {
  public let backend: any TerminalBackend
  private var previous: Frame?
  /// Cells written by the last render: a measure of how much the terminal had to repaint.
  public private(set) var lastChangedCellCount = 0

  public init(backend: any TerminalBackend) {
    self.backend = backend
  }

  /// Draws `frame`, writing only what differs from the previous one. An identical frame writes
  /// nothing at all.
  public func render(_ frame: Frame) {
    let changes = FrameDiff.changes(from: previous, to: frame)
    lastChangedCellCount = changes.reduce(0) { $0 + $1.columns.count }
    if !changes.isEmpty || previous?.cursor != frame.cursor {
      backend.draw(frame, changes: changes)
    }
    previous = frame
  }

  /// Forgets what is on screen, so the next render repaints everything.
  public func invalidate() {
    previous = nil
  }
}
