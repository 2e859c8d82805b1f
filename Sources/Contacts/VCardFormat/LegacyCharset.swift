/// The CHARSETs vCard 2.1 files name, turned into Swift strings.
///
/// Only what real exports use: UTF-8, US-ASCII, and ISO-8859-1, which is decoded as its
/// superset Windows-1252 (as browsers do) because Outlook labels cp1252 text as Latin-1. An
/// unknown label is read as UTF-8 when the bytes are UTF-8, else as Windows-1252, so no text is
/// lost to a label this library has not heard of.
package enum LegacyCharset {
  case utf8
  case windows1252
  case unknown

  package init(label: String) {
    switch label.uppercased().filter({ $0 != "-" && $0 != "_" }) {
    case "UTF8", "USASCII", "ASCII": self = .utf8
    case "ISO88591", "LATIN1", "L1", "WINDOWS1252", "CP1252": self = .windows1252
    default: self = .unknown
    }
  }

  /// The text, or nil when the bytes are not in this charset (only possible for UTF-8).
  package func decode(_ bytes: some Collection<UInt8>) -> String? {
    switch self {
    case .utf8:
      return Self.strictUTF8(bytes)
    case .windows1252:
      return Self.windows1252(bytes)
    case .unknown:
      return Self.strictUTF8(bytes) ?? Self.windows1252(bytes)
    }
  }

  package static func strictUTF8(_ bytes: some Collection<UInt8>) -> String? {
    // ASCII, most of any card, is UTF-8 as it is: made without the generic validation, which
    // costs more than reading the rest of a line.
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    return String(validating: bytes, as: UTF8.self)
  }

  package static func windows1252(_ bytes: some Collection<UInt8>) -> String {
    var text = String.UnicodeScalarView()
    for byte in bytes {
      if (0x80...0x9F).contains(byte), let scalar = Unicode.Scalar(highBlock[Int(byte - 0x80)]), scalar != "\0" {
        text.append(scalar)
      } else {
        text.append(Unicode.Scalar(byte))
      }
    }
    return String(text)
  }

  /// Windows-1252's 0x80–0x9F; 0 marks the five unassigned bytes, kept as their C1 code points.
  private static let highBlock: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
    0x0178,
  ]
}
