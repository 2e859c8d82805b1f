/// What a property's value is, by RFC 6350 and RFC 2426: one text, a list of texts, components,
/// a URI, binary data. The shape decides how the writer escapes a value and how two values are
/// compared, whatever escaping the card's source used.
///
/// Clients escape loosely (vCard 2.1 escapes nothing but `;`, Apple writes `http\://`), and the
/// reader keeps a value as its source wrote it. The writer must not pass that on: vobject (so
/// Radicale, which re-serialises every upload with it, and khard) cuts any value it does not know
/// as structured at its first unescaped comma (`NOTE:x,y` becomes `x`) and turns an escape it does
/// not know (`\:`) into a literal backslash.
enum VCardValueShape: Equatable {
  /// One text value (FN, NOTE, TITLE, EMAIL, …): `,` `;` `\` and line breaks escaped.
  case text
  /// A comma-separated list of texts (NICKNAME, CATEGORIES).
  case textList
  /// Components separated by `;`, each a comma-separated list (N, ADR).
  case listComponents
  /// Components separated by `;`, each one text (ORG, GENDER): a comma inside one is escaped.
  case textComponents
  /// A URI (URL, IMPP, a PHOTO by reference or as a `data:` URI): never escaped.
  case uri
  /// Base64 data (`ENCODING=b` or 2.1's `BASE64`).
  case binary
  /// A syntax of its own that no tool escapes or splits (GEO: `geo:` URI or 3.0's `lat;long`).
  case verbatim
  /// X- properties and names neither RFC defines: unknown to RFC readers, plain text to vobject.
  case unknown

  init(of property: VCardProperty) {
    if property.isBase64 {
      self = .binary
      return
    }
    let valueType = property.parameterValues("VALUE").first?.lowercased()
    if valueType == "uri" || valueType == "url" {
      self = .uri
      return
    }
    let name = property.name.uppercasedIfNeeded
    if let shape = Self.byName[name] {
      self = shape
    } else if Self.uriByDefault.contains(name) {
      // A 3.0 PHOTO or KEY without ENCODING is a URI; VALUE=text makes a KEY text.
      self = valueType == "text" ? .text : .uri
    } else {
      self = .unknown
    }
  }

  private static let byName: [String: VCardValueShape] = {
    var shapes: [String: VCardValueShape] = [:]
    // RFC 6350 text (and RFC 2426's text properties that 4.0 dropped); dates, times and
    // language tags hold no character that needs escaping, so they are text too.
    for name in [
      "FN", "NOTE", "TITLE", "ROLE", "PRODID", "KIND", "UID", "EMAIL", "TEL", "LABEL", "MAILER", "SORT-STRING",
      "CLASS", "NAME", "XML", "AGENT", "BDAY", "ANNIVERSARY", "REV", "TZ", "LANG", "BIRTHPLACE", "DEATHPLACE",
      "DEATHDATE", "EXPERTISE", "HOBBY", "INTEREST", "ORG-DIRECTORY",
    ] {
      shapes[name] = .text
    }
    shapes["NICKNAME"] = .textList
    shapes["CATEGORIES"] = .textList
    shapes["N"] = .listComponents
    shapes["ADR"] = .listComponents
    shapes["ORG"] = .textComponents
    shapes["GENDER"] = .textComponents
    shapes["GEO"] = .verbatim
    for name in [
      "URL", "SOURCE", "FBURL", "CALURI", "CALADRURI", "CAPURI", "IMPP", "MEMBER", "RELATED", "CLIENTPIDMAP",
    ] {
      shapes[name] = .uri
    }
    return shapes
  }()

  /// Binary properties, which are URIs when they are not base64.
  private static let uriByDefault: Set<String> = VersionConversion.binaryProperties

