/// How many colours a terminal can show, from none to 24-bit: what a ``Theme`` is mapped down
/// to before anything is drawn, so that a colour the terminal lacks becomes the nearest one it
/// has rather than whatever its palette index wraps around to.
///
/// On a truecolor terminal a colour written with ``Color/rgb(_:_:_:)`` is drawn exactly; on any
/// other it is the nearest colour the terminal has. Palette colours are drawn as they are at
/// every depth that has them.
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

  /// What apps let a user force the depth with, whatever the terminal says: `truecolor` (or
  /// `24bit`), `256`, `16`, `8` or `none`; anything else (`auto`) detects it. `NO_COLOR` still
  /// wins.
  public static let environmentVariable = "TERMFLOW_COLORS"

  /// The names ``init(name:)`` takes, in the order a message lists them.
  public static let names = ["truecolor", "256", "16", "8", "none"]

  /// The depth a user calls `name` (``names``, `24bit`, `monochrome`; case does not matter), or nil.
  public init?(name: String) {
    switch name.lowercased() {
    case "truecolor", "24bit", "24-bit": self = .trueColor
    case "256": self = .palette256
    case "16": self = .ansi16
    case "8": self = .ansi8
    case "none", "monochrome", "0": self = .monochrome
    default: return nil
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
  /// ``environmentVariable`` (`TERMFLOW_COLORS`), when it names a depth, is taken as it is.
  public static func detect(environment: [String: String]) -> ColorDepth {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    if let forced = environment[environmentVariable].flatMap(ColorDepth.init(name:)) { return forced }
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

  /// The depth a terminal is drawn at. `NO_COLOR` wins; then a depth the app or its user set
  /// (`configured`, else ``environmentVariable``) is taken as it is; else what the environment
  /// says (``detect(environment:)``), or 24-bit when the terminfo entry says `RGB` or `Tc`,
  /// within what the entry's `colors` gives, since ncurses draws only that, except 24-bit
  /// colour, which TermFlow writes itself on any terminal whose entry has 256 colours.
  public static func resolved(
    configured: ColorDepth?, environment: [String: String], terminfoColors: Int, terminfoHasRGB: Bool
  ) -> ColorDepth {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    if let forced = configured ?? environment[environmentVariable].flatMap(ColorDepth.init(name:)) { return forced }
    let palette = ColorDepth(terminfoColors: terminfoColors)
    var detected = detect(environment: environment)
    if terminfoHasRGB && detected > .monochrome { detected = .trueColor }
    if detected == .trueColor && palette >= .palette256 { return .trueColor }
    return min(palette, detected)
  }

  /// `color` as this depth can show it: unchanged when the terminal has it, else the nearest
  /// colour it has (by the xterm palette's RGB values), or the default with no colour at all.
  /// A 24-bit colour on 256 colours is the nearest of the cube and the greys, which are the same
  /// on every terminal (the first sixteen follow the user's terminal theme).
  public func approximating(_ color: Color) -> Color {
    switch color {
    case .default:
      return color
    case _ where self == .monochrome:
      return .default
    case .palette(let index):
      guard self < .palette256, Int(index) >= rawValue else { return color }
      return XtermPalette.nearest(to: XtermPalette.rgb(of: index), among: 0..<rawValue)
    case .rgb(let red, let green, let blue):
      guard self < .trueColor else { return color }
      let rgb = XtermPalette.RGB(red: Int(red), green: Int(green), blue: Int(blue))
      return XtermPalette.nearest(to: rgb, among: self == .palette256 ? 16..<256 : 0..<rawValue)
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
