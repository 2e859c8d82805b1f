/// What the writer changes in a card so the output is valid for the version it writes: FN and
/// N (always written), parameters that belong to 2.1 only, the two forms of binary values, and
/// each value escaped as its shape needs (`VCardValueShape`).
enum VersionConversion {
  /// The properties that binary values belong to in 3.0 (`ENCODING=b;TYPE=<format>`) and are
  /// `data:` URIs in 4.0.
  static let binaryProperties: Set<String> = ["PHOTO", "LOGO", "SOUND", "KEY"]

  /// The card's properties as the writer puts them after VERSION.
  static func properties(of card: VCard, for version: VCardVersion) -> [VCardProperty] {
    var properties: [VCardProperty] = []
    properties.reserveCapacity(card.properties.count + 2)
    if card.first("FN") == nil { properties.append(derivedFormattedName(card)) }
    // N goes right after FN, where a card that has one keeps it, so a card read back and
    // written again comes out the same. 3.0 requires it; 4.0 does not, but a server that hands
    // a 4.0 card to 3.0 clients (Cyrus converts) passes on what it got, and a 3.0 card without N
    // is refused (Cyrus: 403 valid-address-data) or dropped by the clients that need it.
    var needsName = card.first("N") == nil
    if needsName && properties.count == 1 {
      properties.append(VCardProperty(name: "N", value: ";;;;"))
      needsName = false
    }
    for property in card.properties
    where !property.hasName("VERSION") && !property.hasName("BEGIN") && !property.hasName("END")
      && !property.hasName("PROFILE")
    {
      let written = converted(property, for: version)
      if written.hasName("NICKNAME") {
        properties += nicknamesOneByOne(written)
      } else {
        properties.append(written)
      }
      if needsName && property.hasName("FN") {
        properties.append(VCardProperty(name: "N", value: ";;;;"))
        needsName = false
      }
    }
    return properties
  }

  /// `NICKNAME:Jo,JJ` as `NICKNAME:Jo` and `NICKNAME:JJ`, each with the group and parameters:
  /// both versions allow any number of NICKNAME properties, and vobject (Radicale, khard) keeps
  /// only the first nickname of a list. Empty items go; a property with none stays as it is.
  static func nicknamesOneByOne(_ property: VCardProperty) -> [VCardProperty] {
    let items = VCardEscaping.split(property.value, at: ",").filter { !$0.isEmpty }
    guard items.count > 1 else { return [property] }
    return items.map { item in
      var nickname = property
      nickname.value = item
      return nickname
    }
  }

  /// FN from N (prefix, given, additional, family, suffix), else the first ORG, else the first
  /// EMAIL, else empty (which RFC 6350 allows).
  static func derivedFormattedName(_ card: VCard) -> VCardProperty {
    var name = ""
    if let n = card.first("N") {
      let parts = n.components
      name = [3, 1, 2, 0, 4].filter { $0 < parts.count }.flatMap { parts[$0] }.filter { !$0.isEmpty }
        .joined(separator: " ")
    }
    if name.isEmpty, let organization = card.first("ORG")?.components.first?.first { name = organization }
    if name.isEmpty, let email = card.first("EMAIL")?.text { name = email }
    return VCardProperty(name: "FN", text: name)
  }

  /// `escaping`: also write the value as its shape needs (the comparison key, which decodes
  /// values itself, does without).
  static func converted(_ original: VCardProperty, for version: VCardVersion, escaping: Bool = true) -> VCardProperty {
    var property = original
    property.parameters.removeAll { parameter in
      parameter.name.caseInsensitiveEquals("CHARSET")
        || (parameter.name.caseInsensitiveEquals("ENCODING")
          && parameter.values.allSatisfy { ["QUOTED-PRINTABLE", "8BIT", "7BIT"].contains($0.uppercased()) })
    }
    let isBase64 = property.isBase64
    // A data: URI never holds a backslash: one written through vobject (khard) has its comma
    // escaped as text (`data:image/png;base64\,iVBOR…`), which no reader takes for a URI.
    if binaryProperties.contains(property.name.uppercasedIfNeeded), !isBase64, property.value.hasDataURIPrefix,
      property.value.utf8.contains(.backslash)
    {
      property.value = VCardEscaping.unescape(property.value)
    }
    convertPreference(&property, for: version)
    switch version {
    case .v40 where isBase64:
      toDataURI(&property)
    case .v30, .v21:
      if isBase64, property.value.hasDataURIPrefix {
        fromDataURI(&property, replacingFormat: true)
      } else if isBase64 {
        for index in property.parameters.indices where property.parameters[index].name.caseInsensitiveEquals("ENCODING")
        {
          property.parameters[index].values = ["b"]
        }
      } else if binaryProperties.contains(property.name.uppercasedIfNeeded) {
        fromDataURI(&property, replacingFormat: false)
      }
    default:
      break
    }
    if escaping { property.value = VCardValueShape(of: property).writtenValue(property.value) }
    return property
  }

