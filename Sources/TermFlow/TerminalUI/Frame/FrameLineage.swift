/// Where a frame came from, for the renderer: a frame drawn over the cells of the frame
/// numbered `base` differs from it only inside `damage`, so comparing the two there finds every
/// change. The wireframe (`Navigation`) sets it on the frames it draws so; any write to a frame
/// afterwards forgets it, so that it never vouches for cells it did not see.
package struct FrameLineage: Sendable {
  /// This frame's number: unique among the frames of a run.
  package var number: Int
  /// The frame this one was drawn over, if any.
  package var base: Int?
  /// Where this frame may differ from `base`.
  package var damage: [Rect]

  package init(number: Int, base: Int?, damage: [Rect]) {
    self.number = number
    self.base = base
    self.damage = damage
  }
}

/// The smallest rectangle holding every cell written to a frame since it was made or since
/// ``Frame/forgetWrites()``: where a region's drawing reached (see ``Frame/writtenArea``).
package struct WrittenArea: Sendable {
  private var minX = Int.max
  private var minY = Int.max
  private var maxX = Int.min
  private var maxY = Int.min

  package init() {}

  /// The rectangle, empty when nothing was written.
  package var rect: Rect {
    guard minX <= maxX else { return Rect(x: 0, y: 0, width: 0, height: 0) }
    return Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }

  @inline(__always)
  mutating func include(x: Int, y: Int) {
    if x < minX { minX = x }
    if x > maxX { maxX = x }
    if y < minY { minY = y }
    if y > maxY { maxY = y }
  }

  /// Adds a rectangle (nothing when it is empty).
  package mutating func include(_ area: Rect) {
    guard area.width > 0, area.height > 0 else { return }
    include(x: area.minX, y: area.minY)
    include(x: area.maxX - 1, y: area.maxY - 1)
  }
}
