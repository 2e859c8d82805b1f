/// Keys, input and sizes as JSON, for session recordings: short, readable and unambiguous.
///
/// A key is its name — `a`, `李`, `Space`, `Enter`, `Ctrl-C`, `Alt-Left`, `Shift-Tab`, `F5`. Every
/// special key has a name of two or more characters and a character key is one grapheme
/// cluster, so no name can be read two ways (the help bar's arrows are not used for that
/// reason: `↑` may also be typed).
extension Key: Codable {
  /// The key's name in recordings.
  public var name: String {
    var prefix = ""
    if modifiers.contains(.control) { prefix += "Ctrl-" }
    if modifiers.contains(.alt) { prefix += "Alt-" }
    if modifiers.contains(.shift) { prefix += "Shift-" }
    switch code {
    case .character(" "): return prefix + "Space"
    case .character(let character): return prefix + String(character)
    case .function(let number): return prefix + "F\(number)"
    default: return prefix + (Self.specialNames.first { $0.code == code }?.name ?? "?")
    }
  }

  /// The key named `name` (see ``name``), or nil.
  public init?(name: String) {
    var rest = Substring(name)
    var modifiers: Modifiers = []
    // A lone "-" or "Ctrl--" is the minus key: only strip a prefix that leaves a name behind.
    for (prefix, modifier) in [("Ctrl-", Modifiers.control), ("Alt-", .alt), ("Shift-", .shift)]
    where rest.hasPrefix(prefix) && rest.count > prefix.count {
      rest = rest.dropFirst(prefix.count)
      modifiers.insert(modifier)
    }
    if rest.count == 1, let character = rest.first {
      self.init(.character(character), modifiers: modifiers)
    } else if rest == "Space" {
      self.init(.character(" "), modifiers: modifiers)
    } else if let special = Self.specialNames.first(where: { $0.name == rest }) {
      self.init(special.code, modifiers: modifiers)
    } else if rest.first == "F", let number = Int(rest.dropFirst()), (1...64).contains(number) {
      self.init(.function(number), modifiers: modifiers)
    } else {
      return nil
    }
  }

  private static let specialNames: [(code: Code, name: String)] = [
    (.enter, "Enter"), (.tab, "Tab"), (.escape, "Esc"), (.backspace, "Backspace"), (.delete, "Del"),
    (.insert, "Ins"), (.up, "Up"), (.down, "Down"), (.left, "Left"), (.right, "Right"), (.home, "Home"),
    (.end, "End"), (.pageUp, "PgUp"), (.pageDown, "PgDn"),
  ]

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let key = Key(name: name) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "No key is named “\(name)”")
    }
    self = key
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}

/// `{"action":"press","button":"left","x":3,"y":4}`, with `"modifiers":["Ctrl"]` and
/// `"clicks":2` when there are any.
extension MouseEvent: Codable {
  private enum CodingKeys: String, CodingKey { case action, button, x, y, modifiers, clicks }
  private static let modifierNames: [(Key.Modifiers, String)] = [(.control, "Ctrl"), (.alt, "Alt"), (.shift, "Shift")]

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let actionName = try container.decode(String.self, forKey: .action)
    guard let action = Action(rawValue: actionName) else {
      throw DecodingError.dataCorruptedError(
        forKey: .action, in: container, debugDescription: "No mouse action is named “\(actionName)”")
    }
    let buttonName = try container.decodeIfPresent(String.self, forKey: .button) ?? "none"
    guard let button = Button(rawValue: buttonName) else {
      throw DecodingError.dataCorruptedError(
        forKey: .button, in: container, debugDescription: "No mouse button is named “\(buttonName)”")
    }
    let names = try container.decodeIfPresent([String].self, forKey: .modifiers) ?? []
    var modifiers: Key.Modifiers = []
    for name in names {
      guard let modifier = Self.modifierNames.first(where: { $0.1 == name })?.0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .modifiers, in: container, debugDescription: "No modifier is named “\(name)”")
      }
      modifiers.insert(modifier)
    }
    self.init(
      action, button,
      at: Point(x: try container.decode(Int.self, forKey: .x), y: try container.decode(Int.self, forKey: .y)),
      modifiers: modifiers, clickCount: try container.decodeIfPresent(Int.self, forKey: .clicks) ?? 1)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(action.rawValue, forKey: .action)
    if button != .none { try container.encode(button.rawValue, forKey: .button) }
    try container.encode(position.x, forKey: .x)
    try container.encode(position.y, forKey: .y)
    let names = Self.modifierNames.filter { modifiers.contains($0.0) }.map(\.1)
    if !names.isEmpty { try container.encode(names, forKey: .modifiers) }
    if clickCount != 1 { try container.encode(clickCount, forKey: .clicks) }
  }
}

/// `{"key":"a"}`, `{"paste":"text"}`, `{"mouse":{…}}` or `{"terminalMode":2026,"supported":true}`.
extension InputEvent: Codable {
  private enum CodingKeys: String, CodingKey { case key, paste, mouse, terminalMode, supported }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let key = try container.decodeIfPresent(Key.self, forKey: .key) {
      self = .key(key)
    } else if let text = try container.decodeIfPresent(String.self, forKey: .paste) {
      self = .paste(text)
    } else if let mouse = try container.decodeIfPresent(MouseEvent.self, forKey: .mouse) {
      self = .mouse(mouse)
    } else if let mode = try container.decodeIfPresent(Int.self, forKey: .terminalMode) {
      guard let mode = TerminalMode(rawValue: mode) else {
        throw DecodingError.dataCorruptedError(
          forKey: .terminalMode, in: container, debugDescription: "Unknown terminal mode \(mode)")
      }
      self = .terminalMode(mode, supported: try container.decode(Bool.self, forKey: .supported))
    } else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "Expected key, paste, mouse or terminalMode"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .key(let key): try container.encode(key, forKey: .key)
    case .paste(let text): try container.encode(text, forKey: .paste)
    case .mouse(let mouse): try container.encode(mouse, forKey: .mouse)
    case .terminalMode(let mode, let supported):
      try container.encode(mode.rawValue, forKey: .terminalMode)
      try container.encode(supported, forKey: .supported)
    }
  }
}

/// An input as its ``InputEvent`` JSON, `{"resize":{"width":80,"height":24}}` or `{"tick":true}`.
extension TerminalSession.Event: Codable {
  private enum CodingKeys: String, CodingKey { case resize, tick }

  public nonisolated init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let size = try container.decodeIfPresent(Size.self, forKey: .resize) {
      self = .resize(size)
    } else if try container.decodeIfPresent(Bool.self, forKey: .tick) == true {
      self = .tick
    } else {
      self = .input(try InputEvent(from: decoder))
    }
  }

  public nonisolated func encode(to encoder: any Encoder) throws {
    switch self {
    case .input(let input):
      try input.encode(to: encoder)
    case .resize(let size):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(size, forKey: .resize)
    case .tick:
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(true, forKey: .tick)
    }
  }
}