  /// The preferred mark as each version writes it: 4.0's `PREF=1` parameter, 3.0's (and 2.1's)
  /// `TYPE=pref`. A 4.0 PREF of another rank is kept for 4.0 and is `pref` in 3.0.
  private static func convertPreference(_ property: inout VCardProperty, for version: VCardVersion) {
    switch version {
    case .v40:
      var hadTypePref = false
      for index in property.parameters.indices where property.parameters[index].name == "TYPE" {
        let before = property.parameters[index].values.count
        property.parameters[index].values.removeAll { $0.caseInsensitiveEquals("pref") }
        hadTypePref = hadTypePref || property.parameters[index].values.count != before
      }
      guard hadTypePref else { return }
      property.parameters.removeAll { $0.name == "TYPE" && $0.values.isEmpty }
      if !property.parameters.contains(where: { $0.name == "PREF" }) {
        property.parameters.append(VCardParameter("PREF", "1"))
      }
    case .v30, .v21:
      guard property.parameters.contains(where: { $0.name == "PREF" }) else { return }
      property.parameters.removeAll { $0.name == "PREF" }
      if let index = property.parameters.firstIndex(where: { $0.name == "TYPE" }) {
        if !property.parameters[index].values.contains(where: { $0.caseInsensitiveEquals("pref") }) {
          property.parameters[index].values.append("pref")
        }
      } else {
        property.parameters.append(VCardParameter("TYPE", "pref"))
      }
    }
  }

  /// `PHOTO;ENCODING=b;TYPE=JPEG:...` → `PHOTO:data:image/jpeg;base64,...`.
  private static func toDataURI(_ property: inout VCardProperty) {
    property.parameters.removeAll {
      $0.name.caseInsensitiveEquals("ENCODING") || $0.name.caseInsensitiveEquals("VALUE")
    }
    var format: String?
    if binaryProperties.contains(property.name.uppercasedIfNeeded),
      let index = property.parameters.firstIndex(where: { $0.name.caseInsensitiveEquals("TYPE") && !$0.values.isEmpty })
    {
      format = property.parameters[index].values.removeFirst()
      if property.parameters[index].values.isEmpty { property.parameters.remove(at: index) }
    }
    // A base64 value that is already a data: URI (seen in the wild) keeps its own media type.
    guard !property.value.hasDataURIPrefix else { return }
    let isImage = property.name.caseInsensitiveEquals("PHOTO") || property.name.caseInsensitiveEquals("LOGO")
    let mediaType = mediaType(
      of: property.name.uppercased(), format: format ?? (isImage ? sniffedFormat(property.value) : nil))
    property.value = "data:\(mediaType);base64,\(property.value)"
  }

  /// `PHOTO:data:image/jpeg;base64,...` → `PHOTO;ENCODING=b;TYPE=JPEG:...`; other URIs stay.
  ///
  /// `replacingFormat`: the property already says ENCODING=b and TYPE=<format> (a broken card
  /// that also put a data: URI in the value); those give way to the URI's.
  private static func fromDataURI(_ property: inout VCardProperty, replacingFormat: Bool) {
    let value = property.value
    guard value.hasDataURIPrefix, let comma = value.firstIndex(of: ",") else { return }
    let header = value[value.index(value.startIndex, offsetBy: 5)..<comma]
    let headerParts = header.split(separator: ";", omittingEmptySubsequences: false)
    guard headerParts.count > 1, headerParts.last!.lowercased() == "base64" else { return }
    property.parameters.removeAll {
      $0.name.caseInsensitiveEquals("VALUE") || $0.name.caseInsensitiveEquals("MEDIATYPE")
        || $0.name.caseInsensitiveEquals("ENCODING")
        || (replacingFormat && $0.name.caseInsensitiveEquals("TYPE"))
    }
    var added = [VCardParameter("ENCODING", "b")]
    if let format = format(ofMediaType: String(headerParts[0])) { added.append(VCardParameter("TYPE", format)) }
    property.parameters.insert(contentsOf: added, at: 0)
    property.value = String(value[value.index(after: comma)...])
  }

  /// The image format of a base64 PHOTO that does not say it (Mac exports `PHOTO;BASE64:`),
  /// from the first bytes of the image.
  static func sniffedFormat(_ base64: String) -> String? {
    if base64.hasPrefix("/9j/") { return "JPEG" }
    if base64.hasPrefix("iVBORw0KGgo") { return "PNG" }
    if base64.hasPrefix("R0lGOD") { return "GIF" }
    return nil
  }

  /// The media type for a 3.0 format name: `JPEG` on a PHOTO is `image/jpeg`.
  static func mediaType(of propertyName: String, format: String?) -> String {
    guard let format, !format.isEmpty else { return "application/octet-stream" }
    let lower = format.lowercased()
    if lower.contains("/") { return lower }
    switch propertyName {
    case "PHOTO", "LOGO": return "image/" + (lower == "jpg" ? "jpeg" : lower)
    case "SOUND": return "audio/" + lower
    case "KEY" where lower == "pgp": return "application/pgp-keys"
    case "KEY" where lower == "x509": return "application/x-x509-ca-cert"
    default: return "application/" + lower
    }
  }

  /// The 3.0 format name for a media type: `image/jpeg` is `JPEG`.
  static func format(ofMediaType mediaType: String) -> String? {
    let lower = mediaType.lowercased()
    switch lower {
    case "", "application/octet-stream": return nil
    case "application/pgp-keys": return "PGP"
    case "application/x-x509-ca-cert", "application/pkix-cert": return "X509"
    default:
      guard let slash = lower.firstIndex(of: "/") else { return lower.uppercased() }
      return String(lower[lower.index(after: slash)...]).uppercased()
    }
  }
}

extension String {
  var hasDataURIPrefix: Bool {
    utf8.count > 5 && String(prefix(5)).caseInsensitiveEquals("data:")
  }
}
