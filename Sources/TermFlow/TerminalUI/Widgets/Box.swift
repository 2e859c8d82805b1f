/// A bordered region with an optional title in the top border: `┌ Title ──┐`.
public struct Box: View {
  public var title: String?
  public var content: any View
  public var borderStyle: Style
  public var titleStyle: Style

  public init(
    title: String? = nil, borderStyle: Style = .plain, titleStyle: Style = Style.plain.bold, _ content: any View
  ) {
    self.title = title
    self.content = content
    self.borderStyle = borderStyle
    self.titleStyle = titleStyle
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let area = region.intersection(frame.bounds)
    guard region.width >= 2, region.height >= 2 else {
      content.render(into: &frame, in: area)
      return
    }
    let right = region.maxX - 1
    let bottom = region.maxY - 1
    // The border's glyphs are one column wide each: rows and columns of them are filled as runs.
    func border(_ glyph: Unicode.Scalar) -> Cell { Cell(.scalar(glyph), style: borderStyle) }
    let horizontal = border("─")
    let vertical = border("│")
    if region.width > 2 {
      frame.fill(
        Rect(x: region.x + 1, y: region.y, width: region.width - 2, height: 1).intersection(area), with: horizontal)
      frame.fill(
        Rect(x: region.x + 1, y: bottom, width: region.width - 2, height: 1).intersection(area), with: horizontal)
    }
    if region.height > 2 {
      frame.fill(
        Rect(x: region.x, y: region.y + 1, width: 1, height: region.height - 2).intersection(area), with: vertical)
      frame.fill(
        Rect(x: right, y: region.y + 1, width: 1, height: region.height - 2).intersection(area), with: vertical)
    }
    frame.set(border("┌"), at: Point(x: region.x, y: region.y), clip: area)
    frame.set(border("┐"), at: Point(x: right, y: region.y), clip: area)
    frame.set(border("└"), at: Point(x: region.x, y: bottom), clip: area)
    frame.set(border("┘"), at: Point(x: right, y: bottom), clip: area)
    if let title, region.width > 4 {
      Text(" \(title) ", style: titleStyle)
        .render(into: &frame, in: Rect(x: region.x + 1, y: region.y, width: region.width - 3, height: 1))
    }
    content.render(into: &frame, in: Self.contentArea(in: region))
  }

  /// Where a box drawn in `region` draws its content: inside the border, or all of `region` when
  /// it is too small for one.
  public static func contentArea(in region: Rect) -> Rect {
    region.width >= 2 && region.height >= 2 ? region.inset(by: 1) : region
  }

  public func preferredSize(in available: Size) -> Size {
    let inner = content.preferredSize(in: Size(width: available.width - 2, height: available.height - 2))
    let titleWidth = title.map { DisplayWidth.of($0) + 4 } ?? 0
    return Size(
      width: min(available.width, max(inner.width + 2, titleWidth)), height: min(available.height, inner.height + 2))
  }
}
