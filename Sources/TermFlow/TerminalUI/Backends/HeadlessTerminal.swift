/// A fixed-size terminal in memory, for tests and replays.
///
/// It applies the row scrolls and changed spans it is given to its own screen exactly as a real
/// terminal would, so a test can check both what the app meant to show (`frames`) and what a
/// terminal fed only the diffs would end up showing (`screen`).
@MainActor
public final class HeadlessTerminal: TerminalBackend {
  public private(set) var size: Size
  /// The screen as built from the changes drawn so far.
  public private(set) var screen: Frame
  /// Every frame handed to `draw`, in order, while ``keepsFrames`` is on.
  public private(set) var frames: [Frame] = []
  /// Off for long sessions (the app driver, the monkey test): a million frames would not fit.
  public var keepsFrames = true
  /// Cells written over the terminal's life.
  public private(set) var cellsWritten = 0
  /// Whether it moves rows as a terminal's scroll region does (see ``TerminalBackend``); on by
  /// default, like the real terminal's backend. Rows moved over its life: ``rowScrolls``.
  public var scrollsRows = true
  public private(set) var rowScrolls = 0
  /// The colours it claims to show (every colour by default): set it to see how an app's theme
  /// looks on a smaller palette.
  public var colorDepth: ColorDepth = .trueColor

  public init(size: Size) {
    self.size = size
    self.screen = Frame(size: size)
  }

  /// Changes the size, as a terminal window resize would; the screen is cleared.
  public func resize(to size: Size) {
    self.size = size
    screen = Frame(size: size)
  }

  public func draw(_ frame: Frame, scrolling: RowScroll?, changes: [ChangedSpan]) {
    if keepsFrames { frames.append(frame) }
    if screen.size != frame.size { screen = Frame(size: frame.size) }
    if let scrolling {
      precondition(scrollsRows, "asked to move rows by a renderer told it cannot")
      screen = screen.scrolled(scrolling)
      rowScrolls += 1
    }
    for span in changes {
      for column in span.columns {
        let cell = frame[column, span.row]
        guard !cell.isContinuation else { continue }
        screen.set(cell, at: Point(x: column, y: span.row))
        cellsWritten += 1
      }
    }
    screen.cursor = frame.cursor
  }
}
