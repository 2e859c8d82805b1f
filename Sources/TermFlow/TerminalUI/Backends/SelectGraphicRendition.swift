/// The SGR sequences (`CSI … m`) that give cells their look: attributes and colours.
///
/// The backend keeps the terminal's current look (its pen) between cells and between frames, so
/// a change of style sends only what changes: colours that differ and attributes added, in one
/// sequence. Turning an attribute off has no single code that is right everywhere (`22` ends
/// bold and dim alike), so it starts from `0` and sets the whole look again. Palette colours
/// take the forms `xterm-256color`'s `setaf` and `setab` write (`31`, `91`, `38;5;n`), 24-bit
/// ones `38;2;r;g;b`. Colours are written as given: the caller approximates them to what the
/// terminal shows first (``ColorDepth/approximating(_:)-(Style)``).
enum SelectGraphicRendition {
  private static let attributeCodes: [(Style.Attributes, UInt8)] = [
    (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7),
  ]

  /// Appends what turns the pen from `old` (nil when unknown) into `new`; nothing when they are
  /// the same.
  static func appendTransition(from old: Style?, to new: Style, into bytes: inout [UInt8]) {
    guard old != new else { return }
    bytes.append(contentsOf: [0x1B, 0x5B])  // ESC [
    var parameters = ParameterList()
    let resets: Bool
    if let old, old.attributes.isSubset(of: new.attributes) {
      resets = false
    } else {
      resets = true
    }
    if resets {
      if new == .plain {
        bytes.append(0x6D)  // m: the plain look, all of it
        return
      }
      parameters.append(0, to: &bytes)
    }
    let added = resets ? new.attributes : new.attributes.subtracting(old?.attributes ?? [])
    for (attribute, code) in attributeCodes where added.contains(attribute) {
      parameters.append(Int(code), to: &bytes)
    }
    if resets || old?.foreground != new.foreground {
      appendColor(new.foreground, normal: 30, bright: 90, extended: 38, skipsDefault: resets, to: &bytes, &parameters)
    }
    if resets || old?.background != new.background {
      appendColor(new.background, normal: 40, bright: 100, extended: 48, skipsDefault: resets, to: &bytes, &parameters)
    }
    bytes.append(0x6D)  // m
  }

  /// One colour's parameters; the default colour is `39`/`49`, or nothing after a reset.
  private static func appendColor(
    _ color: Color, normal: Int, bright: Int, extended: Int, skipsDefault: Bool, to bytes: inout [UInt8],
    _ parameters: inout ParameterList
  ) {
    switch color {
    case .default:
      if !skipsDefault { parameters.append(normal + 9, to: &bytes) }
    case .palette(let index) where index < 8:
      parameters.append(normal + Int(index), to: &bytes)
    case .palette(let index) where index < 16:
      parameters.append(bright + Int(index) - 8, to: &bytes)
    case .palette(let index):
      parameters.append(extended, to: &bytes)
      parameters.append(5, to: &bytes)
      parameters.append(Int(index), to: &bytes)
    case .rgb(let red, let green, let blue):
      parameters.append(extended, to: &bytes)
      parameters.append(2, to: &bytes)
      parameters.append(Int(red), to: &bytes)
      parameters.append(Int(green), to: &bytes)
      parameters.append(Int(blue), to: &bytes)
    }
  }

  /// Numbers separated by `;`, written straight into the output.
  private struct ParameterList {
    private var isEmpty = true

    mutating func append(_ number: Int, to bytes: inout [UInt8]) {
      if !isEmpty { bytes.append(0x3B) }  // ;
      isEmpty = false
      bytes.appendDecimal(number)
    }
  }
}

extension [UInt8] {
  /// Appends `number` (not negative) in decimal ASCII digits, as escape sequences take it.
  @inline(__always)
  mutating func appendDecimal(_ number: Int) {
    if number < 10 {
      append(UInt8(truncatingIfNeeded: 0x30 + number))
    } else if number < 100 {
      append(UInt8(truncatingIfNeeded: 0x30 + number / 10))
      append(UInt8(truncatingIfNeeded: 0x30 + number % 10))
    } else {
      var divisor = 100
      while divisor * 10 <= number { divisor *= 10 }
      var rest = number
      while divisor > 0 {
        append(UInt8(truncatingIfNeeded: 0x30 + rest / divisor))
        rest %= divisor
        divisor /= 10
      }
    }
  }
}
