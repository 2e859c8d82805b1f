/// A one-row bar with text on the left and on the right (counts, positions, messages).
public struct StatusBar: View {
  public var left: [Span]
  public var right: [Span]
  public var style: Style

  public init(left: [Span], right: [Span] = [], style: Style = Theme.standard.statusBar) {
    self.left = left
    self.right = right
    self.style = style
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let row = region.row(0)
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

/// The key bindings of the screen on stage, as `key label` pairs; entries that do not fit are
/// left out from the end, never cut in half.
public struct HelpBar: View {
  public var items: [HelpItem]
  public var theme: Theme

  public init(_ items: [HelpItem], theme: Theme = .standard) {
    self.items = items
    self.theme = theme
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let row = region.row(0)
    var spans: [Span] = [Span(" ")]
    var used = 1
    for item in items {
      // The two-space gap goes before an entry, so that the last one needs no room after it.
      let gap = spans.count > 1 ? 2 : 0
      let width = gap + DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.label)
      guard used + width <= row.width else { break }
      if gap > 0 { spans.append(Span("  ", style: theme.helpLabel)) }
      spans.append(Span(item.key, style: theme.helpKey))
      spans.append(Span(" " + item.label, style: theme.helpLabel))
      used += width
    }
    Text(spans).render(into: &frame, in: row)
  }

  public func preferredSize(in available: Size) -> Size {
    Size(width: available.width, height: min(1, available.height))
  }
}

/// A dialog centred over whatever is already drawn, which it dims: confirmations and alerts.
/// It takes the keyboard while shown; that is the screen's business, this only draws it.
public struct Modal: View {
  public var title: String
  public var content: any View
  public var size: Size
  public var theme: Theme

  public init(title: String, size: Size, theme: Theme = .standard, _ content: any View) {
    self.title = title
    self.content = content
    self.size = size
    self.theme = theme
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let area = region.intersection(frame.bounds)
    frame.restyle(area) { $0.adding(.dim) }
    let box = area.centered(size)
    frame.fill(box, with: .blank)
    Box(title: title, borderStyle: theme.focusedBorder, titleStyle: theme.title, Padding(content, horizontal: 1))
      .render(into: &frame, in: box)
  }
}
