extension FrameDiff {
  /// About what a terminal is sent to scroll a band: set the scroll region, move to its edge,
  /// scroll, reset the region (`ESC[3;38r ESC[38H ESC D ESC[r`, 19 bytes at 120×40, as `FrameWriter`
  /// writes it).
  static let rowScrollBytes = 25

  /// About what moving the cursor to a span costs (`ESC[38;56H`).
  static let cursorMoveBytes = 8

  /// About what changing the style between two cells costs (`ESC[0;1;38;5;67m`).
  static let styleChangeBytes = 10

  /// About how many bytes a terminal is sent to write `changes` of `frame`: a cursor move per
  /// span, each cell's UTF-8, and a style change wherever the style differs from the cell
  /// written before. Cells are no measure of that: a row that scrolls in blank and must be
  /// written across the whole width is one move and one style, a few changed cells scattered
  /// over rows are a move each. Comparing two ways to draw one frame is what it is for.
  static func estimatedBytes(of changes: [ChangedSpan], in frame: Frame) -> Int {
    let width = frame.size.width
    var bytes = 0
    var style: Style?
    frame.cells.withUnsafeBufferPointer { cells in
      for span in changes {
        bytes += cursorMoveBytes
        for column in span.columns {
          let cell = cells[span.row * width + column]
          if cell.style != style {
            if style != nil { bytes += styleChangeBytes }
            style = cell.style
          }
          switch cell.content {
          case .scalar(let scalar): bytes += scalar.utf8.count
          case .cluster(let cluster): bytes += cluster.scalars.reduce(0) { $0 + $1.utf8.count }
          case .continuation: break
          }
        }
      }
    }
    return bytes
  }
}
