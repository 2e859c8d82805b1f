/// Keys written as words, for configuration files: `q`, `Enter`, `Ctrl-S`, `Shift-Tab`, `Alt-b`,
/// `PgDn`, `F5`, `Space`. Kinder than recordings' ``name`` to a person typing: names are read
/// case aside (`ctrl-s`, `ESC`) and with their common synonyms; ``configName`` writes a key
/// so that ``init(configName:)`` reads it back.
extension Key {
  /// The key `name` spells, or nil. A single character is that character (case counts: `S`
  /// is Shift-s); otherwise a key's name, case aside (`Enter` or `Return`, `Esc` or `Escape`,
  /// `Del` or `Delete`, `Ins`, `Backspace`, `Tab`, `Up` `Down` `Left` `Right` or the arrows,
  /// `Home`, `End`, `PgUp` or `PageUp`, `PgDn` or `PageDown`, `Space`, `F1`…`F64`), after any
  /// of `Ctrl-`, `Alt-` and `Shift-`. `Ctrl-` takes a letter or one of `@[\]^_`; `Shift-` a
  /// named key (an upper-case letter is written as itself).
  public init?(configName name: String) {
    var rest = Substring(name)
    var modifiers: Modifiers = []
    while true {
      let lowered = rest.lowercased()
      if rest.count > 1, let (prefix, modifier) = Self.modifierPrefixes.first(where: { lowered.hasPrefix($0.0) }) {
        guard !modifiers.contains(modifier) else { return nil }
        modifiers.insert(modifier)
        rest = rest.dropFirst(prefix.count)
      } else {
        break
      }
    }
    // The help bar's arrows are the arrow keys here, not characters to type.
    if rest.count == 1, let character = rest.first, character != " ", !"↑↓←→".contains(character) {
      if modifiers.contains(.shift) { return nil }
      if modifiers.contains(.control) {
        guard character.isASCII, character.isLetter || "@[\\]^_".contains(character) else { return nil }
        self = Key(.character(Character(character.lowercased())), modifiers: modifiers)
      } else {
        self = Key(.character(character), modifiers: modifiers)
      }
      return
    }
    guard let code = Self.namedCodes[rest.lowercased()] ?? Self.functionKey(rest) else { return nil }
    if modifiers.contains(.shift), case .character = code { return nil }
    self = Key(code, modifiers: modifiers)
  }

  /// How a configuration file writes the key: as the help bar does, with the arrows as words.
  public var configName: String {
    let arrows: [Code: String] = [.up: "Up", .down: "Down", .left: "Left", .right: "Right"]
    guard let arrow = arrows[code] else { return description }
    let prefixes: [(Modifiers, String)] = [(.control, "Ctrl-"), (.alt, "Alt-"), (.shift, "Shift-")]
    return prefixes.filter { modifiers.contains($0.0) }.map(\.1).joined() + arrow
  }

  private static let modifierPrefixes: [(String, Modifiers)] = [
    ("ctrl-", .control), ("alt-", .alt), ("shift-", .shift),
  ]

  private static let namedCodes: [String: Code] = [
    "enter": .enter, "return": .enter, "tab": .tab, "esc": .escape, "escape": .escape,
    "backspace": .backspace, "del": .delete, "delete": .delete, "ins": .insert, "insert": .insert,
    "up": .up, "↑": .up, "down": .down, "↓": .down, "left": .left, "←": .left, "right": .right, "→": .right,
    "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
    "space": .character(" "),
  ]

  private static func functionKey(_ text: Substring) -> Code? {
    guard text.count >= 2, text.first == "F" || text.first == "f", let number = Int(text.dropFirst()),
      (1...64).contains(number)
    else { return nil }
    return .function(number)
  }
}
