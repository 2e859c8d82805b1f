/// Where a list is on screen and how far it is scrolled: the rows it draws its items in, and the
/// index of the item in the first of them. Two frames' positions with the same rows say the
/// list scrolled by the difference of their first items (see ``Frame/listPosition``).
public struct ListPosition: Hashable, Sendable {
  public var rows: Range<Int>
  public var firstItem: Int

  public init(rows: Range<Int>, firstItem: Int) {
    self.rows = rows
    self.firstItem = firstItem
  }

  /// The scroll that takes the rows of `old` to this position's, if the list scrolled by less
  /// than its height in the same rows.
  public func scroll(from old: ListPosition) -> RowScroll? {
    let distance = firstItem - old.firstItem
    guard rows == old.rows, distance != 0, abs(distance) < rows.count else { return nil }
    return RowScroll(rows: rows, distance: distance)
  }
}
