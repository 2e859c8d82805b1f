/// A run of changed cells on one row: columns `columns` of row `row`.
public struct ChangedSpan: Hashable, Sendable {
  public var row: Int
  public var columns: Range<Int>

  public init(row: Int, columns: Range<Int>) {
    self.row = row
    self.columns = columns
  }
}

/// What changed between two frames, as the smallest runs of cells to rewrite.
///
/// Only differing cells are reported, so changing one cell never repaints its row. A run never
/// starts on the right half of a wide cluster: it is widened to include the cluster's left half,
/// which is where the terminal draws it from.
public enum FrameDiff {
  /// The changed spans of `new` against `old`; every row when there is no comparable old frame.
  public static func changes(from old: Frame?, to new: Frame) -> [ChangedSpan] {
    let width = new.size.width
    guard let old, old.size == new.size else {
      return (0..<new.size.height).map { ChangedSpan(row: $0, columns: 0..<width) }
    }
    var spans: [ChangedSpan] = []
    old.cells.withUnsafeBufferPointer { before in
      new.cells.withUnsafeBufferPointer { after in
        for row in 0..<new.size.height {
          let base = row * width
          var column = 0
          while column < width {
            guard before[base + column] != after[base + column] else {
              column += 1
              continue
            }
            var start = column
            if after[base + start].isContinuation && start > 0 { start -= 1 }
            var end = column + 1
            while end < width && before[base + end] != after[base + end] { end += 1 }
            if let last = spans.last, last.row == row, last.columns.upperBound >= start {
              spans[spans.count - 1].columns = last.columns.lowerBound..<end
            } else {
              spans.append(ChangedSpan(row: row, columns: start..<end))
            }
            column = end
          }
        }
      }
    }
    return spans
  }
}
