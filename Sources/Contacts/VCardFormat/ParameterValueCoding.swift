/// How a parameter value is written: RFC 6868's caret escapes, and double quotes around values
/// holding `:`, `;` or `,` (RFC 6350 §5). RFC 6868 updates both 3.0 and 4.0.
enum ParameterValueCoding {
  /// `^n` is a line break, `^'` a double quote, `^^` a caret; any other caret stays as written.
  static func decode(_ written: String) -> String {
    guard written.utf8Contains(where: { $0 == .caret }) else { return written }
    var decoded = String.UnicodeScalarView()
    var scalars = written.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "^" else {
        decoded.append(scalar)
        continue
      }
      switch scalars.next() {
      case "n", "N": decoded.append("\n")
      case "'": decoded.append("\"")
      case "^": decoded.append("^")
      case let other?:
        decoded.append("^")
        decoded.append(other)
      case nil: decoded.append("^")
      }
    }
    return String(decoded)
  }

  /// The value as it goes between `=` and the next `,`, `;` or `:`.
  static func encode(_ value: String) -> String {
    let needsWork = value.utf8.contains {
      $0 == .caret || $0 == .quote || $0 == .lineFeed || $0 == .carriageReturn || $0 == .colon || $0 == .semicolon
        || $0 == .comma
    }
    guard needsWork else { return value }
    var encoded = String.UnicodeScalarView()
    var quoted = false
    var previousWasCarriageReturn = false
    for scalar in value.unicodeScalars {
      defer { previousWasCarriageReturn = scalar == "\r" }
      switch scalar {
      case "^": encoded.append(contentsOf: "^^".unicodeScalars)
      case "\"": encoded.append(contentsOf: "^'".unicodeScalars)
      case "\r": encoded.append(contentsOf: "^n".unicodeScalars)
      case "\n": if !previousWasCarriageReturn { encoded.append(contentsOf: "^n".unicodeScalars) }
      case ":", ";", ",":
        quoted = true
        encoded.append(scalar)
      default: encoded.append(scalar)
      }
    }
    return quoted ? "\"" + String(encoded) + "\"" : String(encoded)
  }
}
