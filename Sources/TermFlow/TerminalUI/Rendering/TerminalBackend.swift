/// Where frames end up: a real terminal (ncursesw) or an in-memory one for tests.
///
/// The renderer hands a backend only the cells that changed since the last frame; the backend's
/// job is to put exactly those on the screen, then place (or hide) the cursor.
@MainActor
public protocol TerminalBackend: AnyObject {
  /// The current size of the screen in cells.
  var size: Size { get }

  /// Whether the backend can move whole rows of the screen up or down (a terminal's scroll
  /// region). When it can, the renderer asks it to whenever that leaves fewer cells to write.
  var scrollsRows: Bool { get }

  /// How many colours the screen shows: apps map their ``Theme`` down to it before drawing.
  var colorDepth: ColorDepth { get }

  /// Moves the rows of `scrolling` first, when given; then writes the cells of `frame` in
  /// `changes` (which are relative to the scrolled screen), places the cursor at `frame.cursor`
  /// (hidden when nil), and makes it all visible.
  func draw(_ frame: Frame, scrolling: RowScroll?, changes: [ChangedSpan])
}

extension TerminalBackend {
  public var scrollsRows: Bool { false }

  /// Every colour, unless the backend says otherwise.
  public var colorDepth: ColorDepth { .trueColor }

  /// Writes the cells of `frame` in `changes` and places the cursor, moving no rows.
  public func draw(_ frame: Frame, changes: [ChangedSpan]) {
    draw(frame, scrolling: nil, changes: changes)
  }
}
