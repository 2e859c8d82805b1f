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
    // One cell of margin at each end and one between. When both do not fit, the left keeps
    // its width up to half the row and the right is cut with an ellipsis rather than dropped:
    // it carries messages (a sync that failed) that must not vanish on a narrow terminal. Only
    // a row too narrow to show a useful part of it (`minimumRight` cells) drops it.
    let leftNatural = left.reduce(0) { $0 + DisplayWidth.of($1.text) }
    let rightNatural = right.reduce(0) { $0 + DisplayWidth.of($1.text) }
    let rightWidth = min(rightNatural, row.width - 3 - min(leftNatural, (row.width - 2) / 2))
    let leftWidth: Int
    if rightWidth > 0 && rightWidth >= min(rightNatural, Self.minimumRight) {
      Text(restyle(right)).render(
        into: &frame, in: Rect(x: row.maxX - rightWidth - 1, y: row.y, width: rightWidth, height: 1))
      leftWidth = row.width - rightWidth - 3
    } else {
      leftWidth = row.width - (rightNatural == 0 ? 3 : 1)
    }
    Text(restyle(left)).render(into: &frame, in: Rect(x: row.x + 1, y: row.y, width: max(0, leftWidth), height: 1))
  }

  /// The fewest cells of the right side worth showing cut.
  static let minimumRight = 12

  public func preferredSize(in available: Size) -> Size {
    Size(width: available.width, height: min(1, available.height))
  }
}
