/// Fills its region with a style (a background) or a character.
public struct Fill: View {
  public var cell: Cell

  public init(_ style: Style) { self.cell = .blank(style) }
  public init(_ character: Character, style: Style = .plain) { self.cell = Cell(character, style: style) }

  public func render(into frame: inout Frame, in region: Rect) {
    let area = region.intersection(frame.bounds)
    guard cell.width == 2 else {
      frame.fill(area, with: cell)
      return
    }
    // A wide character needs its continuation cell: draw it every other column (`set` blanks
    // an odd last column), never in every cell.
    for y in area.minY..<area.maxY {
      for x in stride(from: area.minX, to: area.maxX, by: 2) { frame.set(cell, at: Point(x: x, y: y), clip: area) }
    }
  }
}
