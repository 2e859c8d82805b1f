/// One key press, decoded from the terminal's bytes.
///
/// Keys are plain values so that key maps are data: a screen's bindings can be listed in its help
/// bar and checked for conflicts by a test.
public struct Key: Hashable, Sendable, CustomStringConvertible {
  public enum Code: Hashable, Sendable {
    /// A printable grapheme cluster in any script. Ctrl-letters are `.character` lowercased
    /// with the `.control` modifier.
    case character(Character)
    case enter, tab, escape, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)
  }

  public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let alt = Modifiers(rawValue: 1 << 1)
    public static let control = Modifiers(rawValue: 1 << 2)
  }

  public var code: Code
  public var modifiers: Modifiers

  public init(_ code: Code, modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  public static func character(_ character: Character) -> Key { Key(.character(character)) }
  /// Ctrl plus a letter (or one of `@[\]^_`), as raw mode delivers it: Ctrl-C is `.ctrl("c")`.
  public static func ctrl(_ character: Character) -> Key {
    Key(.character(Character(character.lowercased())), modifiers: .control)
  }
  public static let enter = Key(.enter)
  public static let tab = Key(.tab)
  public static let backTab = Key(.tab, modifiers: .shift)
  public static let escape = Key(.escape)
  public static let backspace = Key(.backspace)
  public static let delete = Key(.delete)
  public static let up = Key(.up)
  public static let down = Key(.down)
  public static let left = Key(.left)
  public static let right = Key(.right)
  public static let home = Key(.home)
  public static let end = Key(.end)
  public static let pageUp = Key(.pageUp)
  public static let pageDown = Key(.pageDown)

  /// How the key is written in help bars: `Enter`, `Shift-Tab`, `Ctrl-C`, `Alt-←`, `F5`, `q`.
  public var description: String {
    var prefix = ""
    if modifiers.contains(.control) { prefix += "Ctrl-" }
    if modifiers.contains(.alt) { prefix += "Alt-" }
    if modifiers.contains(.shift) { prefix += "Shift-" }
    let name: String
    switch code {
    case .character(" "): name = "Space"
    case .character(let character): name = modifiers.contains(.control) ? character.uppercased() : String(character)
    case .enter: name = "Enter"
    case .tab: name = "Tab"
    case .escape: name = "Esc"
    case .backspace: name = "Backspace"
    case .delete: name = "Del"
    case .insert: name = "Ins"
    case .up: name = "↑"
    case .down: name = "↓"
    case .left: name = "←"
    case .right: name = "→"
    case .home: name = "Home"
    case .end: name = "End"
    case .pageUp: name = "PgUp"
    case .pageDown: name = "PgDn"
    case .function(let number): name = "F\(number)"
    }
    return prefix + name
  }
}

/// Something the terminal sent: a key, a bracketed paste, the mouse, or an answer to a query we
/// made.
public enum InputEvent: Hashable, Sendable {
  case key(Key)
  /// Text pasted while bracketed paste mode was on, delivered whole, line breaks as "\n".
  case paste(String)
  /// The terminal's answer to our DECRQM query about one of its modes.
  case terminalMode(TerminalMode, supported: Bool)
  /// The mouse, while the app asked for it (see ``MouseEvent``).
  case mouse(MouseEvent)
}

/// Terminal modes we ask about at start-up (DECRQM) and adapt to.
public enum TerminalMode: Int, Hashable, Sendable {
  /// Frames bracketed by `CSI ? 2026 h` / `l` are shown at once, without tearing.
  case synchronizedOutput = 2026
  /// The terminal lays out whole grapheme clusters (ZWJ sequences, flags) itself.
  case graphemeClustering = 2027
}
