/// A column of a ``ListView``.
public struct ListColumn: Hashable, Sendable {
  public var title: String
  public var length: Length
  public var alignment: Text.Alignment

  public init(_ title: String, _ length: Length, alignment: Text.Alignment = .leading) {
    self.title = title
    self.length = length
    self.alignment = alignment
  }
}

/// One row of a ``ListView``: one string per column.
public struct ListRow: Hashable, Sendable {
  public var cells: [String]

  public init(_ cells: [String]) { self.cells = cells }
}

/// A virtualised list or table: it is handed only the rows on screen (the window of a
/// ``ScrollWindow``), never the whole list, so it draws a ten-million-row list as fast as a
/// ten-row one. It highlights the selection and shows a scrollbar when the list is longer than
/// the screen.
///
/// A short list kept whole in state is handed every row and the selected index instead
/// (``init(columns:showsHeader:allRows:selected:isFocused:emptyMessage:showsScrollbar:theme:control:)``):
/// it then shows the rows that fit the area it gets, scrolled just enough to keep the selection
/// in view, at any height, with no chrome counted by its caller.
///
/// Either kind, given a `control` name, says on the frame how many rows it showed items in
/// (``Frame/shownLists``), whatever its caller laid around it: a windowed list's state learns
/// its ``ScrollWindow``'s height from that, a whole list its page for PgUp and PgDn
/// (``ScrollWindow/Move/selection(from:count:showing:)``). `NavigationApp` hands the number to the
/// screen that drew the list (`Screen.list(_:showsRows:)`), once each time it changes.
public struct ListView: View {
  public var columns: [ListColumn]
  public var showsHeader: Bool
  /// The rows on screen, starting at absolute index `window.offset`.
  public var rows: [ListRow]
  public var window: ScrollWindow
  public var isFocused: Bool
  public var emptyMessage: String
  /// Whether a scrollbar is drawn when the list is longer than the screen.
  public var showsScrollbar: Bool
  /// The theme to draw in; nil draws in the frame's (``Frame/theme``).
  public var theme: Theme?
  /// The name clicks on its rows are known by (``MouseTarget/item(_:index:)``, with the row's
  /// absolute index); nil when its rows do not answer clicks. The wheel over it moves the
  /// selection either way.
  public var control: String?
  /// Set when `rows` is the whole list: the window then follows the area drawn into.
  private var wholeListSelection: Int?

  public init(
    columns: [ListColumn], showsHeader: Bool = true, rows: [ListRow], window: ScrollWindow, isFocused: Bool = true,
    emptyMessage: String = "Nothing here", showsScrollbar: Bool = true, theme: Theme? = nil, control: String? = nil
  ) {
    self.columns = columns
    self.showsHeader = showsHeader
    self.rows = rows
    self.window = window
    self.isFocused = isFocused
    self.emptyMessage = emptyMessage
    self.showsScrollbar = showsScrollbar
    self.theme = theme
    self.control = control
  }

  /// A list of every row in `rows`, with `selected` kept in view in whatever area it is drawn.
  public init(
    columns: [ListColumn], showsHeader: Bool = true, allRows rows: [ListRow], selected: Int,
    isFocused: Bool = true, emptyMessage: String = "Nothing here", showsScrollbar: Bool = true,
    theme: Theme? = nil, control: String? = nil
  ) {
    self.init(
      columns: columns, showsHeader: showsHeader, rows: rows, window: ScrollWindow(total: rows.count),
      isFocused: isFocused, emptyMessage: emptyMessage, showsScrollbar: showsScrollbar, theme: theme,
      control: control)
    wholeListSelection = selected
  }

  /// How many rows fit in `height` cells (the header takes one). Not for apps: a list with a
  /// `control` name says what it showed (``Frame/shownRows(of:)``), whatever was laid around it.
  static func visibleRows(inHeight height: Int, showsHeader: Bool = true) -> Int {
    max(1, height - (showsHeader ? 1 : 0))
  }

  /// "1,234 of 10,000,000": where the selection is, for a status bar.
  public static func positionLabel(_ window: ScrollWindow) -> String {
    window.total == 0
      ? "0 of 0" : "\((window.selected + 1).formattedWithSeparators) of \(window.total.formattedWithSeparators)"
  }

  public func render(into frame: inout Frame, in region: Rect) {
    guard let selected = wholeListSelection else {
      draw(rows, window: window, into: &frame, in: region)
      return
    }
    // The whole list: the window is the rows this region has room for, around the selection.
    let window = ScrollWindow(
      total: rows.count, visible: Self.visibleRows(inHeight: region.height, showsHeader: showsHeader),
      selected: selected)
    draw(Array(rows[window.visibleRange]), window: window, into: &frame, in: region)
  }

