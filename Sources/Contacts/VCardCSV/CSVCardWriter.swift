import CSV
import Foundation
public import VCardFormat

/// Writes cards as the CSV Google Contacts or Outlook imports: RFC 4180 (fields quoted when they
/// hold a separator, a quote or a line break; CRLF between records), UTF-8, with the byte-order
/// mark Excel needs to read Outlook's file as UTF-8.
///
/// The columns depend on the cards: as many `E-mail N` / `Phone N` / `Address N` columns as the
/// widest contact needs, and a column for each `X-CSV-FIELD` an import kept, under its header.
/// So a writer first `measure`s every card, then writes the header and the rows. Reading what it
/// writes gives the same cards back (for Google's layout), so an export imported again adds
/// nothing: Google's layout carries each card's UID in a custom field labelled `UID`
/// (``CSVCardReader/uidFieldLabel``), which Google's import keeps and ours reads back, so even
/// a contact that came from a vCard (whose UID no CSV column holds) is found again.
public struct CSVCardWriter: Sendable {
  public enum Flavour: String, Sendable, CaseIterable {
    /// Google Contacts' current header (`First Name`, …, `E-mail 1 - Label`, `E-mail 1 - Value`).
    case google
    /// Outlook's English header (`First Name`, …, `E-mail Address`, `Mobile Phone`, `Business Street`).
    case outlook
  }

  /// A card holds more than the measured columns: the cards changed between `measure` and
  /// `row` (the address book was edited during an export).
  public struct LayoutChanged: Error, Sendable {}

  public let flavour: Flavour
  private var counts: [CSVColumn.EntryKind: Int] = [:]
  private var keptHeaders: [String] = []
  private var keptHeaderSet: Set<String> = []
  /// Whether a card's FN is not what its name parts make, so the `Name` column is needed.
  private var needsName = false
  /// Whether a card has a UID, so Google's layout needs the custom field that carries it.
  private var needsUID = false

  public init(flavour: Flavour) {
    self.flavour = flavour
  }

  /// Widens the columns to hold `card`.
  public mutating func measure(_ card: VCard) {
    let cells = self.cells(card)
    needsName = needsName || cells.hasName
    for kind in [CSVColumn.EntryKind.email, .phone, .address, .website, .event] {
      counts[kind] = max(counts[kind] ?? 0, cells.counts[kind] ?? 0)
    }
    for (header, _) in cells.kept where keptHeaderSet.insert(header).inserted { keptHeaders.append(header) }
    needsUID = needsUID || (flavour == .google && Self.uid(of: card) != nil)
  }

  /// The header row, after the byte-order mark for Outlook.
  public var header: [UInt8] {
    (flavour == .outlook ? [0xEF, 0xBB, 0xBF] : []) + Self.record(headers)
  }

