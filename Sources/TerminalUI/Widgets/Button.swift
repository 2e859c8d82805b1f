/// A button: `[ Sign in ]`, reversed when focused, dimmed when disabled.
public struct Button: View {
  public var title: String
  public var isFocused: Bool
  public var isDisabled: Bool
  /// The theme to draw in; nil draws in the frame's (``Frame/theme``).
  public var theme: Theme?

  public init(_ title: String, isFocused: Bool = false, isDisabled: Bool = false, theme: Theme? = nil) {
    self.title = title
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.theme = theme
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let theme = self.theme ?? frame.theme
    let style = isDisabled ? theme.disabled : (isFocused ? theme.focusedButton : theme.button)
    Text("[ \(title) ]", style: style).render(into: &frame, in: region.row(0))
  }

  public func preferredSize(in available: Size) -> Size {
    Size(width: min(available.width, DisplayWidth.of(title) + 4), height: min(1, available.height))
  }
}
