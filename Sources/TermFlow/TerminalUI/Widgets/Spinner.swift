/// An activity indicator whose animation frame is a value from state, so it renders and replays
/// deterministically: `⠋ Signing in…`.
public struct Spinner: View {
  public static let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  public var tick: Int
  public var label: String
  public var style: Style

  public init(tick: Int, label: String = "", style: Style = Style.plain.foreground(.cyan)) {
    self.tick = tick
    self.label = label
    self.style = style
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let glyph = Spinner.frames[((tick % Spinner.frames.count) + Spinner.frames.count) % Spinner.frames.count]
    let spans = label.isEmpty ? [Span(String(glyph), style: style)] : [Span("\(glyph) ", style: style), Span(label)]
    Text(spans).render(into: &frame, in: region.row(0))
  }

  public func preferredSize(in available: Size) -> Size {
    Size(width: min(available.width, 2 + DisplayWidth.of(label)), height: min(1, available.height))
  }
}
