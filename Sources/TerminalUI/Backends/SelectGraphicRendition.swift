/// The SGR sequence (`CSI … m`) that gives a cell its whole look from scratch: what the ncurses
/// backend writes before the cells it draws itself, in 24-bit colour (`38;2;r;g;b`), which
/// ncurses cannot write under a terminfo entry without direct colour (`xterm-256color`).
///
/// It starts with `0`, so nothing of the cell written before leaks into it; palette colours
/// take the forms `xterm-256color`'s `setaf` and `setab` write (`31`, `91`, `38;5;n`).
enum SelectGraphicRendition {
  private static let attributeCodes: [(Style.Attributes, String)] = [
    (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"),
  ]

  static func sequence(for style: Style) -> String {
    var parameters = ["0"]
    for (attribute, code) in attributeCodes where style.attributes.contains(attribute) { parameters.append(code) }
    parameters += codes(for: style.foreground, normal: 30, bright: 90, extended: 38)
    parameters += codes(for: style.background, normal: 40, bright: 100, extended: 48)
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }

  private static func codes(for color: Color, normal: Int, bright: Int, extended: Int) -> [String] {
    switch color {
    case .default: []
    case .palette(let index) where index < 8: ["\(normal + Int(index))"]
    case .palette(let index) where index < 16: ["\(bright + Int(index) - 8)"]
    case .palette(let index): ["\(extended)", "5", "\(index)"]
    case .rgb(let red, let green, let blue): ["\(extended)", "2", "\(red)", "\(green)", "\(blue)"]
    }
  }
}
