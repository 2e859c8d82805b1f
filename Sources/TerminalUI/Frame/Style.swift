/// How a cell looks: colours and attributes.
public struct Style: Hashable, Sendable, CustomStringConvertible {
  /// Text attributes a terminal can combine.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let italic = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let reverse = Attributes(rawValue: 1 << 4)
  }

  // Packed into one word so that comparing cells (the renderer's diff) is integer compares:
  // bits 0–8 foreground, 9–17 background (palette index, or 256 for the default), 18–25
  // attributes.
  private var bits: UInt32

  public var foreground: Color {
    get { Style.color(from: bits & 0x1FF) }
    set { bits = (bits & ~0x1FF) | Style.code(for: newValue) }
  }

  public var background: Color {
    get { Style.color(from: (bits >> 9) & 0x1FF) }
    set { bits = (bits & ~(0x1FF << 9)) | (Style.code(for: newValue) << 9) }
  }

  public var attributes: Attributes {
    get { Attributes(rawValue: UInt8(truncatingIfNeeded: bits >> 18)) }
    set { bits = (bits & ~(0xFF << 18)) | (UInt32(newValue.rawValue) << 18) }
  }

  public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
    bits = Style.code(for: foreground) | (Style.code(for: background) << 9) | (UInt32(attributes.rawValue) << 18)
  }

  private static func code(for color: Color) -> UInt32 {
    switch color {
    case .default: 256
    case .palette(let index): UInt32(index)
    }
  }

  private static func color(from code: UInt32) -> Color {
    code == 256 ? .default : .palette(UInt8(truncatingIfNeeded: code))
  }

  /// The terminal's default look.
  public static let plain = Style()

  public func foreground(_ color: Color) -> Style { with { $0.foreground = color } }
  public func background(_ color: Color) -> Style { with { $0.background = color } }
  public func adding(_ attributes: Attributes) -> Style { with { $0.attributes.formUnion(attributes) } }
  public var bold: Style { adding(.bold) }
  public var dim: Style { adding(.dim) }
  public var italic: Style { adding(.italic) }
  public var underline: Style { adding(.underline) }
  public var reverse: Style { adding(.reverse) }

  private func with(_ change: (inout Style) -> Void) -> Style {
    var copy = self
    change(&copy)
    return copy
  }

  /// A compact description for snapshots: `bold reverse fg=red bg=blue`, or `plain`.
  public var description: String {
    var parts: [String] = []
    let names: [(Attributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse"),
    ]
    for (attribute, name) in names where attributes.contains(attribute) { parts.append(name) }
    if foreground != .default { parts.append("fg=\(foreground)") }
    if background != .default { parts.append("bg=\(background)") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}
