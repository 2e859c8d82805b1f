/// A terminal colour: the terminal's own default, an entry of the 256-colour palette, or a 24-bit
/// colour.
///
/// The first 16 entries are the themeable ANSI colours, which follow the user's terminal theme;
/// prefer them for UI chrome. A 24-bit colour (``rgb(_:_:_:)``) is drawn exactly on a truecolor
/// terminal and as the nearest palette entry on any other (see ``ColorDepth``).
public enum Color: Hashable, Sendable, CustomStringConvertible {
  case `default`
  case palette(UInt8)
  /// A 24-bit colour, red, green and blue: exact on a truecolor terminal, else the nearest
  /// colour the terminal has.
  case rgb(UInt8, UInt8, UInt8)

  public static let black = Color.palette(0)
  public static let red = Color.palette(1)
  public static let green = Color.palette(2)
  public static let yellow = Color.palette(3)
  public static let blue = Color.palette(4)
  public static let magenta = Color.palette(5)
  public static let cyan = Color.palette(6)
  public static let white = Color.palette(7)
  public static let brightBlack = Color.palette(8)
  public static let brightRed = Color.palette(9)
  public static let brightGreen = Color.palette(10)
  public static let brightYellow = Color.palette(11)
  public static let brightBlue = Color.palette(12)
  public static let brightMagenta = Color.palette(13)
  public static let brightCyan = Color.palette(14)
  public static let brightWhite = Color.palette(15)

  private static let names = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
    "brightBlack", "brightRed", "brightGreen", "brightYellow", "brightBlue", "brightMagenta", "brightCyan",
    "brightWhite",
  ]

  /// Whether this is a 24-bit colour.
  public var isRGB: Bool {
    if case .rgb = self { true } else { false }
  }

  /// `red`, `color244`, or `#5fafff` for a 24-bit colour.
  public var description: String {
    switch self {
    case .default: "default"
    case .palette(let index) where index < 16: Color.names[Int(index)]
    case .palette(let index): "color\(index)"
    case .rgb(let red, let green, let blue):
      "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }
}
