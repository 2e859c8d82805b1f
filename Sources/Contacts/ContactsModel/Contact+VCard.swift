import Foundation
public import VCardFormat

extension Contact {
  /// The contact a card describes: the fields the app understands read from their properties,
  /// every other property kept as it is. `id` is the row the contact is stored in, if any.
  public init(card: VCard, id: Int64 = 0) {
    self.init(id: id, name: "")
    var formattedName: String?
    for property in card.properties {
      switch property.name {
      case "VERSION", "BEGIN", "END":
        continue
      case "UID" where uid.isEmpty:
        uid = property.text
        sources["UID"] = property
      case "FN" where formattedName == nil:
        formattedName = property.text
        sources["FN"] = property
      case "N" where sources["N"] == nil:
        nameParts = PersonName(parts: property.joinedComponents)
        sources["N"] = property
      case "NICKNAME":
        // Each NICKNAME property adds its nicknames: the writer writes a list one by one.
        nicknames += property.components.flatMap { $0 }.filter { !$0.isEmpty }
        if sources["NICKNAME"] == nil { sources["NICKNAME"] = property }
      case "ORG" where sources["ORG"] == nil:
        organization = property.joinedComponents.first ?? ""
        sources["ORG"] = property
      case "TITLE" where sources["TITLE"] == nil:
        title = property.text
        sources["TITLE"] = property
      case "NOTE" where sources["NOTE"] == nil:
        notes = property.text
        sources["NOTE"] = property
      case "CATEGORIES" where sources["CATEGORIES"] == nil:
        categories = property.components.flatMap { $0 }.filter { !$0.isEmpty }
        sources["CATEGORIES"] = property
      case "BDAY" where birthday == nil, "ANNIVERSARY" where anniversary == nil:
        let field: WritableKeyPath<Contact, PartialDate?> = property.name == "BDAY" ? \.birthday : \.anniversary
        if let date = Self.date(property) {
          self[keyPath: field] = date
          sources[property.name] = property
        } else {
          kept.append(property)
        }
      case "REV" where revision == nil:
        if let date = Self.revisionDate(property.text) { revision = date } else { kept.append(property) }
      case "EMAIL":
        emails.append(Self.entry(property, Self.textValue))
      case "TEL":
        phones.append(Self.entry(property, Self.textValue))
      case "URL":
        urls.append(Self.entry(property, Self.uriValue))
      case "ADR":
        addresses.append(Self.entry(property, Self.addressValue))
      default:
        kept.append(property)
      }
    }
    name =
      formattedName.flatMap { $0.isEmpty ? nil : $0 } ?? nonEmpty(nameParts.displayName) ?? nonEmpty(organization)
      ?? emails.first?.value ?? ""
  }

