extension VCard {
  /// A canonical text of what the card says about its contact: two cards that mean the same
  /// contact give the same key, and a change of any value, parameter or property gives another.
  ///
  /// Sync compares cards by this (hashed), never by their bytes, because servers rewrite what
  /// they store: Radicale re-serialises every upload with vobject (properties sorted, parameter
  /// names upper-cased, repeated TYPE parameters merged, values re-escaped, base64 re-encoded),
  /// and a card kept here as vCard 4.0 may be held there as 3.0. What the key leaves out or
  /// unifies:
  /// - PRODID, REV, VERSION, UID and PROFILE (the sync matches cards by UID, and the others say
  ///   nothing about the contact);
  /// - the order of properties, of TYPE values and of parameters; the case of names, parameter
  ///   names and TYPE values; repeated TYPE parameters and 2.1's bare types; a NICKNAME or
  ///   CATEGORIES list and one property per item;
  /// - 3.0 and 4.0 spellings: `TYPE=pref` and `PREF=n` (the rank, which 3.0 cannot hold); base64
  ///   with `ENCODING=b` and its format in TYPE, and `data:` URIs; an empty `N:;;;;` and no N;
  ///   a missing FN and the FN the writer would make;
  /// - escaping (values compared decoded), trailing empty components of N, ADR and ORG, empty
  ///   items of lists, control characters (Radicale drops them), line folding, CHARSET and
  ///   quoted-printable;
  /// - group names: `item1.EMAIL` and `item7.EMAIL` with the same label are the same.
  ///
  /// The first line names the normalisation's version: a stored hash made by another version
  /// differs, rather than matching by accident.
  public func comparisonKey() -> String {
    VCardComparison.key(of: self)
  }
}

/// The normalisation behind `VCard.comparisonKey()` and `VCardMerge`: each property as
/// canonical lines, and the card as units (a property, or the properties of one group).
enum VCardComparison {
  static let formatLine = "vcard-comparison-key 1"

  /// Properties sync never compares or merges.
  static let ignoredNames: Set<String> = ["PRODID", "REV", "VERSION", "UID", "PROFILE", "BEGIN", "END"]

  /// What travels together: one property without a group, or every property of one group.
  struct Unit {
    /// The group as the card names it, nil for a property without one.
    var group: String?
    var properties: [VCardProperty]
    /// Where the properties are in the card; empty for the FN the writer would add.
    var indices: [Int]
    /// Each property's canonical lines (a list's items one by one), sorted.
    var lines: [String]
    /// The name the unit is merged under: its property's, or a group's main property's
    /// (`item1.EMAIL` with `item1.X-ABLabel` is an EMAIL).
    var slot: String

    /// The unit's content, whatever its group is called: a property's lines, or a group's as one.
    var keys: [String] {
      group == nil ? lines : ["group(" + lines.joined(separator: "\n") + ")"]
    }
  }

  static func key(of card: VCard) -> String {
    let units = units(of: card)
    var lines: [String] = []
    lines.reserveCapacity(card.properties.count + 1)
    // Groups are labelled by their content, in sorted order, so a server renumbering them
    // changes nothing.
    let groups = units.filter { $0.group != nil }.sorted {
      $0.keys[0].utf8.lexicographicallyPrecedes($1.keys[0].utf8)
    }
    for (index, group) in groups.enumerated() {
      lines += group.lines.map { "g\(index + 1)." + $0 }
    }
    lines += units.filter { $0.group == nil }.flatMap(\.lines)
    lines.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    return ([formatLine] + lines).joined(separator: "\n") + "\n"
  }

  /// The card's units in the card's order (a group where its first property is), without the
  /// properties sync ignores, with the FN the writer would add and without an empty N.
  static func units(of card: VCard) -> [Unit] {
    var units: [Unit] = []
    var groupIndex: [String: Int] = [:]
    if card.first("FN") == nil {
      let formattedName = VersionConversion.derivedFormattedName(card)
      units.append(
        Unit(group: nil, properties: [formattedName], indices: [], lines: lines(formattedName), slot: "FN"))
    }
    for (position, property) in card.properties.enumerated() where !isIgnored(property) {
      guard let group = property.group, !group.isEmpty else {
        units.append(
          Unit(
            group: nil, properties: [property], indices: [position], lines: lines(property),
            slot: property.name.uppercasedIfNeeded))
        continue
      }
      let label = group.lowercased()
      if let index = groupIndex[label] {
        units[index].properties.append(property)
        units[index].indices.append(position)
      } else {
        groupIndex[label] = units.count
        units.append(Unit(group: group, properties: [property], indices: [position], lines: [], slot: ""))
      }
    }
    for index in units.indices where units[index].group != nil {
      units[index].lines = units[index].properties.flatMap(lines).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
      units[index].slot = mainName(of: units[index].properties)
    }
    return units
  }

  static func isIgnored(_ property: VCardProperty) -> Bool {
    let name = property.name.uppercasedIfNeeded
    if ignoredNames.contains(name) { return true }
    // 3.0 requires N, so a card without one is written with `N:;;;;`: the same as none.
    if name == "N" { return property.value.utf8.allSatisfy { $0 == .semicolon || $0 == .comma } }
    return false
  }

