/// A list of strings handed to SQLite as one argument, a JSON array its `json_each` reads
/// (`x IN (SELECT value FROM json_each(?))`), instead of one bound argument each.
///
/// A sync asks about hundreds of hrefs or UIDs at a time. Bound one by one, each costs GRDB a
/// value conversion and a binding, and the statement must be compiled anew for each count (and
/// stays under SQLite's limit of 32,766 arguments only by splitting); one JSON text is always
/// the same statement. Values compare as the TEXT they are, so `IN` and `<=` behave as with
/// bound strings.
///
/// SQLite's JSON ends a string at U+0000 (`"a\u0000b"` reads as `a`), so a list holding that
/// character is refused rather than compared wrongly. None comes from a server: XML 1.0, which
/// every CardDAV answer is, cannot carry it.
enum SQLStringList {
  /// A string of the list holds U+0000.
  struct HoldsNUL: Error, CustomStringConvertible {
    var description: String {
      "a card's href, UID or name holds the character U+0000, which cannot be stored; no CardDAV server sends one"
    }
  }

  /// `strings` as a JSON array (RFC 8259 §7: a quote, a backslash and the control characters
  /// escaped, everything else as its UTF-8). Written here rather than by `JSONEncoder`, which
  /// cost a first download 4% of its instructions for this one shape.
  static func json(_ strings: some Collection<String>) throws(HoldsNUL) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    bytes.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
    for (index, string) in strings.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(0x22)
      if string.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) {
        for byte in string.utf8 {
          switch byte {
          case 0: throw HoldsNUL()
          case 0x22, 0x5C:
            bytes.append(0x5C)
            bytes.append(byte)
          case 0..<0x20:
            bytes.append(contentsOf: "\\u00".utf8)
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
          default:
            bytes.append(byte)
          }
        }
      } else {
        bytes.append(contentsOf: string.utf8)
      }
      bytes.append(0x22)
    }
    bytes.append(UInt8(ascii: "]"))
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
