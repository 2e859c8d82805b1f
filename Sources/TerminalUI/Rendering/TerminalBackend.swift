/// Where frames end up: a real terminal (ncursesw) or an in-memory one for tests.
///
/// The renderer hands a backend only the cells that changed since the last frame; the backend's
/// job is to put exactly those on the screen, then place (or hide) the cursor.
@MainActor
public protocol TerminalBackend: AnyObject {
  /// The current size of the screen in cells.
  var size: Size { get }

  /// Writes the cells of `frame` in `changes`, places the cursor at `frame.cursor` (hidden when
  /// nil), and makes it all visible at once.
  func draw(_ frame: Frame, changes: [ChangedSpan])
}
