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