  /// The record for `card`; throws `LayoutChanged` when it needs a column `measure` did not see.
  public func row(_ card: VCard) throws -> [UInt8] {
    let cells = self.cells(card)
    let headers = self.headers
    var values = [String](repeating: "", count: headers.count)
    let index = Dictionary(
      headers.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    var uidCells: [(String, String)] = []
    if flavour == .google, let uid = Self.uid(of: card) {
      let (label, value) = uidHeaders
      uidCells = [(label, CSVCardReader.uidFieldLabel), (value, uid)]
    }
    for (header, value) in cells.values + cells.kept + uidCells {
      guard let position = index[header] else { throw LayoutChanged() }
      values[position] = value
    }
    return Self.record(values)
  }

  private static func uid(of card: VCard) -> String? {
    card.first("UID").map(\.text).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The custom field that carries the UID: the first number no kept custom field column has.
  private var uidHeaders: (label: String, value: String) {
    let taken = keptHeaders.compactMap {
      CSVCardReader.customFieldNumber($0, part: "label") ?? CSVCardReader.customFieldNumber($0, part: "value")
    }
    let number = (taken.max() ?? 0) + 1
    return ("Custom Field \(number) - Label", "Custom Field \(number) - Value")
  }

  /// Entries Outlook's fixed columns could not hold (a fourth address, a third web page), which
  /// `row` leaves out; zero for Google's layout, which grows to fit.
  public func entriesLeftOut(_ card: VCard) -> Int {
    cells(card).leftOut
  }

  // MARK: Columns

  public var headers: [String] {
    switch flavour {
    case .google: googleHeaders
    case .outlook: outlookHeaders
    }
  }

  private var googleHeaders: [String] {
    var headers = needsName ? ["Name"] : []
    headers += [
      "First Name", "Middle Name", "Last Name", "Name Prefix", "Name Suffix", "Nickname", "File As",
      "Organization Name", "Organization Title", "Organization Department", "Birthday", "Notes", "Labels",
    ]
    for number in Self.numbers(counts[.email]) { headers += ["E-mail \(number) - Label", "E-mail \(number) - Value"] }
    for number in Self.numbers(counts[.phone]) { headers += ["Phone \(number) - Label", "Phone \(number) - Value"] }
    for number in Self.numbers(counts[.address]) {
      headers += Self.googleAddressParts.map { "Address \(number) - \($0)" }
    }
    for number in Self.numbers(counts[.website]) {
      headers += ["Website \(number) - Label", "Website \(number) - Value"]
    }
    if let events = counts[.event], events > 0 {
      for number in 1...events { headers += ["Event \(number) - Label", "Event \(number) - Value"] }
    }
    headers += keptHeaders
    if needsUID { headers += [uidHeaders.label, uidHeaders.value] }
    return headers
  }

  private var outlookHeaders: [String] {
    var headers = ["First Name", "Middle Name", "Last Name", "Title", "Suffix", "Nickname"]
    headers += Self.numbers(max(3, counts[.email] ?? 0)).map { $0 == 1 ? "E-mail Address" : "E-mail \($0) Address" }
    headers += Self.outlookPhones.map(\.header)
    headers += Self.numbers(counts[.phone]).dropFirst().map { "Other Phone \($0)" }
    headers += ["Company", "Department", "Job Title"]
    for place in Self.outlookPlaces {
      headers += ["Street", "City", "State", "Postal Code", "Country/Region"].map { "\(place.header) \($0)" }
    }
    headers += ["Web Page", "Personal Web Page", "Birthday", "Anniversary", "Notes", "Categories"]
    return headers + keptHeaders
  }

  private static func numbers(_ count: Int?) -> ClosedRange<Int> {
    1...max(1, count ?? 0)
  }

  private static let googleAddressParts = [
    "Label", "Formatted", "Street", "City", "PO Box", "Region", "Postal Code", "Country", "Extended Address",
  ]

  /// Outlook's phone columns and the TYPEs that choose each, most specific first; a number no
  /// column takes goes to `Other Phone N`.
  private static let outlookPhones: [(header: String, types: [String])] = [
    ("Mobile Phone", ["cell"]), ("Home Phone", ["home"]), ("Home Phone 2", ["home"]), ("Business Phone", ["work"]),
    ("Business Phone 2", ["work"]), ("Home Fax", ["fax", "home"]), ("Business Fax", ["fax", "work"]),
    ("Pager", ["pager"]), ("Primary Phone", ["pref"]), ("Other Phone", []),
  ]

  private static let outlookPlaces: [(header: String, type: String?)] = [
    ("Business", "work"), ("Home", "home"), ("Other", nil),
  ]

  // MARK: A card's cells

  private struct Cells {
    var values: [(String, String)] = []
    var kept: [(String, String)] = []
    var counts: [CSVColumn.EntryKind: Int] = [:]
    var leftOut = 0
    var hasName = false
  }

  private func cells(_ card: VCard) -> Cells {
    var cells = Cells()
    func set(_ header: String, _ value: String) {
      if !value.isEmpty { cells.values.append((header, value)) }
    }
    let name = card.first("N")?.components.map { $0.joined(separator: " ") } ?? []
    func part(_ index: Int) -> String { name.count > index ? name[index] : "" }
    let organization = card.first("ORG")?.components.map { $0.joined(separator: ",") } ?? []
    let isGoogle = flavour == .google
    // The name as shown, when the name parts (or the organisation) would not make it again.
    let formatted = card.first("FN")?.text ?? ""
    let composed = [part(3), part(1), part(2), part(0), part(4)].filter { !$0.isEmpty }.joined(separator: " ")
    if isGoogle, !formatted.isEmpty, formatted != (composed.isEmpty ? organization.first ?? "" : composed) {
      cells.hasName = true
      set("Name", formatted)
    }
    set("First Name", part(1))
    set("Middle Name", part(2))
    set("Last Name", part(0))
    set(isGoogle ? "Name Prefix" : "Title", part(3))
    set(isGoogle ? "Name Suffix" : "Suffix", part(4))
    set(
      "Nickname", card.properties(named: "NICKNAME").flatMap { $0.components.flatMap { $0 } }.joined(separator: " ::: ")
    )
    set(isGoogle ? "Organization Name" : "Company", organization.first ?? "")
    set(isGoogle ? "Organization Department" : "Department", organization.dropFirst().first ?? "")
    set(isGoogle ? "Organization Title" : "Job Title", card.first("TITLE")?.text ?? "")
    if isGoogle { set("File As", card.first(CSVCardReader.fileAsProperty)?.text ?? "") }
    let dateText = isGoogle ? CSVDate.google : CSVDate.outlook
    set("Birthday", card.first("BDAY").map { dateText($0.value) ?? $0.text } ?? "")
    if !isGoogle {
      set("Anniversary", card.first("ANNIVERSARY").map { dateText($0.value) ?? $0.text } ?? "")
      // Outlook's CSV has no column for other dates.
      cells.leftOut += card.properties(named: "X-ABDATE").count
    }
    set("Notes", card.first("NOTE")?.text ?? "")
    let categories = card.properties(named: "CATEGORIES").flatMap { $0.components.flatMap { $0 } }.filter {
      !$0.isEmpty
    }
    if isGoogle {
      let system = card.properties(named: "X-GOOGLE-SYSTEM-GROUP").map { "* " + $0.text }
      set("Labels", (system + categories).joined(separator: " ::: "))
      googleEntries(card, into: &cells)
    } else {
      set("Categories", categories.joined(separator: ";"))
      outlookEntries(card, into: &cells)
    }
    for property in card.properties(named: "X-CSV-FIELD") {
      let parts = property.components.map { $0.joined(separator: ",") }
      if parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty { cells.kept.append((parts[0], parts[1])) }
    }
    return cells
  }

  private func googleEntries(_ card: VCard, into cells: inout Cells) {
    for (kind, propertyName, header) in [
      (CSVColumn.EntryKind.email, "EMAIL", "E-mail"), (.phone, "TEL", "Phone"), (.website, "URL", "Website"),
    ] {
      let properties = card.properties(named: propertyName)
      cells.counts[kind] = properties.count
      for (offset, property) in properties.enumerated() {
        cells.values.append(("\(header) \(offset + 1) - Label", Self.label(property).google))
        cells.values.append(("\(header) \(offset + 1) - Value", Self.value(property)))
      }
    }
    let addresses = card.properties(named: "ADR")
    cells.counts[.address] = addresses.count
    for (offset, property) in addresses.enumerated() {
      let parts = Self.addressParts(property)
      let values = [
        Self.label(property).google, Self.formattedAddress(property), parts[2], parts[3], parts[0], parts[4], parts[5],
        parts[6], parts[1],
      ]
      for (name, value) in zip(Self.googleAddressParts, values) {
        cells.values.append(("Address \(offset + 1) - \(name)", value))
      }
    }
    let events = Self.events(card)
    cells.counts[.event] = events.count
    for (offset, event) in events.enumerated() {
      cells.values.append(("Event \(offset + 1) - Label", event.label))
      cells.values.append(("Event \(offset + 1) - Value", event.value))
    }
    cells.values.removeAll { $0.1.isEmpty }
  }

  /// The dates for Google's `Event N` columns: the anniversary, then Apple's dated items
  /// (`itemN.X-ABDATE`) with their labels (`itemN.X-ABLabel`, Apple's own `_$!<Other>!$_` as
  /// `Other`).
  private static func events(_ card: VCard) -> [(label: String, value: String)] {
    var events = card.properties(named: "ANNIVERSARY").map { ("Anniversary", CSVDate.google($0.value) ?? $0.text) }
    for date in card.properties(named: "X-ABDATE") {
      let label = date.group.flatMap { group in
        card.properties.first { $0.group?.lowercased() == group.lowercased() && $0.hasName("X-ABLabel") }
      }
      var text = label?.text ?? ""
      if text.hasPrefix("_$!<"), text.hasSuffix(">!$_") { text = String(text.dropFirst(4).dropLast(4)) }
      events.append((text, CSVDate.google(date.value) ?? date.text))
    }
    return events
  }

  private func outlookEntries(_ card: VCard, into cells: inout Cells) {
    let emails = card.properties(named: "EMAIL")
    cells.counts[.email] = emails.count
    for (offset, email) in emails.enumerated() {
      cells.values.append((offset == 0 ? "E-mail Address" : "E-mail \(offset + 1) Address", Self.value(email)))
    }
    var taken: Set<String> = []
    var others = 0
    for phone in card.properties(named: "TEL") {
      let label = Self.label(phone)
      let types = Set(label.types + (label.isPreferred ? ["pref"] : []))
      let column = Self.outlookPhones.first { column in
        !column.types.isEmpty && !taken.contains(column.header) && column.types.allSatisfy(types.contains)
          && (column.types.contains("fax") || !types.contains("fax"))
      }
      if let column {
        taken.insert(column.header)
        cells.values.append((column.header, Self.value(phone)))
      } else {
        others += 1
        cells.values.append((others == 1 ? "Other Phone" : "Other Phone \(others)", Self.value(phone)))
      }
    }
    cells.counts[.phone] = others
    var places: Set<String> = []
    for address in card.properties(named: "ADR") {
      let types = Self.label(address).types
      let preferred = Self.outlookPlaces.first { $0.type.map(types.contains) ?? false }
      let candidates = (preferred.map { [$0] } ?? []) + Self.outlookPlaces.reversed()
      guard let place = candidates.first(where: { !places.contains($0.header) }) else {
        cells.leftOut += 1
        continue
      }
      places.insert(place.header)
      let parts = Self.addressParts(address)
      for (name, value) in zip(
        ["Street", "City", "State", "Postal Code", "Country/Region"], [2, 3, 4, 5, 6].map { parts[$0] })
      {
        cells.values.append(("\(place.header) \(name)", value))
      }
    }
    let urls = card.properties(named: "URL")
    for (offset, url) in urls.enumerated() {
      guard offset < 2 else {
        cells.leftOut += 1
        continue
      }
      cells.values.append((offset == 0 ? "Web Page" : "Personal Web Page", url.value))
    }
    cells.values.removeAll { $0.1.isEmpty }
  }

  // MARK: Values

  private static func label(_ property: VCardProperty) -> CSVLabel {
    var types: [String] = []
    for type in property.types where !["pref", "voice", "internet"].contains(type) && !types.contains(type) {
      types.append(type)
    }
    let isPreferred = property.types.contains("pref") || !property.parameterValues("PREF").isEmpty
    return CSVLabel(types: types, custom: property.parameterValues("X-LABEL").first, isPreferred: isPreferred)
  }

  private static func value(_ property: VCardProperty) -> String {
    if property.hasName("URL") { return property.value }
    var text = property.text
    if property.hasName("TEL"), text.lowercased().hasPrefix("tel:") { text.removeFirst(4) }
    return text
  }

  /// PO box, extended, street, city, region, postal code, country.
  private static func addressParts(_ property: VCardProperty) -> [String] {
    let parts = property.components.map { $0.joined(separator: ",") }
    return (0..<7).map { parts.count > $0 ? parts[$0] : "" }
  }

  private static func formattedAddress(_ property: VCardProperty) -> String {
    if let label = property.parameterValues("LABEL").first { return label }
    let parts = addressParts(property)
    let cityLine = [parts[5], parts[3], parts[4]].filter { !$0.isEmpty }.joined(separator: " ")
    return [parts[0], parts[1], parts[2], cityLine, parts[6]].filter { !$0.isEmpty }.joined(separator: "\n")
  }

  // MARK: Records

  /// One RFC 4180 record, CRLF-terminated, through CSV.swift's writer (which quotes a field
  /// holding the separator, a quote, CR or LF, and doubles its quotes).
  static func record(_ fields: [String]) -> [UInt8] {
    let stream = OutputStream(toMemory: ())
    stream.open()
    do {
      let writer = try CSVWriter(stream: stream, newline: .crlf)
      try writer.write(row: fields)
    } catch {
      preconditionFailure("writing to memory cannot fail: \(error)")
    }
    stream.close()
    let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
    return Array(data) + [0x0D, 0x0A]
  }
}
