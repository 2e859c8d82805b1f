/// One vCard as a value: its properties in the order they were read, nothing interpreted away.
///
/// The card is the record of truth for whatever an app does not understand: readers keep every
/// property (unknown, `X-`, grouped, binary) and writers put each one back, so an app that maps
/// a few properties to its own model can hand the rest back untouched. BEGIN and END are not
/// properties; VERSION is, so a card says which version it was read as.
public struct VCard: Hashable, Sendable, Codable {
  public var properties: [VCardProperty]

  public init(properties: [VCardProperty] = []) {
    self.properties = properties
  }

  /// The version the card declares, if it declares one this library knows.
  public var version: VCardVersion? {
    first("VERSION").flatMap { VCardVersion(rawValue: $0.value.trimmingSpaces) }
  }

  /// The properties called `name` (case-insensitive), in order.
  public func properties(named name: String) -> [VCardProperty] {
    properties.filter { $0.hasName(name) }
  }

  /// The first property called `name` (case-insensitive).
  public func first(_ name: String) -> VCardProperty? {
    properties.first { $0.hasName(name) }
  }
}

/// The versions of the format: 2.1 (the old de facto one), RFC 2426 (3.0) and RFC 6350 (4.0).
public enum VCardVersion: String, Hashable, Sendable, CaseIterable {
  case v21 = "2.1"
  case v30 = "3.0"
  case v40 = "4.0"
}

/// One content line: `group.NAME;PARAM=value,value:value`.
///
/// `value` is the text after the first unquoted colon once lines are unfolded and any
/// transfer encoding is undone (quoted-printable and its CHARSET become UTF-8 text; base64 stays
/// base64 text), with the format's backslash escapes still in it. Keeping the escaped form is
/// what makes a property the app does not understand go back out byte for byte; `text` and
/// `components` give the decoded values of the properties an app does understand.
public struct VCardProperty: Hashable, Sendable, Codable {
  /// The `itemN` of `itemN.EMAIL`: properties with one group belong together (a label, say).
  public var group: String?
  /// Upper-cased: names are case-insensitive.
  public var name: String
  public var parameters: [VCardParameter]
  public var value: String

  public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], value: String) {
    self.group = group
    self.name = name.uppercased()
    self.parameters = parameters
    self.value = value
  }

  /// A property holding one text value, escaped as the format needs.
  public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], text: String) {
    self.init(group: group, name: name, parameters: parameters, value: VCardEscaping.escape(text))
  }

  /// A structured property (N, ADR, ORG): components split by `;`, each a list split by `,`.
  public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], components: [[String]]) {
    self.init(
      group: group, name: name, parameters: parameters,
      value: components.map { $0.map(VCardEscaping.escape).joined(separator: ",") }.joined(separator: ";"))
  }

  public func hasName(_ other: String) -> Bool {
    name.caseInsensitiveEquals(other)
  }

  /// The value as one text: escapes undone (`\n` is a line break; `\,` `\;` `\\` their character).
  public var text: String { VCardEscaping.unescape(value) }

  /// The value as a URI (URL, IMPP…): as written, since a backslash may be part of one, but
  /// `\:`, Apple's and Google's escaped colon (`http\://`), is the colon it means, as the writer
  /// writes it. A URL reads the same from the card its source wrote and from ours.
  public var uri: String { VCardEscaping.unescapingColons(value) }

  /// The value split at unescaped `;` into components, each split at unescaped `,`, escapes undone.
  public var components: [[String]] {
    VCardEscaping.split(value, at: ";").map { VCardEscaping.split($0, at: ",").map(VCardEscaping.unescape) }
  }

  /// The values of the parameters called `name` (case-insensitive), all of them in order.
  public func parameterValues(_ name: String) -> [String] {
    parameters.filter { $0.name.caseInsensitiveEquals(name) }.flatMap(\.values)
  }

  /// TYPE values lower-cased, however they were written (`TYPE=WORK,voice`, repeated TYPE, or
  /// 2.1's bare `;WORK;VOICE`, which readers store as TYPE).
  public var types: [String] { parameterValues("TYPE").map { $0.lowercased() } }
}

/// One parameter: `NAME=value,value`. Names are upper-cased; values keep their case.
public struct VCardParameter: Hashable, Sendable, Codable {
  public var name: String
  public var values: [String]

  public init(name: String, values: [String]) {
    self.name = name.uppercased()
    self.values = values
  }

  public init(_ name: String, _ values: String...) {
    self.init(name: name, values: values)
  }
}