  /// A group's main property: its first that is not an X- property (Apple's `X-ABLabel` names
  /// an EMAIL or TEL), else its first that is not a label.
  static func mainName(of properties: [VCardProperty]) -> String {
    let main =
      properties.first { !$0.name.uppercasedIfNeeded.hasPrefix("X-") }
      ?? properties.first { !$0.hasName("X-ABLABEL") } ?? properties[0]
    return main.name.uppercasedIfNeeded
  }

  /// One property as canonical lines without its group: `NAME;PARAM=v,v;TYPE=a,b:value`; a
  /// NICKNAME or CATEGORIES list as one line per item (`NICKNAME:a,b` is `NICKNAME:a` and
  /// `NICKNAME:b`, as the writer writes it).
  static func lines(_ original: VCardProperty) -> [String] {
    let (head, shape, property) = head(original)
    let value = shape.comparedValue(property.value)
    guard shape == .textList else { return [head + ":" + value] }
    return VCardEscaping.split(value, at: ",").map { head + ":" + $0 }
  }

  /// The property's name and parameters, canonical, with its shape and 4.0 form.
  private static func head(_ original: VCardProperty) -> (String, VCardValueShape, VCardProperty) {
    // The 4.0 forms first: PREF for TYPE=pref, data: URIs for ENCODING=b, no CHARSET.
    let property = VersionConversion.converted(original, for: .v40, escaping: false)
    let shape = VCardValueShape(of: property)
    var types: [String] = []
    var isPreferred = false
    var others: [(name: String, values: [String])] = []
    for parameter in property.parameters {
      switch parameter.name.uppercasedIfNeeded {
      case "TYPE":
        for value in parameter.values where !value.isEmpty {
          let type = value.lowercased()
          if type == "pref" { isPreferred = true } else if !types.contains(type) { types.append(type) }
        }
      case "PREF":
        isPreferred = true
      case "VALUE", "CHARSET", "ENCODING":
        continue
      case let name:
        if let index = others.firstIndex(where: { $0.name == name }) {
          others[index].values += parameter.values
        } else {
          others.append((name, parameter.values))
        }
      }
    }
    if isPreferred { others.append(("PREF", ["1"])) }
    if !types.isEmpty { others.append(("TYPE", types.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })) }
    others.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    var line = property.name.uppercasedIfNeeded
    for parameter in others {
      line += ";" + parameter.name + "=" + parameter.values.map(ParameterValueCoding.encode).joined(separator: ",")
    }
    return (line, shape, property)
  }
}

extension VCardValueShape {
  /// The value in one canonical spelling: decoded and escaped again, components trimmed of
  /// trailing empty ones, base64 re-encoded.
  func comparedValue(_ written: String) -> String {
    // Control characters are dropped by the writer and by Radicale; line breaks are escapes.
    let value =
      written.utf8.contains { $0 < .space && $0 != .tab && $0 != .lineFeed && $0 != .carriageReturn }
      ? String(
        String.UnicodeScalarView(written.unicodeScalars.filter { $0 >= " " || "\t\n\r".unicodeScalars.contains($0) }))
      : written
    switch self {
    case .text, .unknown:
      return VCardEscaping.escape(VCardEscaping.unescape(value))
    case .textList:
      return Self.comparedItems(value)
    case .listComponents, .textComponents:
      return trimmedComponents(value).joined(separator: ";")
    case .uri:
      // Decoded as a text, as vobject reads a URI (and writes `tel:…\;ext=1`, `base64\,`).
      let uri = VCardEscaping.unescape(value)
      return VCardEscaping.escape(Self.canonicalDataURI(uri) ?? uri)
    case .binary:
      return Base64.canonical(Substring(value))
    case .verbatim:
      return VCardEscaping.escape(value.trimmingSpaces)
    }
  }

  /// N, ADR, ORG and GENDER's components, each canonical, without the empty ones at the end.
  func trimmedComponents(_ value: String) -> [String] {
    var components = VCardEscaping.split(value, at: ";").map { component in
      self == .textComponents
        ? VCardEscaping.escape(VCardEscaping.unescape(component)) : Self.comparedItems(component)
    }
    while components.last?.isEmpty == true { components.removeLast() }
    return components
  }

  /// A list's items, each canonical, without empty ones: an empty item says nothing, and vobject
  /// drops a trailing one (`Silicon Alley 5,` is `Silicon Alley 5` once stored).
  private static func comparedItems(_ value: String) -> String {
    // Most lists hold no escape and no empty item: they are canonical as they are.
    let bytes = value.utf8
    if !bytes.contains(where: { $0 == .backslash || $0 == .semicolon || $0 == .lineFeed || $0 == .carriageReturn }),
      bytes.first != .comma, bytes.last != .comma, !value.contains(",,")
    {
      return value
    }
    var items: [String] = []
    for item in VCardEscaping.split(value, at: ",") {
      let canonical = VCardEscaping.escape(VCardEscaping.unescape(item))
      if !canonical.isEmpty { items.append(canonical) }
    }
    return items.joined(separator: ",")
  }

  /// `data:IMAGE/JPEG;base64,<wrapped>` as `data:image/jpeg;base64,<canonical>`.
  private static func canonicalDataURI(_ uri: String) -> String? {
    guard uri.hasDataURIPrefix, let comma = uri.firstIndex(of: ",") else { return nil }
    let header = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma]
    guard header.lowercased().hasSuffix(";base64") else { return nil }
    return "data:" + header.lowercased() + "," + Base64.canonical(uri[uri.index(after: comma)...])
  }
}
