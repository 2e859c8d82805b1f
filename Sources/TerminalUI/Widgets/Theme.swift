/// The looks widgets share. Meaning is carried by attributes (reverse, bold, underline, dim) so
/// that everything stays legible with `NO_COLOR`; colour only adds emphasis.
public struct Theme: Hashable, Sendable {
  public var title = Style.plain.bold
  public var border = Style.plain.foreground(.brightBlack)
  public var focusedBorder = Style.plain.foreground(.cyan)
  public var field = Style.plain.underline
  public var focusedField = Style.plain.underline.foreground(.brightCyan)
  public var placeholder = Style.plain.dim.italic.underline
  public var disabled = Style.plain.dim
  public var button = Style.plain.bold
  public var focusedButton = Style.plain.bold.reverse.foreground(.cyan)
  public var selection = Style.plain.reverse
  public var inactiveSelection = Style.plain.bold.underline
  public var header = Style.plain.bold.underline
  public var secondary = Style.plain.dim
  public var error = Style.plain.bold.foreground(.red)
  public var statusBar = Style.plain.reverse
  public var helpKey = Style.plain.bold
  public var helpLabel = Style.plain.dim
  public var scrollbarTrack = Style.plain.foreground(.brightBlack)
  public var scrollbarThumb = Style.plain

  public init() {}

  public static let standard = Theme()
}
