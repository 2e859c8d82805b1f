/// Which rows of a long list are on screen and which one is selected: the only part of a
/// million-row list that lives in app state.
///
/// All movement keeps the selection inside the visible rows, scrolling as little as possible,
/// the way a pager does. Indices are absolute positions in the full (sorted) list.
public struct ScrollWindow: Hashable, Sendable {
  /// Rows in the whole list.
  public private(set) var total: Int
  /// Rows that fit on screen.
  public private(set) var visible: Int
  /// The absolute index of the first visible row.
  public private(set) var offset: Int
  /// The absolute index of the selected row (0 when the list is empty).
  public private(set) var selected: Int

  public init(total: Int = 0, visible: Int = 1, selected: Int = 0) {
    self.total = max(0, total)
    self.visible = max(1, visible)
    self.offset = 0
    self.selected = 0
    select(selected)
  }

  /// The absolute indices on screen.
  public var visibleRange: Range<Int> { offset..<min(total, offset + visible) }

  public mutating func select(_ index: Int) {
    selected = total == 0 ? 0 : min(max(0, index), total - 1)
    if selected < offset { offset = selected }
    if selected >= offset + visible { offset = selected - visible + 1 }
    clampOffset()
  }

  public mutating func move(by delta: Int) { select(selected + delta) }
  public mutating func pageDown() { select(selected + max(1, visible - 1)) }
  public mutating func pageUp() { select(selected - max(1, visible - 1)) }
  public mutating func home() { select(0) }
  public mutating func end() { select(total - 1) }

  /// Adapts to a new screen height, keeping the selection visible.
  public mutating func resize(visible rows: Int) {
    visible = max(1, rows)
    select(selected)
  }

  /// Adapts to a new row count (after a search, an insert or a delete).
  public mutating func setTotal(_ count: Int) {
    total = max(0, count)
    select(selected)
  }

  /// A window of `visible` rows that shows `focused` (nil: the first) about a third of the
  /// way down, or from the top when everything fits: how a form drawn from state alone
  /// scrolls, the same whatever keys led there, with the rows around the focus in sight.
  public init(total: Int, visible: Int, showingAThirdDown focused: Int?) {
    self.init(total: total, visible: visible, selected: focused ?? 0)
    offset = min(max(0, selected - (self.visible - 1) / 3), max(0, self.total - self.visible))
  }

  private mutating func clampOffset() {
    offset = max(0, min(offset, max(0, total - visible)))
  }
}
