/// The looks of an app by role: a title, the selection, a field and the focused one, an error,
/// secondary text, a help bar's keys. Widgets and screens draw with these roles, never with raw
/// colours, so one value changes the whole app's look.
///
/// Meaning is carried by attributes (reverse, bold, underline, dim) so that everything stays
/// legible without colour (`NO_COLOR`, ``monochrome``); colour only adds emphasis. A theme is
/// drawn through the frame: ``Frame/theme`` is the one widgets use unless given their own, and
/// the ``ColorDepth`` of the terminal maps it down (``adapted(to:)``) before any cell is written.
///
/// An app picks one of the built-in themes (``dark``, ``light``, ``highContrast``,
/// ``monochrome``; by name with ``named(_:)``), or makes its own from one:
///
/// ```swift
/// var theme = Theme.dark
/// theme.title = Style.plain.bold.foreground(.rgb(0x5F, 0xAF, 0xFF))
/// theme.selection = Style.plain.background(.rgb(0x00, 0x5F, 0x87)).foreground(.brightWhite)
/// let wireframe = Wireframe(appTitle: "Items", theme: theme)
/// ```
///
/// A theme is plain data, 20 styles of 8 bytes and nothing counted by reference: it travels
/// with every frame drawn. What users call a theme is kept beside it (``builtIn``), not in it.
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
  /// A mark that draws the eye to one item among many (a preferred entry's star).
  public var mark = Style.plain.bold.foreground(.yellow)

  /// The ``dark`` theme.
  public init() {}

  /// Every role, for going over them all (mapping a theme down, listing it).
  public static var roles: [(name: String, style: WritableKeyPath<Theme, Style>)] {
    [
      ("title", \.title), ("border", \.border), ("focusedBorder", \.focusedBorder), ("field", \.field),
      ("focusedField", \.focusedField), ("placeholder", \.placeholder), ("disabled", \.disabled),
      ("button", \.button), ("focusedButton", \.focusedButton), ("selection", \.selection),
      ("inactiveSelection", \.inactiveSelection), ("header", \.header), ("secondary", \.secondary),
      ("error", \.error), ("statusBar", \.statusBar), ("helpKey", \.helpKey), ("helpLabel", \.helpLabel),
      ("scrollbarTrack", \.scrollbarTrack), ("scrollbarThumb", \.scrollbarThumb), ("mark", \.mark),
    ]
  }

  /// This theme with `accent` where it draws the eye: the title, the focused border, field and
  /// button, the selection and the help bar's keys (as the text colour of a style in reverse
  /// video or without a background, else as its background). One colour gives an app a look of
  /// its own; the attributes stay, so it still reads without colour.
  ///
  /// ```swift
  /// Wireframe(appTitle: "Items", theme: .dark.accented(.rgb(0x2E, 0xC4, 0xB6)))
  /// ```
  public func accented(_ accent: Color) -> Theme {
    var theme = self
    for role in [\Theme.title, \.focusedBorder, \.focusedField, \.focusedButton, \.selection, \.helpKey] {
      let style = self[keyPath: role]
      let showsAsText = style.attributes.contains(.reverse) || style.background == .default
      theme[keyPath: role] = showsAsText ? style.foreground(accent) : style.background(accent)
    }
    return theme
  }

  /// This theme as a terminal of `depth` can show it: every colour it lacks becomes the
  /// nearest one it has, and with no colour at all only the attributes are left.
  public func adapted(to depth: ColorDepth) -> Theme {
    guard depth < .trueColor else { return self }
    var theme = self
    for role in Theme.roles { theme[keyPath: role.style] = depth.approximating(self[keyPath: role.style]) }
    return theme
  }
}
