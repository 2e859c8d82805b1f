/// The one way to show something that loads (a ``Loadable``): a spinner in the middle while it
/// loads, then the content in the whole region, or the error in words, under its heading
/// (``failureTitle``, "Could not load the contact") when there is one, with the key that tries
/// again.
///
/// That key is the one the screen's help bar shows for ``retryLabel`` (see ``Frame/keyHelp``),
/// so a user who gave it another key reads their own, and no key is named while none applies.
public struct LoadingView<Value: Equatable & Sendable>: View {
  public var state: Loadable<Value>
  /// The spinner's frame.
  public var tick: Int
  public var label: String
  /// The help bar's label of the binding that tries again.
  public var retryLabel: String
  /// The heading over the error's words, if any.
  public var failureTitle: String?
  public var content: (Value) -> any View

  public init(
    _ state: Loadable<Value>, tick: Int, label: String = "Loading…", retryLabel: String = "Retry",
    failureTitle: String? = nil, content: @escaping (Value) -> any View
  ) {
    self.state = state
    self.tick = tick
    self.label = label
    self.retryLabel = retryLabel
    self.failureTitle = failureTitle
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
      if let failureTitle, middle >= 2 {
        Text(failureTitle, style: frame.theme.error, alignment: .center).render(
          into: &frame, in: region.row(middle - 2))
      }
      Text(message, style: frame.theme.error, alignment: .center, overflow: .wrap)
        .render(into: &frame, in: Rect(x: region.x, y: region.y + max(0, middle - 1), width: region.width, height: 2))
      guard let retry = frame.keyHelp.first(where: { $0.label == retryLabel }) else { return }
      Text("Press \(retry.key) to try again", style: frame.theme.secondary, alignment: .center)
        .render(into: &frame, in: region.row(middle + 1))
    }
  }
}
