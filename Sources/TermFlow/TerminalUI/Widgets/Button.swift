/// A button: `[ Sign in ]`, reversed when focused, dimmed when disabled. With a
/// ``clickTarget`` a click on it presses it.
public struct Button: View {
  public var title: String
  public var isFocused: Bool
  public var isDisabled: Bool
  /// The theme to draw in; nil draws in the frame's (``Frame/theme``).
  public var theme: Theme?

  public init(
    _ title: String, isFocused: Bool = false, isDisabled: Bool = false, clickTarget: MouseTarget? = nil,
    theme: Theme? = nil
  ) {
    self.title = title
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.clickTarget = clickTarget
    self.theme = theme
  }

  /// What a click on the button does: the key that presses it, or an item of a form.
  public var clickTarget: MouseTarget?

  public func render(into frame: inout Frame, in region: Rect) {
    if let clickTarget, !isDisabled {
      let size = preferredSize(in: region.size)
      frame.markMouseTarget(clickTarget, in: Rect(x: region.x, y: region.y, width: size.width, height: size.height))
    }
    let style = frame.style({ isDisabled ? $0.disabled : (isFocused ? $0.focusedButton : $0.button) }, own: theme)
    Text("[ \(title) ]", style: style).render(into: &frame, in: region.row(0))
  }

  public func preferredSize(in available: Size) -> Size {
    Size(width: min(available.width, DisplayWidth.of(title) + 4), height: min(1, available.height))
  }
}
