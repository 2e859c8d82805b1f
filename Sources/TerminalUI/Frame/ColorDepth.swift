/// How many colours a terminal can show, from none to 24-bit: what a ``Theme`` is mapped down
/// to before anything is drawn, so that a colour the terminal lacks becomes the nearest one it
/// has rather than whatever its palette index wraps around to.
///
/// TermFlow draws through the terminal's palette (ncurses pairs), so on a truecolor terminal it
/// still uses the 256 entries; a colour written with ``Color/rgb(_:_:_:)`` is the nearest of them.
public enum ColorDepth: Int, Codable, Comparable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// No colour at all (`NO_COLOR`, `TERM=dumb`, a monochrome terminal): attributes only.
  case monochrome = 0
  /// The eight ANSI colours (`TERM=xterm`, the Linux console in some set-ups).
  case ansi8 = 8
  /// The sixteen ANSI colours, the eight and their bright forms.
  case ansi16 = 16
  /// The xterm 256-colour palette: the sixteen, a 6×6×6 cube and 24 greys.
  case palette256 = 256
  /// 24-bit colour (`COLORTERM=truecolor`).
  case trueColor = 16_777_216

  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String {
    switch self {
    case .monochrome: "monochrome"
    case .ansi8: "8 colours"
    case .ansi16: "16 colours"
    case .palette256: "256 colours"
    case .trueColor: "truecolor"
    }
  }

  /// The depth terminfo's `colors` capability gives (ncurses' `COLORS`).
  public init(terminfoColors colors: Int) {
    switch colors {
    case 16_777_216...: self = .trueColor
    case 256...: self = .palette256
    case 16...: self = .ansi16
    case 8...: self = .ansi8
    default: self = .monochrome
    }
  }

  /// The depth the environment describes, read as termenv reads it: `NO_COLOR` set and not
  /// empty means none (whatever its value); `COLORTERM=truecolor` or `24bit` means 24-bit
  /// (but 256 inside GNU screen, which does not pass it on, unless tmux says it runs there);
  /// `COLORTERM=yes` or `true` means 256; otherwise `TERM` decides: terminals known for 24-bit
  /// (kitty, WezTerm, Alacritty, foot, Ghostty, contour, `*-direct`), `*256color*`, and the
  /// 16-colour families (`xterm`, `screen`, `tmux`, `rxvt`, `linux`, `*color*`, `*ansi*`);
  /// `dumb` or nothing gives none. Unknown terminals get eight and are capped by terminfo.
  public static func detect(environment: [String: String]) -> ColorDepth {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    let term = (environment["TERM"] ?? "").lowercased()
    if term.isEmpty || term == "dumb" { return .monochrome }
    switch (environment["COLORTERM"] ?? "").lowercased() {
    case "truecolor", "24bit":
      if term.hasPrefix("screen") && environment["TERM_PROGRAM"] != "tmux" { return .palette256 }
      return .trueColor
    case "yes", "true":
      return .palette256
    default:
      break
    }
    let trueColorTerminals = ["kitty", "wezterm", "alacritty", "foot", "ghostty", "contour", "rio", "-direct"]
    if trueColorTerminals.contains(where: term.contains) { return .trueColor }
    if term.contains("256color") { return .palette256 }
    let sixteenColorFamilies = ["xterm", "screen", "tmux", "rxvt", "linux", "color", "ansi", "vt220"]
    if sixteenColorFamilies.contains(where: term.contains) { return .ansi16 }
    return .ansi8
  }

  /// `color` as this depth can show it: unchanged when the terminal has it, else the nearest
  /// colour it has (by the xterm palette's RGB values), or the default with no colour at all.
  public func approximating(_ color: Color) -> Color {
    guard case .palette(let index) = color else { return color }
    switch self {
    case .monochrome: return .default
    case .ansi8 where index >= 8: return XtermPalette.nearest(to: XtermPalette.rgb(of: index), among: 0..<8)
    case .ansi16 where index >= 16: return XtermPalette.nearest(to: XtermPalette.rgb(of: index), among: 0..<16)
    default: return color
    }
  }

  /// `style` with both its colours approximated; its attributes are kept.
  public func approximating(_ style: Style) -> Style {
    var result = style
    result.foreground = approximating(style.foreground)
    result.background = approximating(style.background)
    return result
  }
}
