/// The key bindings of the screen on stage, as `key label` pairs; entries that do not fit are
/// left out from the end, never cut in half. A click on an entry presses its key, or the one
/// of its keys under the pointer (``HelpItem/presses``).
public struct HelpBar: View {
  public var items: [HelpItem]
  /// The theme to draw in; nil draws in the frame's (``Frame/theme``).
  public var theme: Theme?

  public init(_ items: [HelpItem], theme: Theme? = nil) {
    self.items = items
    self.theme = theme
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let keyStyle = frame.style({ $0.helpKey }, own: theme)
    let labelStyle = frame.style({ $0.helpLabel }, own: theme)
    let row = region.row(0)
    var spans: [Span] = [Span(" ")]
    var used = 1
    for item in items {
      // The two-space gap goes before an entry, so that the last one needs no room after it.
      let gap = spans.count > 1 ? 2 : 0
      let width = gap + DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.label)
      guard used + width <= row.width else { break }
      if gap > 0 { spans.append(Span("  ", style: labelStyle)) }
      if frame.mouseRegions != nil {
        for (columns, key) in item.presses {
          frame.markMouseTarget(
            .key(key), in: Rect(x: row.x + used + gap + columns.lowerBound, y: row.y, width: columns.count, height: 1))
        }
      }
      spans.append(Span(item.key, style: keyStyle))
      spans.append(Span(" " + item.label, style: labelStyle))
      used += width
    }
    Text(spans).render(into: &frame, in: row)
  }

  public func preferredSize(in available: Size) -> Size {
    Size(width: available.width, height: min(1, available.height))
  }
}
