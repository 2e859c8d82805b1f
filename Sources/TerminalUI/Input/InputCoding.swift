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

/// `{"key":"a"}`, `{"paste":"text"}` or `{"terminalMode":2026,"supported":true}`.
extension InputEvent: Codable {
  private enum CodingKeys: String, CodingKey { case key, paste, terminalMode, supported }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let key = try container.decodeIfPresent(Key.self, forKey: .key) {
      self = .key(key)
    } else if let text = try container.decodeIfPresent(String.self, forKey: .paste) {
      self = .paste(text)
    } else if let mode = try container.decodeIfPresent(Int.self, forKey: .terminalMode) {
      guard let mode = TerminalMode(rawValue: mode) else {
        throw DecodingError.dataCorruptedError(
          forKey: .terminalMode, in: container, debugDescription: "Unknown terminal mode \(mode)")
      }
      self = .terminalMode(mode, supported: try container.decode(Bool.self, forKey: .supported))
    } else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Expected key, paste or terminalMode"))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .key(let key): try container.encode(key, forKey: .key)
    case .paste(let text): try container.encode(text, forKey: .paste)
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
