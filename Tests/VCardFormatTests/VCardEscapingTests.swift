import TestSupport
import Testing
import VCardFormat

/// The escapes work on UTF-8 bytes (every escape is ASCII). Checked against their definition,
/// written here scalar by scalar as they were before, on random values full of escapes, line
/// breaks and characters of several bytes, and on the cases that tell the two apart.
@Suite struct VCardEscapingTests {
  @Test func escapingMatchesItsScalarDefinitionOnRandomValues() {
    var random = RandomCards(generator: SplitMix64(seed: 0x5EED_E5C))
    for _ in 0..<3_000 {
      let value = random.text()
      #expect(VCardEscaping.escape(value) == Definition.escape(value), "\(value.debugDescription)")
      #expect(VCardEscaping.unescape(value) == Definition.unescape(value), "\(value.debugDescription)")
      for separator: Unicode.Scalar in [";", ",", "é"] {
        #expect(VCardEscaping.split(value, at: separator) == Definition.split(value, at: separator))
      }
      #expect(VCardEscaping.unescape(VCardEscaping.escape(value)) == value.replacingCRLFWithLF)
    }
  }

  @Test func escapedCharactersOfSeveralBytesStandForThemselves() {
    #expect(VCardEscaping.unescape("caf\\é \\🙂 \\n\\N\\,\\;\\\\") == "café 🙂 \n\n,;\\")
    #expect(VCardEscaping.unescape("trailing\\") == "trailing\\")
    #expect(VCardEscaping.split("a\\;é;b\\", at: ";") == ["a\\;é", "b\\"])
    #expect(VCardEscaping.split("👍🏽;\\🙂;", at: ";") == ["👍🏽", "\\🙂", ""])
    #expect(VCardEscaping.escape("x\r\ny\rz\n, ; \\ ü") == "x\\ny\\nz\\n\\, \\; \\\\ ü")
    #expect(VCardEscaping.escape("plain ü") == "plain ü")
  }

  /// The escapes as RFC 6350 §3.4 reads, scalar by scalar.
  enum Definition {
    static func escape(_ text: String) -> String {
      var escaped = ""
      var previousWasCarriageReturn = false
      for scalar in text.unicodeScalars {
        defer { previousWasCarriageReturn = scalar == "\r" }
        switch scalar {
        case "\\": escaped += "\\\\"
        case ",": escaped += "\\,"
        case ";": escaped += "\\;"
        case "\r": escaped += "\\n"
        case "\n": if !previousWasCarriageReturn { escaped += "\\n" }
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return escaped
    }

    static func unescape(_ value: String) -> String {
      var text = ""
      var escaping = false
      for scalar in value.unicodeScalars {
        if escaping {
          text.unicodeScalars.append(scalar == "n" || scalar == "N" ? "\n" : scalar)
          escaping = false
        } else if scalar == "\\" {
          escaping = true
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
      if escaping { text += "\\" }
      return text
    }

    static func split(_ value: String, at separator: Unicode.Scalar) -> [String] {
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
}

extension String {
  /// A line break of either kind as one `\n`: what a text value's escaping keeps of it.
  fileprivate var replacingCRLFWithLF: String {
    var text = ""
    var previousWasCarriageReturn = false
    for scalar in unicodeScalars {
      defer { previousWasCarriageReturn = scalar == "\r" }
      if scalar == "\r" {
        text += "\n"
      } else if scalar == "\n" {
        if !previousWasCarriageReturn { text += "\n" }
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }
}