/// The format's backslash escapes (RFC 6350 §3.4), shared by the value model, reader and writer.
///
/// Every escape is ASCII, so each works on the value's UTF-8 bytes: a byte of a multi-byte
/// character is never one of them, and an escaped character's bytes are copied as they are. A
/// sync or an import runs these a hundred times per card (appending scalar by scalar cost a
/// tenth of a first download's instructions).
public enum VCardEscaping {
  /// Escapes `\`, `,`, `;` and line breaks for a text value.
  public static func escape(_ text: String) -> String {
    guard text.utf8Contains(where: { $0 == 0x5C || $0 == 0x2C || $0 == 0x3B || $0 == 0x0A || $0 == 0x0D }) else {
      return text
    }
    var escaped: [UInt8] = []
    escaped.reserveCapacity(text.utf8.count + 8)
    var previousWasCarriageReturn = false
    for byte in text.utf8 {
      defer { previousWasCarriageReturn = byte == 0x0D }
      switch byte {
      case 0x5C, 0x2C, 0x3B:
        escaped.append(0x5C)
        escaped.append(byte)
      case 0x0D:
        escaped.append(0x5C)
        escaped.append(0x6E)
      case 0x0A where !previousWasCarriageReturn:
        escaped.append(0x5C)
        escaped.append(0x6E)
      case 0x0A: break
      default: escaped.append(byte)
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }

  /// Undoes `escape`, leniently: `\n` and `\N` are line breaks, any other escaped character
  /// stands for itself (clients write `\:` in URLs), and a lone trailing backslash is kept.
  public static func unescape(_ value: String) -> String {
    guard value.utf8Contains(where: { $0 == 0x5C }) else { return value }
    var text: [UInt8] = []
    text.reserveCapacity(value.utf8.count)
    var escaping = false
    for byte in value.utf8 {
      if escaping {
        text.append(byte == 0x6E || byte == 0x4E ? 0x0A : byte)
        escaping = false
      } else if byte == 0x5C {
        escaping = true
      } else {
        text.append(byte)
      }
    }
    if escaping { text.append(0x5C) }
    return String(decoding: text, as: UTF8.self)
  }

  /// Splits an escaped value at each `separator` that is not escaped; the parts stay escaped.
  public static func split(_ value: String, at separator: Unicode.Scalar) -> [String] {
    guard separator.isASCII else { return splitScalars(value, at: separator) }
    let separator = UInt8(separator.value)
    // Without a backslash nothing is escaped: the parts are the text between the separators.
    if !value.utf8Contains(where: { $0 == 0x5C }) {
      let parts = value.utf8.withContiguousStorageIfAvailable { bytes in
        var parts: [String] = []
        var start = 0
        for index in bytes.indices where bytes[index] == separator {
          parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
          start = index + 1
        }
        parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        return parts
      }
      return parts
        ?? value.utf8.split(separator: separator, omittingEmptySubsequences: false).map { String(Substring($0)) }
    }
    var parts: [String] = []
    var current: [UInt8] = []
    var escaping = false
    for byte in value.utf8 {
      if escaping {
        current.append(byte)
        escaping = false
      } else if byte == 0x5C {
        current.append(byte)
        escaping = true
      } else if byte == separator {
        parts.append(String(decoding: current, as: UTF8.self))
        current.removeAll(keepingCapacity: true)
      } else {
        current.append(byte)
      }
    }
    parts.append(String(decoding: current, as: UTF8.self))
    return parts
  }

  /// `split` at a separator outside ASCII, scalar by scalar.
  private static func splitScalars(_ value: String, at separator: Unicode.Scalar) -> [String] {
    var parts: [String] = []
    var current = ""
    var escaping = false
    for scalar in value.unicodeScalars {
      if escaping {
        current.unicodeScalars.append(scalar)
        escaping = false
      } else if scalar == "\\" {
        current.unicodeScalars.append(scalar)
        escaping = true
      } else if scalar == separator {
        parts.append(current)
        current = ""
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    parts.append(current)
    return parts
  }
}

extension String {
  /// Whether a byte of the string's UTF-8 is one `matching` takes, read in place when the
  /// string is contiguous (a native string always is).
  @inline(__always)
  func utf8Contains(where matching: (UInt8) -> Bool) -> Bool {
    utf8.withContiguousStorageIfAvailable { buffer in buffer.contains(where: matching) }
      ?? utf8.contains(where: matching)
  }

  /// ASCII case-insensitive equality: vCard names and parameter names are ASCII.
  func caseInsensitiveEquals(_ other: String) -> Bool {
    utf8.count == other.utf8.count
      && zip(utf8, other.utf8).allSatisfy { a, b in a == b || (a | 0x20 == b | 0x20 && (a | 0x20) &- 0x61 < 26) }
  }

  /// Upper-cased, quickly when it already is (names are upper-cased when a property is made).
  var uppercasedIfNeeded: String {
    utf8.contains { $0 &- 0x61 < 26 } ? uppercased() : self
  }

  var trimmingSpaces: String {
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
