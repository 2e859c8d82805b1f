public import TerminalUI

/// The one way the app shows something that loads: a spinner while ``Loadable/loading``, then
/// the content, or the error with the key that retries.
public struct LoadingContainer<Value: Equatable & Sendable>: View {
  public var state: Loadable<Value>
  public var tick: Int
  public var label: String
  public var retryKey: String
  public var content: (Value) -> any View
  /// The theme to draw in; nil draws in the frame's.
  public var theme: Theme?

  public init(
    _ state: Loadable<Value>, tick: Int, label: String = "Loading…", retryKey: String = "r",
    theme: Theme? = nil, content: @escaping (Value) -> any View
  ) {
    self.state = state
    self.tick = tick
    self.label = label
    self.retryKey = retryKey
    self.theme = theme
    self.content = content
  }

  public func render(into frame: inout Frame, in region: Rect) {
    switch state {
    case .loading:
      let width = min(region.width, DisplayWidth.of(label) + 2)
      Spinner(tick: tick, label: label)
        .render(into: &frame, in: region.row(region.height / 2).centered(Size(width: width, height: 1)))
    case .loaded(let value):
      content(value).render(into: &frame, in: region)
    case .failed(let message):
      let middle = region.height / 2
      Text(message, style: frame.style({ $0.error }, own: theme), alignment: .center, overflow: .wrap)
        .render(into: &frame, in: Rect(x: region.x, y: region.y + max(0, middle - 1), width: region.width, height: 2))
      Text("Press \(retryKey) to try again", style: frame.style({ $0.secondary }, own: theme), alignment: .center)
        .render(into: &frame, in: region.row(middle + 1))
    }
  }
}
