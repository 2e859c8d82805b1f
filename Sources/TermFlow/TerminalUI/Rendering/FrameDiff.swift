#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run of changed cells on one row: columns `columns` of row `row`.
public struct ChangedSpan: Hashable, Sendable {
  public var row: Int
  public var columns: Range<Int>

  public init(row: Int, columns: Range<Int>) {
    self.row = row
    self.columns = columns
  }
}

/// Whole rows moved up or down inside a band of the screen, the way a terminal's scroll region
/// moves them: after the scroll, row `r` of `rows` shows what row `r + distance` showed, and the
/// rows that scroll in are blank. A positive distance moves the rows up (a list scrolled down).
public struct RowScroll: Hashable, Sendable, CustomStringConvertible {
  /// The band: the terminal's scroll region.
  public var rows: Range<Int>
  public var distance: Int

  public init(rows: Range<Int>, distance: Int) {
    self.rows = rows
    self.distance = distance
  }

  public var description: String { "rows \(rows.lowerBound)..<\(rows.upperBound) by \(distance)" }
}

/// What changed between two frames, as the smallest runs of cells to rewrite.
///
/// Only differing cells are reported, so changing one cell never repaints its row. A run never
/// starts on the right half of a wide cluster: it is widened to include the cluster's left half,
/// which is where the terminal draws it from.
package enum FrameDiff {
  /// The changed spans of `new` against `old`; every row when there is no comparable old frame.
  public static func changes(from old: Frame?, to new: Frame) -> [ChangedSpan] {
    let width = new.size.width
    guard let old, old.size == new.size else {
      return (0..<new.size.height).map { ChangedSpan(row: $0, columns: 0..<width) }
    }
    return changes(from: old, to: new, within: [new.bounds])
  }

  /// The changed spans of `new` against `old` when `new` was drawn over `old`'s cells and can
  /// differ from it only inside `damage` (see `FrameLineage`): only there is compared, so a key
  /// that changes a field costs the field's cells, not the terminal's.
  package static func changes(from old: Frame, to new: Frame, within damage: [Rect]) -> [ChangedSpan] {
    guard old.size == new.size else { return changes(from: old, to: new) }
    let width = new.size.width
    let bounds = new.bounds
    // The rows the damage spans, found without making arrays of it (a typed key's is one row).
    var top = Int.max
    var bottom = Int.min
    for rect in damage {
      let area = rect.intersection(bounds)
      guard !area.isEmpty else { continue }
      top = min(top, area.minY)
      bottom = max(bottom, area.maxY)
    }
    guard top < bottom else { return [] }
    var spans: [ChangedSpan] = []
    old.cells.withUnsafeBufferPointer { before in
      new.cells.withUnsafeBufferPointer { after in
        for row in top..<bottom {
          // The columns of every damaged rectangle on this row, as one run.
          var first = width
          var last = 0
          for rect in damage {
            let area = rect.intersection(bounds)
            guard !area.isEmpty, area.minY <= row, row < area.maxY else { continue }
            first = min(first, area.minX)
            last = max(last, area.maxX)
          }
          guard first < last else { continue }
          let base = row * width
          appendChanges(
            row: row, columns: first..<last, before: before.baseAddress! + base, after: after.baseAddress! + base,
            to: &spans)
        }
      }
    }
    return spans
  }

  /// The changed spans of `new` against `old` once `scroll` has moved its rows: what is left to
  /// write after the terminal has scrolled. The same as `changes(from: old.scrolled(scroll), to:
  /// new)`, without building that frame.
  public static func changes(from old: Frame, scrolledBy scroll: RowScroll, to new: Frame) -> [ChangedSpan] {
    guard old.size == new.size else { return changes(from: old, to: new) }
    let width = new.size.width
    let band = scroll.rows.clamped(to: 0..<new.size.height)
    let blankRow = [Cell](repeating: .blank, count: width)
    var spans: [ChangedSpan] = []
    old.cells.withUnsafeBufferPointer { before in
      new.cells.withUnsafeBufferPointer { after in
        blankRow.withUnsafeBufferPointer { blank in
          for row in 0..<new.size.height {
            let source: UnsafePointer<Cell>
            if band.contains(row) {
              let from = row + scroll.distance
              source = band.contains(from) ? before.baseAddress! + from * width : blank.baseAddress!
            } else {
              source = before.baseAddress! + row * width
            }
            appendChanges(
              row: row, columns: 0..<width, before: source, after: after.baseAddress! + row * width, to: &spans)
          }
        }
      }
    }
    return spans
  }

  /// Appends the changed runs among `columns` of one row; `before` and `after` point at the
  /// row's first cell.
  @inline(__always)
  private static func appendChanges(
    row: Int, columns: Range<Int>, before: UnsafePointer<Cell>, after: UnsafePointer<Cell>,
    to spans: inout [ChangedSpan]
  ) {
    // Most rows of a frame are as they were: one `memcmp` of the row (every byte of a cell is
    // defined: a cell has no padding) answers for them at a fraction of comparing cell by cell.
    guard
      memcmp(
        before + columns.lowerBound, after + columns.lowerBound, columns.count * MemoryLayout<Cell>.stride) != 0
    else { return }
    let width = columns.upperBound
    var column = columns.lowerBound
    while column < width {
      guard before[column] != after[column] else {
        column += 1
        continue
      }
      var start = column
      if after[start].isContinuation && start > 0 { start -= 1 }
      var end = column + 1
      while end < width && before[end] != after[end] { end += 1 }
      if let last = spans.last, last.row == row, last.columns.upperBound >= start {
        spans[spans.count - 1].columns = last.columns.lowerBound..<end
      } else {
        spans.append(ChangedSpan(row: row, columns: start..<end))
      }
      column = end
    }
  }
}
