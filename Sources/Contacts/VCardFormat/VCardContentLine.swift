/// One unfolded content line cut into its parts, still as bytes: `group.NAME;PARAM=v,v:value`.
///
/// Cutting happens on bytes so a value in a legacy CHARSET can be decoded after the parameters
/// that name the charset are known.
struct VCardContentLine {
  /// A parameter as written: `name` is nil for 2.1's bare `;WORK` or `;QUOTED-PRINTABLE`.
  struct RawParameter {
    var name: ArraySlice<UInt8>?
    var values: [ArraySlice<UInt8>]
  }

  var name: ArraySlice<UInt8>
  var parameters: [RawParameter]
  var value: ArraySlice<UInt8>

  enum Problem: Error {
    case missingColon
    case missingName
  }

  /// Cuts `line` at the first colon outside a quoted parameter value. When a quote is never
  /// closed the line is cut again with quotes taken literally, so one stray `"` costs nothing.
  static func cut(_ line: ArraySlice<UInt8>) -> Result<VCardContentLine, Problem> {
    if let cut = cut(line, honouringQuotes: true) ?? cut(line, honouringQuotes: false) {
      let name = cut.name.trimmingBlanks
      if name.isEmpty { return .failure(.missingName) }
      return .success(VCardContentLine(name: name, parameters: cut.parameters, value: cut.value))
    }
    return .failure(.missingColon)
  }

  private static func cut(_ line: ArraySlice<UInt8>, honouringQuotes: Bool) -> VCardContentLine? {
    var index = line.startIndex
    while index < line.endIndex, line[index] != .semicolon, line[index] != .colon { index += 1 }
    guard index < line.endIndex else { return nil }
    let name = line[line.startIndex..<index]
    var parameters: [RawParameter] = []
    while index < line.endIndex, line[index] == .semicolon {
      index += 1
      let nameStart = index
      while index < line.endIndex, !line[index].endsParameterName { index += 1 }
      guard index < line.endIndex else { return nil }
      let parameterName = line[nameStart..<index]
      guard line[index] == .equals else {
        if !parameterName.isEmpty { parameters.append(RawParameter(name: nil, values: [parameterName])) }
        continue
      }
      var values: [ArraySlice<UInt8>] = []
      repeat {
        index += 1
        if honouringQuotes, index < line.endIndex, line[index] == .quote {
          let valueStart = index + 1
          guard let close = line[valueStart...].firstIndex(of: .quote) else { return nil }
          values.append(line[valueStart..<close])
          index = close + 1
          while index < line.endIndex, !line[index].endsParameterValue { index += 1 }
        } else {
          let valueStart = index
          while index < line.endIndex, !line[index].endsParameterValue { index += 1 }
          values.append(line[valueStart..<index])
        }
        guard index < line.endIndex else { return nil }
      } while line[index] == .comma
      parameters.append(RawParameter(name: parameterName, values: values))
    }
    guard index < line.endIndex, line[index] == .colon else { return nil }
    return VCardContentLine(name: name, parameters: parameters, value: line[(index + 1)...])
  }

  enum TransferEncoding {
    case quotedPrintable
    case base64
    case none
  }

  /// The value's transfer encoding (`ENCODING=...` or 2.1's bare form), which decides what may
  /// continue the value on an unindented line.
  var transferEncoding: TransferEncoding {
    for parameter in parameters where parameter.name == nil || parameter.name!.equalsIgnoringCase("ENCODING") {
      for value in parameter.values {
        if value.equalsIgnoringCase("QUOTED-PRINTABLE") { return .quotedPrintable }
        if value.equalsIgnoringCase("BASE64") || (parameter.name != nil && value.equalsIgnoringCase("B")) {
          return .base64
        }
      }
    }
    return .none
  }
}

extension UInt8 {
  static let tab: UInt8 = 0x09
  static let lineFeed: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let comma: UInt8 = 0x2C
  static let period: UInt8 = 0x2E
  static let colon: UInt8 = 0x3A
  static let semicolon: UInt8 = 0x3B
  static let equals: UInt8 = 0x3D
  static let backslash: UInt8 = 0x5C
  static let caret: UInt8 = 0x5E

  var isBlank: Bool { self == .space || self == .tab }
  /// A character of base64 text (RFC 4648 alphabet and padding).
  var isBase64: Bool {
    (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self) || self == 0x2B
      || self == 0x2F || self == .equals
  }
  var endsParameterName: Bool { self == .equals || self == .semicolon || self == .colon }
  var endsParameterValue: Bool { self == .comma || self == .semicolon || self == .colon }
}

extension Collection<UInt8> {
  /// ASCII case-insensitive comparison with an ASCII string.
  func equalsIgnoringCase(_ ascii: StaticString) -> Bool {
    guard count == ascii.utf8CodeUnitCount else { return false }
    return ascii.withUTF8Buffer { expected in
      zip(self, expected).allSatisfy { a, b in a == b || (a | 0x20 == b | 0x20 && (a | 0x20) &- 0x61 < 26) }
    }
  }
}

extension ArraySlice<UInt8> {
  var trimmingBlanks: ArraySlice<UInt8> {
    var slice = self
    while let first = slice.first, first.isBlank { slice.removeFirst() }
    while let last = slice.last, last.isBlank { slice.removeLast() }
    return slice
  }
}