  /// The card for the contact: UID, the understood fields (each unchanged one exactly as it was
  /// read), REV, then the kept properties. The same contact always gives the same card.
  public var vCard: VCard {
    var properties: [VCardProperty] = []
    properties.reserveCapacity(kept.count + emails.count + phones.count + 12)
    func single(_ key: String, isEmpty: Bool, unchanged: (VCardProperty) -> Bool, fresh: () -> VCardProperty) {
      if let source = sources[key], unchanged(source) {
        properties.append(source)
      } else if !isEmpty {
        var property = fresh()
        if let source = sources[key] {
          property.group = source.group
          property.parameters = source.parameters.filter { $0.name != "VALUE" && $0.name != "X-APPLE-OMIT-YEAR" }
        }
        properties.append(property)
      }
    }
    if !uid.isEmpty {
      single("UID", isEmpty: false, unchanged: { $0.text == uid }) { VCardProperty(name: "UID", text: uid) }
    }
    single("FN", isEmpty: false, unchanged: { $0.text == name }) { VCardProperty(name: "FN", text: name) }
    single("N", isEmpty: nameParts.isEmpty, unchanged: { PersonName(parts: $0.joinedComponents) == nameParts }) {
      VCardProperty(name: "N", components: nameParts.parts.map(Self.values))
    }
    single(
      "NICKNAME", isEmpty: nicknames.isEmpty,
      unchanged: { $0.components.flatMap { $0 }.filter { !$0.isEmpty } == nicknames }
    ) { VCardProperty(name: "NICKNAME", components: [nicknames]) }
    single("ORG", isEmpty: organization.isEmpty, unchanged: { ($0.joinedComponents.first ?? "") == organization }) {
      let units = sources["ORG"].map { Array($0.components.dropFirst()) } ?? []
      return VCardProperty(name: "ORG", components: [[organization]] + units)
    }
    single("TITLE", isEmpty: title.isEmpty, unchanged: { $0.text == title }) {
      VCardProperty(name: "TITLE", text: title)
    }
    for email in emails {
      properties.append(Self.property("EMAIL", email, Self.textValue, value: VCardEscaping.escape(email.value)))
    }
    for phone in phones {
      properties.append(Self.property("TEL", phone, Self.textValue, value: VCardEscaping.escape(phone.value)))
    }
    for address in addresses {
      let value = VCardProperty(name: "ADR", components: address.value.parts.map(Self.values)).value
      properties.append(Self.property("ADR", address, Self.addressValue, value: value))
    }
    for url in urls { properties.append(Self.property("URL", url, Self.uriValue, value: url.value)) }
    single("BDAY", isEmpty: birthday == nil, unchanged: { Self.date($0) == birthday }) {
      VCardProperty(name: "BDAY", value: birthday?.vCard4Text ?? "")
    }
    single("ANNIVERSARY", isEmpty: anniversary == nil, unchanged: { Self.date($0) == anniversary }) {
      VCardProperty(name: "ANNIVERSARY", value: anniversary?.vCard4Text ?? "")
    }
    single(
      "CATEGORIES", isEmpty: categories.isEmpty,
      unchanged: { $0.components.flatMap { $0 }.filter { !$0.isEmpty } == categories }
    ) { VCardProperty(name: "CATEGORIES", components: [categories]) }
    single("NOTE", isEmpty: notes.isEmpty, unchanged: { $0.text == notes }) {
      VCardProperty(name: "NOTE", text: notes)
    }
    if let revision { properties.append(VCardProperty(name: "REV", value: Self.revisionText(revision))) }
    properties.append(contentsOf: kept)
    return VCard(properties: properties)
  }

  // MARK: Dates

  /// The date a BDAY or ANNIVERSARY gives: its text, without the year when Apple's
  /// `X-APPLE-OMIT-YEAR` names it (3.0 has no date without a year; Apple writes 1604-12-10).
  private static func date(_ property: VCardProperty) -> PartialDate? {
    guard var date = PartialDate(parsing: property.text) else { return nil }
    if let omitted = property.parameterValues("X-APPLE-OMIT-YEAR").first.flatMap({ Int($0) }), omitted == date.year {
      date.year = nil
    }
    return date
  }

  // MARK: Entries

  /// The entry a property gives: its value as `read` reads it, its types (lower-cased, without
  /// "pref") and whether it is preferred (4.0's PREF or 3.0's TYPE=pref).
  private static func entry<Value>(_ property: VCardProperty, _ read: (VCardProperty) -> Value) -> ContactEntry<Value> {
    let (types, isPreferred) = marks(of: property)
    return ContactEntry(read(property), types: types, isPreferred: isPreferred, source: property)
  }

  private static func marks(of property: VCardProperty) -> (types: [String], isPreferred: Bool) {
    var types: [String] = []
    var isPreferred = !property.parameterValues("PREF").isEmpty
    for type in property.types {
      if type == "pref" { isPreferred = true } else if !types.contains(type) { types.append(type) }
    }
    return (types, isPreferred)
  }

  /// EMAIL and TEL: text, a 4.0 `tel:` URI read as its number.
  private static func textValue(_ property: VCardProperty) -> String {
    var value = property.text
    if property.name == "TEL", value.lowercased().hasPrefix("tel:") { value.removeFirst(4) }
    return value
  }

  /// URL: a URI, not text: kept as written (a backslash is part of it), but for `\:`, which
  /// Apple and Google write for a colon (`VCardProperty.uri`).
  private static func uriValue(_ property: VCardProperty) -> String { property.uri }

  private static func addressValue(_ property: VCardProperty) -> PostalAddress {
    PostalAddress(parts: property.joinedComponents)
  }

  /// The property for an entry: its source while the entry reads the same from it (`read`);
  /// the source with the new value when only the value changed; else a new one with the
  /// source's group and other parameters, and the entry's types and preference.
  private static func property<Value>(
    _ name: String, _ entry: ContactEntry<Value>, _ read: (VCardProperty) -> Value, value: String
  ) -> VCardProperty {
    let original = entry.source
    if let original, marks(of: original) == (entry.types, entry.isPreferred) {
      if read(original) == entry.value { return original }
      // A 4.0 `tel:` URI is written back as the number: VALUE=uri goes with it.
      return VCardProperty(
        group: original.group, name: name,
        parameters: original.parameters.filter { $0.name != "VALUE" || name != "TEL" }, value: value)
    }
    var parameters = original?.parameters.filter { !["TYPE", "PREF", "VALUE"].contains($0.name) } ?? []
    if !entry.types.isEmpty { parameters.append(VCardParameter(name: "TYPE", values: entry.types)) }
    if entry.isPreferred { parameters.append(VCardParameter("PREF", "1")) }
    return VCardProperty(group: original?.group, name: name, parameters: parameters, value: value)
  }

