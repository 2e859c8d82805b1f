/// The key bindings of the screen on stage, as `key label` pairs. A click on an entry presses
/// its key, or the one of its keys under the pointer (``HelpItem/presses``).
///
/// When every entry fits, the bar shows them all in the map's order. When they do not, it
/// shows what matters, as polished terminal programs do: the ``more`` entry (`? More`, which
/// lists every key) at the right end, the essential entries (``HelpItem/isEssential``: quit,
/// save, back), then the others in the map's order while they fit, each whole (never cut in
/// half); those shown keep the map's order. So the way out and the way to every other key are
/// on the bar at any width that holds them.
public struct HelpBar: View {
  public var items: [HelpItem]
  /// The entry that opens the list of every key, shown (at the right end) only when some entry
  /// does not fit; nil for a bar that has none (the wireframe gives its `? More`).
  public var more: HelpItem?
  /// The theme to draw in; nil draws in the frame's (``Frame/theme``).
  public var theme: Theme?

  public init(_ items: [HelpItem], more: HelpItem? = nil, theme: Theme? = nil) {
    self.items = items
    self.more = more
    self.theme = theme
  }

  /// The entries shown in `width` columns, in the order drawn, and whether ``more`` is shown
  /// after them at the right end.
  public func layout(width: Int) -> (shown: [HelpItem], showsMore: Bool) {
    // One column of margin on the left; two between entries.
    let whole = items.reduce(-1) { $0 + 2 + Self.width(of: $1) }
    if 1 + whole <= width { return (items, false) }
    // The more entry sits at the right end, a column of margin after it and two before it.
    let moreWidth = more.map { Self.width(of: $0) + 3 } ?? 0
    let room = width - 1 - moreWidth
    var chosen = Set<Int>()
    var used = -2
    for essential in [true, false] {
      for (index, item) in items.enumerated() where item.isEssential == essential {
        let needed = 2 + Self.width(of: item)
        if used + needed <= room {
          chosen.insert(index)
          used += needed
        }
      }
    }
    let shown = items.indices.filter(chosen.contains).map { items[$0] }
    return (shown, more != nil && width >= 1 + moreWidth)
  }

  /// `key label`'s columns.
  static func width(of item: HelpItem) -> Int {
    DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.label)
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let keyStyle = frame.style({ $0.helpKey }, own: theme)
    let labelStyle = frame.style({ $0.helpLabel }, own: theme)
    let row = region.row(0)
    let (shown, showsMore) = layout(width: row.width)
    var spans: [Span] = [Span(" ")]
    var used = 1
    func append(_ item: HelpItem, gap: Int) {
      if gap > 0 { spans.append(Span(String(repeating: " ", count: gap), style: labelStyle)) }
      if frame.mouseRegions != nil {
        for (columns, key) in item.presses {
          frame.markMouseTarget(
            .key(key), in: Rect(x: row.x + used + gap + columns.lowerBound, y: row.y, width: columns.count, height: 1))
        }
      }
      spans.append(Span(item.key, style: keyStyle))
      spans.append(Span(" " + item.label, style: labelStyle))
      used += gap + Self.width(of: item)
    }
    for item in shown {
      // The two-space gap goes before an entry, so that the last one needs no room after it.
      append(item, gap: spans.count > 1 ? 2 : 0)
    }
    if showsMore, let more {
      append(more, gap: max(2, row.width - 1 - Self.width(of: more) - used))
    }
    Text(spans).render(into: &frame, in: row)
  }

  public func preferredSize(in available: Size) -> Size {
    Size(width: available.width, height: min(1, available.height))
  }
}
