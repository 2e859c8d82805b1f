/// Turns a cut content line into a property: names upper-cased, 2.1's bare parameters named,
/// parameter values decoded (RFC 6868), and the value decoded to UTF-8 text.
///
/// After decoding, CHARSET and the transfer encodings that only describe text (QUOTED-PRINTABLE,
/// 8BIT, 7BIT) are dropped from the parameters: the value is UTF-8 now and saying otherwise
/// would be a lie to whoever writes it next. Base64 stays base64 text, with its ENCODING.
enum VCardPropertyDecoding {
  enum Problem: Error {
    case invalidUTF8
  }

  static func property(from line: VCardContentLine) -> Result<VCardProperty, Problem> {
    let nameText = LegacyCharset.unknown.decode(line.name) ?? ""
    let group: String?
    let name: String
    // The period found among the bytes, not the characters: names are ASCII, and a search by
    // character breaks the text into graphemes (a tenth of reading a card).
    if let period = nameText.utf8.firstIndex(of: UInt8(ascii: ".")) {
      group = String(decoding: nameText.utf8[..<period], as: UTF8.self)
      name = String(decoding: nameText.utf8[nameText.utf8.index(after: period)...], as: UTF8.self)
    } else {
      group = nil
      name = nameText
    }

    var parameters: [VCardParameter] = []
    var bareTypeIndex: Int?
    for raw in line.parameters {
      let values = raw.values.map { ParameterValueCoding.decode(LegacyCharset.unknown.decode($0) ?? "") }
      guard raw.name == nil else {
        parameters.append(VCardParameter(name: LegacyCharset.unknown.decode(raw.name!) ?? "", values: values))
        continue
      }
      let bare = values.joined()
      if Self.encodingNames.contains(bare.uppercased()) {
        parameters.append(VCardParameter(name: "ENCODING", values: [bare]))
      } else if let index = bareTypeIndex {
        parameters[index].values.append(bare)
      } else {
        bareTypeIndex = parameters.count
        parameters.append(VCardParameter(name: "TYPE", values: [bare]))
      }
    }

    let encoding = parameters.first { $0.name == "ENCODING" }?.values.first?.uppercased()
    let charset = parameters.first { $0.name == "CHARSET" }?.values.first.map(LegacyCharset.init(label:))
    var value: String
    switch encoding {
    case "QUOTED-PRINTABLE":
      let bytes = QuotedPrintable.decode(line.value)
      guard let text = (charset ?? .utf8).decode(bytes) ?? (charset == nil ? nil : LegacyCharset.windows1252(bytes))
      else { return .failure(.invalidUTF8) }
      value = escapingLineBreaks(text)
    case "B", "BASE64":
      guard let text = LegacyCharset.strictUTF8(line.value.filter { !$0.isBlank }) else {
        return .failure(.invalidUTF8)
      }
      value = text
    default:
      guard
        let text = (charset ?? .utf8).decode(line.value)
          ?? (charset == nil ? nil : LegacyCharset.windows1252(line.value))
      else { return .failure(.invalidUTF8) }
      value = text
    }
    parameters.removeAll { parameter in
      parameter.name == "CHARSET"
        || (parameter.name == "ENCODING"
          && parameter.values.allSatisfy { Self.textEncodings.contains($0.uppercased()) })
    }
    return .success(VCardProperty(group: group, name: name, parameters: parameters, value: value))
  }

  /// 2.1's transfer encodings, which appear bare (`;BASE64`) as often as `ENCODING=BASE64`.
  private static let encodingNames: Set<String> = ["B", "BASE64", "QUOTED-PRINTABLE", "8BIT", "7BIT"]
  private static let textEncodings: Set<String> = ["QUOTED-PRINTABLE", "8BIT", "7BIT"]

  /// Quoted-printable text may hold real line breaks (`=0D=0A`); the value model holds them as `\n`.
  private static func escapingLineBreaks(_ text: String) -> String {
    guard text.utf8Contains(where: { $0 == .lineFeed || $0 == .carriageReturn }) else { return text }
    var escaped = String.UnicodeScalarView()
    var previousWasCarriageReturn = false
    for scalar in text.unicodeScalars {
      defer { previousWasCarriageReturn = scalar == "\r" }
      switch scalar {
      case "\r": escaped.append(contentsOf: "\\n".unicodeScalars)
      case "\n": if !previousWasCarriageReturn { escaped.append(contentsOf: "\\n".unicodeScalars) }
      default: escaped.append(scalar)
      }
    }
    return String(escaped)
  }
}
