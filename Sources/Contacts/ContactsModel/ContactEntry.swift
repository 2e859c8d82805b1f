public import VCardFormat

/// One value of a list field (an email, a phone, an address, a URL): the value, its types
/// ("work", "cell"), whether it is the preferred one, and the property it was read from.
public struct ContactEntry<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
  public var value: Value
  /// Lower-cased TYPE values without "pref": "home", "work", "cell", "fax", "voice"...
  public var types: [String]
  public var isPreferred: Bool
  /// The property this entry was read from: written back as it was while value, types and
  /// preference are unchanged, and the template (group, other parameters) when they change.
  public var source: VCardProperty?

  public init(_ value: Value, types: [String] = [], isPreferred: Bool = false, source: VCardProperty? = nil) {
    self.value = value
    self.types = types
    self.isPreferred = isPreferred
    self.source = source
  }

  /// The preferred entry, else the first.
  public static func primary(of entries: [ContactEntry]) -> ContactEntry? {
    entries.first(where: \.isPreferred) ?? entries.first
  }

  /// The entry's types as a person reads them: "work, cell"; empty when it has none.
  public var typeLabel: String {
    types.filter { $0 != "internet" && $0 != "voice" && $0 != "x400" }.joined(separator: ", ")
  }

  /// The same entry without the property it came from: for comparing what a person sees.
  public var withoutSource: ContactEntry {
    var entry = self
    entry.source = nil
    return entry
  }
}

/// A postal address in the parts vCard gives it (ADR); a part with several values keeps them
/// joined by commas.
public struct PostalAddress: Hashable, Sendable, Codable {
  public var poBox: String
  public var extended: String
  public var street: String
  public var locality: String
  public var region: String
  public var postalCode: String
  public var country: String

  public init(
    poBox: String = "", extended: String = "", street: String = "", locality: String = "", region: String = "",
    postalCode: String = "", country: String = ""
  ) {
    self.poBox = poBox
    self.extended = extended
    self.street = street
    self.locality = locality
    self.region = region
    self.postalCode = postalCode
    self.country = country
  }

  /// The parts in ADR's order.
  public var parts: [String] { [poBox, extended, street, locality, region, postalCode, country] }

  public init(parts: [String]) {
    let part = { (index: Int) in index < parts.count ? parts[index] : "" }
    self.init(
      poBox: part(0), extended: part(1), street: part(2), locality: part(3), region: part(4), postalCode: part(5),
      country: part(6))
  }

  /// The address on one line, parts that are there joined by ", " ("1 Main St, Springfield, 12345").
  public var singleLine: String {
    let localityLine = [postalCode, locality].filter { !$0.isEmpty }.joined(separator: " ")
    return [poBox, extended, street, localityLine, region, country]
      .map { $0.replacingLineBreaks() }
      .filter { !$0.isEmpty }
      .joined(separator: ", ")
  }

  public var isEmpty: Bool { parts.allSatisfy(\.isEmpty) }
}

extension String {
  /// The text on one line: each run of line breaks becomes ", ".
  func replacingLineBreaks() -> String {
    guard contains(where: \.isNewline) else { return self }
    return split(whereSeparator: \.isNewline).map { $0.trimmingSpacesAround }.filter { !$0.isEmpty }
      .joined(separator: ", ")
  }
}

extension Substring {
  fileprivate var trimmingSpacesAround: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
