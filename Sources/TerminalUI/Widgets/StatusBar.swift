/// A one-row bar with text on the left and on the right (counts, positions, messages).
public struct StatusBar: View {
  public var left: [Span]
  public var right: [Span]
  /// The bar's look; nil draws it in the frame's theme (``Theme/statusBar``).
  public var style: Style?

  public init(left: [Span], right: [Span] = [], style: Style? = nil) {
    self.left = left
    self.right = right
    self.style = style
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let row = region.row(0)
    let style = self.style ?? frame.theme.statusBar
    frame.fill(row.intersection(frame.bounds), with: .blank(style))
    let restyle = { (spans: [Span]) in spans.map { Span($0.text, style: $0.style == .plain ? style : $0.style) } }
    let rightWidth = right.reduce(0) { $0 + DisplayWidth.of($1.text) }
    let rightRect = Rect(x: row.maxX - rightWidth - 1, y: row.y, width: rightWidth, height: 1)
    if rightWidth + 2 < row.width {
      Text(restyle(right)).render(into: &frame, in: rightRect)
    }
    let leftWidth = rightWidth + 2 < row.width ? row.width - rightWidth - 3 : row.width - 1
    Text(restyle(left)).render(into: &frame, in: Rect(x: row.x + 1, y: row.y, width: leftWidth, height: 1))
  }

  public func preferredSize(in available: Size) -> Size {
    Size(width: available.width, height: min(1, available.height))
  }
}
