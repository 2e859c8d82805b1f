/// The RGB values xterm gives its 256 palette entries by default, and the nearest entry to a
/// colour: what ``ColorDepth`` maps a theme down with and ``Color/xterm256(_:_:_:)`` picks from.
///
/// The first sixteen follow the user's terminal theme, so their values here are only xterm's
/// defaults; the cube and the greys (16–255) are the same on every terminal.
enum XtermPalette {
  struct RGB: Hashable {
    var red: Int
    var green: Int
    var blue: Int
  }

  private static let ansi: [RGB] = [
    RGB(red: 0, green: 0, blue: 0), RGB(red: 205, green: 0, blue: 0), RGB(red: 0, green: 205, blue: 0),
    RGB(red: 205, green: 205, blue: 0), RGB(red: 0, green: 0, blue: 238), RGB(red: 205, green: 0, blue: 205),
    RGB(red: 0, green: 205, blue: 205), RGB(red: 229, green: 229, blue: 229), RGB(red: 127, green: 127, blue: 127),
    RGB(red: 255, green: 0, blue: 0), RGB(red: 0, green: 255, blue: 0), RGB(red: 255, green: 255, blue: 0),
    RGB(red: 92, green: 92, blue: 255), RGB(red: 255, green: 0, blue: 255), RGB(red: 0, green: 255, blue: 255),
    RGB(red: 255, green: 255, blue: 255),
  ]
  private static let cubeLevels = [0, 95, 135, 175, 215, 255]

  static func rgb(of index: UInt8) -> RGB {
    switch index {
    case 0..<16:
      return ansi[Int(index)]
    case 16..<232:
      let cube = Int(index) - 16
      return RGB(red: cubeLevels[cube / 36], green: cubeLevels[cube / 6 % 6], blue: cubeLevels[cube % 6])
    default:
      let level = 8 + 10 * (Int(index) - 232)
      return RGB(red: level, green: level, blue: level)
    }
  }

  /// The ANSI colours without a hue: black, white, and their bright forms.
  private static let ansiGreys = [0, 7, 8, 15]

  /// The entry of `candidates` nearest to `color`, by the "redmean" weighted distance (closer
  /// to what the eye sees than plain RGB distance, and cheap); ties go to the lower index.
  ///
  /// A grey maps to a grey, as Rich does it: by distance alone, mid grey is nearer to the
  /// ANSI cyan or yellow than to white, and a border drawn in bright black would turn cyan on
  /// an 8-colour terminal.
  static func nearest(to color: RGB, among candidates: Range<Int>) -> Color {
    let chroma = max(color.red, color.green, color.blue) - min(color.red, color.green, color.blue)
    let greys = ansiGreys.filter(candidates.contains)
    let searched = chroma < 32 && candidates.upperBound <= 16 ? greys : Array(candidates)
    var best = candidates.lowerBound
    var bestDistance = Int.max
    for index in searched {
      let distance = self.distance(color, rgb(of: UInt8(index)))
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return .palette(UInt8(best))
  }

  private static func distance(_ a: RGB, _ b: RGB) -> Int {
    let meanRed = (a.red + b.red) / 2
    let red = a.red - b.red
    let green = a.green - b.green
    let blue = a.blue - b.blue
    // Parenthesised: in Swift `>>` binds tighter than `*`.
    return (((512 + meanRed) * red * red) >> 8) + 4 * green * green + (((767 - meanRed) * blue * blue) >> 8)
  }
}

extension Color {
  /// The entry of xterm's 256-colour palette nearest to an RGB colour, from the 6×6×6 cube and
  /// the grey ramp (never the first sixteen, which the user's terminal theme may have changed):
  /// a theme written in hex that looks the same on every terminal with 256 colours or more, and
  /// costs a truecolor terminal no more bytes than a palette colour. ``rgb(_:_:_:)`` is the
  /// colour itself.
  public static func xterm256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
    XtermPalette.nearest(
      to: XtermPalette.RGB(red: Int(red), green: Int(green), blue: Int(blue)), among: 16..<256)
  }
}
