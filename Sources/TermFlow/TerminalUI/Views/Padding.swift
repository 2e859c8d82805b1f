/// Draws `content` inside margins.
public struct Padding: View {
  public var content: any View
  public var top, left, bottom, right: Int

  public init(_ content: any View, top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
    self.content = content
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public init(_ content: any View, horizontal: Int = 0, vertical: Int = 0) {
    self.init(content, top: vertical, left: horizontal, bottom: vertical, right: horizontal)
  }

  public func render(into frame: inout Frame, in region: Rect) {
    content.render(into: &frame, in: region.inset(top: top, left: left, bottom: bottom, right: right))
  }

  /// Its content drawn over `previous`'s content, when both have the same margins: the margins
  /// draw nothing, so a form in margins still redraws only what a key changed.
  public func redraw(over previous: any View, into frame: inout Frame, in region: Rect, damage: inout [Rect]) -> Bool {
    guard let previous = Self.ofSameKind(previous), previous.top == top, previous.left == left,
      previous.bottom == bottom, previous.right == right
    else { return false }
    return content.redraw(
      over: previous.content, into: &frame, in: region.inset(top: top, left: left, bottom: bottom, right: right),
      damage: &damage)
  }

  public func preferredSize(in available: Size) -> Size {
    let inner = content.preferredSize(
      in: Size(width: available.width - left - right, height: available.height - top - bottom))
    return Size(
      width: min(available.width, inner.width + left + right),
      height: min(available.height, inner.height + top + bottom))
  }
}
