public import TerminalUI

/// The list of every key that works on the screen with the keyboard, over the dimmed stage:
/// what a help bar too narrow for them all leaves out, and the aliases it never shows. Opened
/// by the help bar's `? More` (``Wireframe/showsAllKeys``), for every app on a ``Wireframe``.
///
/// Entries with the same label are one row (`↑↓, k/j/g/G  Move`); rows run down in columns as
/// wide as their longest key and label, as many columns as the height needs.
public struct KeysOverlay: View {
  /// One row: the keys as shown, and what they do.
  public struct Row: Equatable, Sendable {
    public var keys: String
    public var label: String

    public init(keys: String, label: String) {
      self.keys = keys
      self.label = label
    }
  }

  public var rows: [Row]

  /// The rows of `items`, those with the same label joined into one, in the order first seen.
  public init(_ items: [HelpItem]) {
    var rows: [Row] = []
    for item in items {
      if let index = rows.firstIndex(where: { $0.label == item.label }) {
        if !rows[index].keys.split(separator: ", ").contains(Substring(item.key)) {
          rows[index].keys += ", " + item.key
        }
      } else {
        rows.append(Row(keys: item.key, label: item.label))
      }
    }
    self.rows = rows
  }

  /// Columns between a column's keys and its labels, and between columns.
  private static let keyGap = 2
  private static let columnGap = 3

  /// The columns `rows` take at `height` rows each: the rows of each, and its keys' and
  /// labels' widths.
  private func columns(height: Int) -> [(rows: ArraySlice<Row>, keyWidth: Int, labelWidth: Int)] {
    let height = max(1, height)
    return stride(from: 0, to: rows.count, by: height).map { start in
      let slice = rows[start..<min(rows.count, start + height)]
      return (
        slice, slice.map { DisplayWidth.of($0.keys) }.max() ?? 0, slice.map { DisplayWidth.of($0.label) }.max() ?? 0
      )
    }
  }

  /// The box the list takes over a terminal of `size`: its rows in as few columns as the
  /// height allows, within a border and a column of padding each side.
  public func size(in available: Size) -> Size {
    let height = max(1, min(rows.count, available.height - 4))
    let columns = columns(height: height)
    let width = columns.reduce(-Self.columnGap) { $0 + Self.columnGap + $1.keyWidth + Self.keyGap + $1.labelWidth }
    return Size(
      width: max(10, min(available.width - 2, width + 4)), height: max(3, min(available.height - 2, height + 2)))
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let box = size(in: region.size)
    Modal(title: "Keys", size: box, KeyColumns(columns: columns(height: box.height - 2)))
      .render(into: &frame, in: region)
  }

  /// The columns inside the box: each row its keys in the help bar's key style, then its label.
  private struct KeyColumns: View {
    let columns: [(rows: ArraySlice<Row>, keyWidth: Int, labelWidth: Int)]

    func render(into frame: inout Frame, in region: Rect) {
      let keyStyle = frame.theme.helpKey
      let labelStyle = frame.theme.helpLabel
      var x = region.x
      for column in columns {
        for (offset, row) in column.rows.enumerated() {
          let padding = String(repeating: " ", count: column.keyWidth - DisplayWidth.of(row.keys) + KeysOverlay.keyGap)
          let area = Rect(x: x, y: region.y + offset, width: max(0, region.maxX - x), height: 1)
          Text([Span(row.keys, style: keyStyle), Span(padding + row.label, style: labelStyle)])
            .render(into: &frame, in: area.intersection(region))
        }
        x += column.keyWidth + KeysOverlay.keyGap + column.labelWidth + KeysOverlay.columnGap
      }
    }
  }
}
