extension ScrollWindow {
  /// A move of the selection as keys ask for it: a row, a page, or to either end. A value, so
  /// that an action can carry it and every list moves the same way.
  public enum Move: Hashable, Sendable, Codable {
    case up, down, pageUp, pageDown, home, end
    /// To the row at this absolute index (a click on it).
    case to(Int)
  }

  /// Moves the selection as `move` says.
  public mutating func apply(_ move: Move) {
    switch move {
    case .up: self.move(by: -1)
    case .down: self.move(by: 1)
    case .pageUp: pageUp()
    case .pageDown: pageDown()
    case .home: home()
    case .end: end()
    case .to(let index): select(index)
    }
  }
}

extension ScrollWindow.Move {
  /// Where this move takes the selection `selected` of a whole list of `count` rows kept in
  /// state (one a ``ListView`` draws from every row) that shows `rows` of them: a page is what it
  /// shows, as for a windowed list. `rows` is what the list said it showed
  /// (``Frame/shownRows(of:)``, or the screen's `list(_:showsRows:)` in `Navigation`).
  public func selection(from selected: Int, count: Int, showing rows: Int) -> Int {
    var window = ScrollWindow(total: count, visible: rows, selected: selected)
    window.apply(self)
    return window.selected
  }
}
