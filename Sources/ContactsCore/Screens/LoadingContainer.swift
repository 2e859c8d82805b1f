import TerminalUI

/// The one way the app shows something that loads: a spinner while ``Loadable/loading``, then
/// the content, or the error with the key that retries.
struct LoadingContainer<Value: Equatable & Sendable>: View {
  let state: Loadable<Value>
  let tick: Int
  var label = "Loading…"
  let content: (Value) -> any View

  func render(into frame: inout Frame, in region: Rect) {
    switch state {
    case .loading:
      let width = min(region.width, DisplayWidth.of(label) + 2)
      Spinner(tick: tick, label: label)
        .render(into: &frame, in: region.row(region.height / 2).centered(Size(width: width, height: 1)))
    case .loaded(let value):
      content(value).render(into: &frame, in: region)
    case .failed(let message):
      let middle = region.height / 2
      Text(message, style: frame.theme.error, alignment: .center, overflow: .wrap)
        .render(into: &frame, in: Rect(x: region.x, y: region.y + max(0, middle - 1), width: region.width, height: 2))
      Text("Press r to try again", style: frame.theme.secondary, alignment: .center)
        .render(into: &frame, in: region.row(middle + 1))
    }
  }
}