  private static func values(_ part: String) -> [String] {
    part.isEmpty ? [] : [part]
  }

  // MARK: Revision

  /// `20231015T103000Z`, as RFC 6350's timestamp.
  static func revisionText(_ date: Date) -> String {
    // By arithmetic on the days since 1970 (Howard Hinnant's civil_from_days), not a Calendar:
    // a first download of 100,000 cards writes one for each. Years 1900-9999 (the rest by Calendar,
    // whose Gregorian calendar turns Julian before 1582).
    let since1970 = date.timeIntervalSince1970.rounded(.down)
    guard since1970 >= -2_208_988_800, since1970 < 253_402_300_800 else { return calendarRevisionText(date) }
    let seconds = Int64(since1970)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = seconds - days * 86_400
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    var text: [UInt8] = []
    text.reserveCapacity(16)
    func append(_ value: Int64, digits: Int) {
      var divisor: Int64 = 1
      for _ in 1..<digits { divisor *= 10 }
      var rest = value
      while divisor > 0 {
        text.append(UInt8(ascii: "0") + UInt8(rest / divisor))
        rest %= divisor
        divisor /= 10
      }
    }
    append(year, digits: 4)
    append(month, digits: 2)
    append(day, digits: 2)
    text.append(UInt8(ascii: "T"))
    append(time / 3_600, digits: 2)
    append(time % 3_600 / 60, digits: 2)
    append(time % 60, digits: 2)
    text.append(UInt8(ascii: "Z"))
    return String(decoding: text, as: UTF8.self)
  }

  private static func calendarRevisionText(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day) + "T" + two(parts.hour)
      + two(parts.minute) + two(parts.second) + "Z"
  }

  /// Reads `20231015T103000Z`, `2023-10-15T10:30:00Z`, `2023-10-15T10:30:00+02:00` and a bare date (as UTC).
  static func revisionDate(_ text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var digits: [Int] = []
    var offsetSeconds = 0
    var index = trimmed.startIndex
    var timeSeen = false
    while index < trimmed.endIndex {
      let character = trimmed[index]
      if character == "T" { timeSeen = true }
      if timeSeen, character == "+" || character == "-" {
        let sign = character == "-" ? -1 : 1
        let zone = trimmed[trimmed.index(after: index)...].filter(\.isNumber)
        guard zone.count >= 2, let hours = Int(zone.prefix(2)) else { return nil }
        let minutes = zone.count >= 4 ? Int(zone.dropFirst(2).prefix(2)) ?? 0 : 0
        offsetSeconds = sign * (hours * 3600 + minutes * 60)
        break
      }
      if let digit = character.wholeNumberValue, character.isASCII { digits.append(digit) }
      index = trimmed.index(after: index)
    }
    guard digits.count == 8 || digits.count >= 14 else { return nil }
    func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
    var parts = DateComponents()
    parts.year = number(0..<4)
    parts.month = number(4..<6)
    parts.day = number(6..<8)
    if digits.count >= 14 {
      parts.hour = number(8..<10)
      parts.minute = number(10..<12)
      parts.second = number(12..<14)
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    guard let date = calendar.date(from: parts) else { return nil }
    return date.addingTimeInterval(TimeInterval(-offsetSeconds))
  }
}

extension ContactEntry {
  /// The entry with its value changed by `transform`, types, preference and source kept.
  public func map<Other: Hashable & Sendable & Codable>(_ transform: (Value) -> Other) -> ContactEntry<Other> {
    ContactEntry<Other>(transform(value), types: types, isPreferred: isPreferred, source: source)
  }
}

extension VCardProperty {
  /// The components, each one's values joined by ",": each component's escapes undone. The
  /// same as splitting it at its unescaped commas, undoing each part's escapes and joining the
  /// parts with "," (no escape spans an unescaped comma), without a string for each part: a
  /// first download reads N and ORG of every card.
  var joinedComponents: [String] { VCardEscaping.split(value, at: ";").map(VCardEscaping.unescape) }
}

private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
