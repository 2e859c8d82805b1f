/// Turns a sequence of frames into minimal updates of a backend.
///
/// It keeps the last frame it drew and diffs each new one against it. When the backend can move
/// rows (a terminal's scroll region) and rows of the new frame are rows of the last one moved
/// up or down (a scrolled list), it has the backend move them first when that leaves less to
/// write (see `FrameDiff.rowScroll(from:to:changes:)`). After a resize, a resume from
/// suspension or anything else that may have disturbed the screen, call ``invalidate()``: the
/// next frame is then drawn in full.
@MainActor
public final class Renderer {
  public let backend: any TerminalBackend
  private var previous: Frame?
  /// Cells written by the last render: a measure of how much the terminal had to repaint.
  public private(set) var lastChangedCellCount = 0
  /// The rows the last render had the backend move, if any.
  public private(set) var lastScroll: RowScroll?

  public init(backend: any TerminalBackend) {
    self.backend = backend
  }

  /// Draws `frame`, writing only what differs from the previous one. An identical frame writes
  /// nothing at all.
  public func render(_ frame: Frame) {
    var changes = changes(from: previous, to: frame)
    var scroll: RowScroll?
    if backend.scrollsRows, let previous {
      if previous.size == frame.size, let old = previous.listPosition,
        let new = frame.listPosition, old.rows == new.rows
      {
        // A list says where it is: it scrolled by the difference, or not at all, and no
        // distance needs searching for; the band of its rows worth moving is still chosen. The
        // scroll is taken only when it sends the terminal fewer bytes than writing the changes
        // in place. After a resize the old frame's rows are other rows, so what the lists say
        // is not compared.
        if let listed = new.scroll(from: old),
          let band = FrameDiff.rowScroll(from: previous, to: frame, changes: changes, listed: listed)
        {
          let scrolled = FrameDiff.changes(from: previous, scrolledBy: band, to: frame)
          if FrameDiff.estimatedBytes(of: scrolled, in: frame) + FrameDiff.rowScrollBytes
            < FrameDiff.estimatedBytes(of: changes, in: frame)
          {
            scroll = band
            changes = scrolled
          }
        }
      } else if let found = FrameDiff.rowScroll(from: previous, to: frame, changes: changes) {
        scroll = found
        changes = FrameDiff.changes(from: previous, scrolledBy: found, to: frame)
      }
    }
    lastScroll = scroll
    lastChangedCellCount = Self.cellCount(changes)
    if scroll != nil || !changes.isEmpty || previous?.cursor != frame.cursor {
      backend.draw(frame, scrolling: scroll, changes: changes)
    }
    previous = frame
  }

  /// The cells to write: only where `frame` says it can differ, when it was drawn over the
  /// frame on screen (see `FrameLineage`); else wherever it differs.
  private func changes(from previous: Frame?, to frame: Frame) -> [ChangedSpan] {
    if let previous, let lineage = frame.lineage, let base = lineage.base, previous.lineage?.number == base {
      return FrameDiff.changes(from: previous, to: frame, within: lineage.damage)
    }
    return FrameDiff.changes(from: previous, to: frame)
  }

  private static func cellCount(_ changes: [ChangedSpan]) -> Int {
    changes.reduce(0) { $0 + $1.columns.count }
  }

  /// Forgets what is on screen, so the next render repaints everything.
  public func invalidate() {
    previous = nil
  }
}
