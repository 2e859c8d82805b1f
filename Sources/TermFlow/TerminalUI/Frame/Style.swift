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
  // bits 0–24 foreground, 25–49 background, 50–57 attributes. A colour's 25 bits are a palette
  // index, 256 for the default, or a 24-bit colour with bit 24 set. Eight bytes: a cell's 16
  // bytes of text and its style fill its 24 without padding.
  private var bits: UInt64

  private static let colorBits: UInt64 = 25
  private static let colorMask: UInt64 = (1 << 25) - 1
  private static let rgbFlag: UInt64 = 1 << 24
  private static let attributesShift: UInt64 = 50

  public var foreground: Color {
    get { Style.color(from: bits & Style.colorMask) }
    set { bits = (bits & ~Style.colorMask) | Style.code(for: newValue) }
  }

  public var background: Color {
    get { Style.color(from: (bits >> Style.colorBits) & Style.colorMask) }
    set { bits = (bits & ~(Style.colorMask << Style.colorBits)) | (Style.code(for: newValue) << Style.colorBits) }
  }

  public var attributes: Attributes {
    get { Attributes(rawValue: UInt8(truncatingIfNeeded: bits >> Style.attributesShift)) }
    set { bits = (bits & ~(0xFF << Style.attributesShift)) | (UInt64(newValue.rawValue) << Style.attributesShift) }
  }

  /// Whether either colour is a 24-bit one (``Color/rgb(_:_:_:)``): a terminal without 24-bit
  /// colour draws it as the nearest it has.
  public var hasRGB: Bool {
    bits & (Style.rgbFlag | Style.rgbFlag << Style.colorBits) != 0
  }

  public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
    bits =
      Style.code(for: foreground) | (Style.code(for: background) << Style.colorBits)
      | (UInt64(attributes.rawValue) << Style.attributesShift)
  }

  private static func code(for color: Color) -> UInt64 {
    switch color {
    case .default: 256
    case .palette(let index): UInt64(index)
    case .rgb(let red, let green, let blue): rgbFlag | UInt64(red) << 16 | UInt64(green) << 8 | UInt64(blue)
    }
  }

  private static func color(from code: UInt64) -> Color {
    if code & rgbFlag != 0 {
      return .rgb(
        UInt8(truncatingIfNeeded: code >> 16), UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code))
    }
    return code == 256 ? .default : .palette(UInt8(truncatingIfNeeded: code))
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
