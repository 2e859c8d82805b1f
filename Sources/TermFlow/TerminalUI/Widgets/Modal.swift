/// A dialog centred over whatever is already drawn, which it dims: confirmations and alerts.
/// It takes the keyboard while shown; that is the screen's business, this only draws it.
public struct Modal: View {
  public var title: String
  public var content: any View
  public var size: Size
  /// The theme to draw in; nil draws in the frame's (``Frame/theme``).
  public var theme: Theme?

  public init(title: String, size: Size, theme: Theme? = nil, _ content: any View) {
    self.title = title
    self.content = content
    self.size = size
    self.theme = theme
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let area = region.intersection(frame.bounds)
    let border = frame.style({ $0.focusedBorder }, own: theme)
    let titleStyle = frame.style({ $0.title }, own: theme)
    frame.restyle(area) { $0.adding(.dim) }
    // A click beside the dialog must not reach what it covers.
    frame.markMouseTarget(.covers, in: area)
    let box = area.centered(size)
    frame.fill(box, with: .blank)
    Box(title: title, borderStyle: border, titleStyle: titleStyle, Padding(content, horizontal: 1))
      .render(into: &frame, in: box)
  }
}