  private func draw(_ rows: [ListRow], window: ScrollWindow, into frame: inout Frame, in region: Rect) {
    let area = region.intersection(frame.bounds)
    guard !area.isEmpty else { return }
    frame.markMouseTarget(.scrolls, in: area)
    let needsScrollbar = showsScrollbar && window.total > window.visible && region.width > 2
    let content = Rect(x: region.x, y: region.y, width: region.width - (needsScrollbar ? 1 : 0), height: region.height)
    // Column widths are the same for every row: work them out once.
    let gaps = max(0, columns.count - 1)
    let widths = distribute(content.width - gaps, lengths: columns.map(\.length)) { _ in 0 }
    var y = region.y
    if showsHeader {
      renderRow(
        columns.map(\.title), widths: widths, into: &frame, in: content.row(0),
        style: frame.style({ $0.header }, own: theme), clip: area)
      y += 1
    }
    let body = Rect(x: content.x, y: y, width: content.width, height: region.maxY - y)
    // The rows it has for items, whether it has items or not: what its app pages and loads by.
    if let control {
      let items = Rect(x: region.x, y: y, width: region.width, height: region.maxY - y)
      frame.shownLists.append(ShownList(control: control, area: items.intersection(area)))
    }
    guard window.total > 0 else {
      Text(emptyMessage, style: frame.style({ $0.secondary }, own: theme), alignment: .center).render(
        into: &frame, in: body.row(body.height / 2))
      return
    }
    // Given fewer rows of room than the window has rows, it still shows the selection.
    let skipped = max(0, min(window.selected - window.offset - body.height + 1, rows.count - body.height))
    let shownRows = body.intersection(area)
    if frame.listPosition == nil, !shownRows.isEmpty {
      frame.listPosition = ListPosition(
        rows: shownRows.minY..<shownRows.maxY, firstItem: window.offset + skipped + shownRows.minY - body.minY)
    }
    for (offset, row) in rows.dropFirst(skipped).prefix(body.height).enumerated() {
      let index = window.offset + skipped + offset
      let rowRect = body.row(offset)
      let isSelected = index == window.selected
      let style: Style =
        isSelected ? frame.style({ isFocused ? $0.selection : $0.inactiveSelection }, own: theme) : .plain
      if isSelected { frame.fill(rowRect.intersection(area), with: .blank(style)) }
      if let control { frame.markMouseTarget(.item(control, index: index), in: rowRect.intersection(area)) }
      renderRow(row.cells, widths: widths, into: &frame, in: rowRect, style: style, clip: area)
    }
    if needsScrollbar {
      if let control {
        frame.markMouseTarget(
          .scrollbar(control, rows: window.total),
          in: Rect(x: region.maxX - 1, y: body.y, width: 1, height: body.height))
      }
      renderScrollbar(
        window, into: &frame, in: Rect(x: region.maxX - 1, y: body.y, width: 1, height: body.height), clip: area,
        thumb: frame.style({ $0.scrollbarThumb }, own: theme), track: frame.style({ $0.scrollbarTrack }, own: theme))
    }
  }

  private func renderRow(
    _ cells: [String], widths: [Int], into frame: inout Frame, in rect: Rect, style: Style, clip: Rect
  ) {
    guard !rect.isEmpty else { return }
    var x = rect.x
    for (index, column) in columns.enumerated() {
      let cellRect = Rect(x: x, y: rect.y, width: widths[index], height: 1).intersection(clip)
      if index < cells.count {
        Text(cells[index], style: style, alignment: column.alignment).render(into: &frame, in: cellRect)
      }
      x += widths[index] + 1
    }
  }

  private func renderScrollbar(
    _ window: ScrollWindow, into frame: inout Frame, in track: Rect, clip: Rect, thumb: Style, track trackStyle: Style
  ) {
    guard track.height > 0 else { return }
    let thumbHeight = max(1, track.height * window.visible / max(1, window.total))
    let scrollable = max(1, window.total - window.visible)
    // Rounded to the nearest row: truncating would give the first row a whole row's share of
    // positions and the last row only the very end, so a list scrolled halfway showed its thumb
    // above the middle.
    let thumbStart = (2 * (track.height - thumbHeight) * min(window.offset, scrollable) + scrollable) / (2 * scrollable)
    for offset in 0..<track.height {
      let inThumb = offset >= thumbStart && offset < thumbStart + thumbHeight
      frame.set(
        Cell(inThumb ? "┃" : "│", style: inThumb ? thumb : trackStyle),
        at: Point(x: track.x, y: track.y + offset), clip: clip)
    }
  }
}

extension Int {
  /// 1234567 → "1,234,567", without Foundation's locale machinery.
  public var formattedWithSeparators: String {
    let digits = String(magnitude)
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (self < 0 ? "-" : "") + grouped
  }
}
