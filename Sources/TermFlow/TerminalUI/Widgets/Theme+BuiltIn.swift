/// The four themes every TermFlow app has, and finding one by its name.
extension Theme {
  /// Light text on a dark background, cyan for focus: the default.
  public static let dark = Theme()

  /// The default theme (``dark``).
  public static let standard = dark

  /// Dark text on a light background: blues and greys from the 256-colour palette, which read
  /// on white where cyan and bright colours wash out; mapped down on smaller palettes.
  public static let light: Theme = {
    var theme = Theme()
    theme.title = Style.plain.bold.foreground(.xterm256(0x00, 0x00, 0x87))
    theme.border = Style.plain.foreground(.xterm256(0x8A, 0x8A, 0x8A))
    theme.focusedBorder = Style.plain.foreground(.blue)
    theme.focusedField = Style.plain.underline.foreground(.blue)
    theme.placeholder = Style.plain.italic.underline.foreground(.xterm256(0x80, 0x80, 0x80))
    theme.disabled = Style.plain.foreground(.xterm256(0x9E, 0x9E, 0x9E))
    theme.focusedButton = Style.plain.bold.reverse.foreground(.blue)
    theme.selection = Style.plain.foreground(.brightWhite).background(.xterm256(0x00, 0x5F, 0xAF))
    theme.inactiveSelection = Style.plain.bold.underline.foreground(.xterm256(0x00, 0x5F, 0xAF))
    theme.secondary = Style.plain.foreground(.xterm256(0x58, 0x58, 0x58))
    theme.error = Style.plain.bold.foreground(.xterm256(0xAF, 0x00, 0x00))
    theme.statusBar = Style.plain.foreground(.brightWhite).background(.xterm256(0x44, 0x44, 0x44))
    theme.helpKey = Style.plain.bold.foreground(.xterm256(0x00, 0x00, 0x87))
    theme.helpLabel = Style.plain.foreground(.xterm256(0x58, 0x58, 0x58))
    theme.scrollbarTrack = Style.plain.foreground(.xterm256(0xBC, 0xBC, 0xBC))
    theme.mark = Style.plain.bold.foreground(.xterm256(0xAF, 0x87, 0x00))
    return theme
  }()

  /// For low vision and washed-out screens: nothing dimmed, bold for what matters, bright
  /// yellow for focus and bright red for errors, reverse video for the selection.
  public static let highContrast: Theme = {
    var theme = Theme()
    theme.title = Style.plain.bold.underline.foreground(.brightWhite)
    theme.border = Style.plain.foreground(.white)
    theme.focusedBorder = Style.plain.bold.foreground(.brightYellow)
    theme.field = Style.plain.underline.foreground(.brightWhite)
    theme.focusedField = Style.plain.bold.underline.foreground(.brightYellow)
    theme.placeholder = Style.plain.italic.underline.foreground(.white)
    theme.disabled = Style.plain.foreground(.white)
    theme.button = Style.plain.bold.foreground(.brightWhite)
    theme.focusedButton = Style.plain.bold.reverse.foreground(.brightYellow)
    theme.selection = Style.plain.bold.reverse.foreground(.brightYellow)
    theme.inactiveSelection = Style.plain.bold.underline.foreground(.brightWhite)
    theme.header = Style.plain.bold.underline.foreground(.brightWhite)
    theme.secondary = Style.plain.foreground(.white)
    theme.error = Style.plain.bold.foreground(.brightRed)
    theme.statusBar = Style.plain.bold.reverse.foreground(.brightWhite)
    theme.helpKey = Style.plain.bold.reverse.foreground(.brightWhite)
    theme.helpLabel = Style.plain.foreground(.brightWhite)
    theme.scrollbarTrack = Style.plain.foreground(.white)
    theme.scrollbarThumb = Style.plain.bold.foreground(.brightYellow)
    theme.mark = Style.plain.bold.foreground(.brightYellow)
    return theme
  }()

  /// No colour at all, whatever the terminal has: ``dark``'s attributes alone. What `NO_COLOR`
  /// gives every theme.
  public static let monochrome = Theme.dark.adapted(to: .monochrome)

  /// The built-in themes with the names users call them by (`--theme`, a config file), in the
  /// order they are offered.
  public static let builtIn: [(name: String, theme: Theme)] = [
    ("dark", .dark), ("light", .light), ("high-contrast", .highContrast), ("monochrome", .monochrome),
  ]

  /// The built-in themes' names, in order: for a message about an unknown one, or a list.
  public static var builtInNames: [String] { builtIn.map(\.name) }

  /// The built-in theme called `name` (`dark`, `light`, `high-contrast`, `monochrome`; case
  /// and `_` for `-` do not matter), or nil: what a `--theme` option or a config file's
  /// `theme = "light"` looks up.
  public static func named(_ name: String) -> Theme? {
    let wanted = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
    return builtIn.first { $0.name == wanted || ($0.name == "high-contrast" && wanted == "highcontrast") }?.theme
  }
}