  /// The value as the writer writes it: the same meaning, escaped as RFC 6350 §3.4 says, and in
  /// a form vobject reads back to that meaning. Writing an already written value changes nothing.
  /// - text: every `,` `;` `\` and line break escaped (`Müller, GF` → `Müller\, GF`), lenient
  ///   escapes undone (`\:` → `:`).
  /// - lists and components: the same for each item; the separators stay.
  /// - URIs: as written (a backslash may be part of one), but `\:`, Apple's and Google's escaped
  ///   colon (`http\://`), is `:`; commas stay (`data:` URIs need them).
  /// - unknown: lenient escapes undone and commas escaped, `;` left alone (Android's
  ///   `X-ANDROID-CUSTOM` uses it as a separator).
  /// - binary and verbatim values stay as they are.
  func writtenValue(_ value: String) -> String {
    // Most values are plain, written as they are: no backslash, no line break, and no `,` or
    // `;` but the separators of the value's own shape.
    var escapesOrBreaks = false
    var commas = false
    var semicolons = false
    for byte in value.utf8 {
      switch byte {
      case 0x5C, 0x0A, 0x0D: escapesOrBreaks = true
      case 0x2C: commas = true
      case 0x3B: semicolons = true
      default: break
      }
    }
    if !escapesOrBreaks {
      switch self {
      case .text where !commas && !semicolons, .textList where !semicolons, .listComponents,
        .textComponents where !commas:
        return value
      default: break
      }
    }
    switch self {
    case .text:
      return VCardEscaping.escape(VCardEscaping.unescape(value))
    case .textList:
      return Self.canonicalItems(value, at: ",")
    case .listComponents:
      return VCardEscaping.split(value, at: ";").map { Self.canonicalItems($0, at: ",") }.joined(separator: ";")
    case .textComponents:
      return Self.canonicalItems(value, at: ";")
    case .uri:
      return VCardEscaping.unescapingColons(value)
    case .unknown:
      return VCardEscaping.relaxed(value, escapingCommas: true)
    case .binary, .verbatim:
      return value
    }
  }

  /// Each item between unescaped `separator`s escaped as one text.
  static func canonicalItems(_ value: String, at separator: Unicode.Scalar) -> String {
    VCardEscaping.split(value, at: separator).map { VCardEscaping.escape(VCardEscaping.unescape($0)) }
      .joined(separator: String(separator))
  }
}

extension VCardProperty {
  /// Base64 data: `ENCODING=b` (3.0) or `BASE64` (2.1, bare or as ENCODING).
  var isBase64: Bool {
    parameters.contains { parameter in
      parameter.name.caseInsensitiveEquals("ENCODING")
        && parameter.values.contains { $0.caseInsensitiveEquals("b") || $0.caseInsensitiveEquals("BASE64") }
    }
  }
}

extension VCardEscaping {
  /// `\:` as `:`; every other backslash pair (`\\`, `\,`) as written.
  static func unescapingColons(_ value: String) -> String {
    guard value.utf8Contains(where: { $0 == .backslash }) else { return value }
    var written = String.UnicodeScalarView()
    var escaping = false
    for scalar in value.unicodeScalars {
      if escaping {
        escaping = false
        if scalar != ":" { written.append("\\") }
        written.append(scalar)
      } else if scalar == "\\" {
        escaping = true
      } else {
        written.append(scalar)
      }
    }
    if escaping { written.append("\\") }
    return String(written)
  }

  /// Keeps the escapes every reader knows (`\\` `\,` `\;` `\n`, `\N` written `\n`), undoes the
  /// others (`\:` is `:`), writes a lone trailing backslash as `\\`, and, when asked, escapes
  /// each unescaped comma. The meaning `unescape` gives stays the same.
  static func relaxed(_ value: String, escapingCommas: Bool) -> String {
    guard value.utf8Contains(where: { $0 == .backslash || (escapingCommas && $0 == .comma) }) else { return value }
    var written = String.UnicodeScalarView()
    var escaping = false
    for scalar in value.unicodeScalars {
      if escaping {
        escaping = false
        switch scalar {
        case "\\", ",", ";", "n":
          written.append("\\")
          written.append(scalar)
        case "N":
          written.append(contentsOf: "\\n".unicodeScalars)
        default:
          written.append(scalar)
        }
      } else if scalar == "\\" {
        escaping = true
      } else if scalar == "," && escapingCommas {
        written.append(contentsOf: "\\,".unicodeScalars)
      } else {
        written.append(scalar)
      }
    }
    if escaping { written.append(contentsOf: "\\\\".unicodeScalars) }
    return String(written)
  }
}
