import CSV
import Foundation
public import VCardFormat

/// Reads an address-book CSV file's rows as vCard 4.0 cards, mapping columns by their headers
/// (`CSVColumn`), row by row.
///
/// Each row gives one card with its properties in one fixed order, whatever the order of the
/// columns, so the same row always gives the same card (and the same derived UID on import).
/// What a row gives:
///
/// | Columns | vCard |
/// | --- | --- |
/// | name parts (`First Name`, `Last Name`, `Title`/`Name Prefix`, …) | N, and FN made from them |
/// | `Name` / `Display Name` | FN |
/// | `Nickname` | NICKNAME |
/// | company, department, job title | ORG, TITLE |
/// | `E-mail N - Label/Value`, `E-mail 2 Address`, … | EMAIL, one per value (` ::: ` packs several) |
/// | `Phone N - …`, `Mobile Phone`, `Business Fax`, … | TEL with its TYPEs (`CSVLabel`) |
/// | `Address N - …`, `Business Street`, … | ADR (LABEL = the formatted address) |
/// | `Website N - …`, `Web Page` | URL |
/// | `Birthday`, `Anniversary` | BDAY, ANNIVERSARY (`CSVDate`; text when unreadable) |
/// | `Event N - Label/Value` | ANNIVERSARY for `Anniversary`, else `itemN.X-ABDATE` + `itemN.X-ABLabel` |
/// | `File As` | X-EVOLUTION-FILE-AS |
/// | `Labels`, `Group Membership`, `Categories` | CATEGORIES; Google's `* ` groups as X-GOOGLE-SYSTEM-GROUP |
/// | `Notes` | NOTE |
/// | `Custom Field N - Label` = `UID` and its `- Value` (what `csv-google` writes) | UID |
/// | any other column | X-CSV-FIELD:header;value |
///
/// The text is held whole (CSV address books are megabytes, not gigabytes); rows are read one
/// at a time by CSV.swift, which handles quoted separators, doubled quotes and line breaks.
public struct CSVCardReader {
  /// One row: its card, or why it was refused, and the line it starts on.
  public struct Row: Sendable, Hashable {
    public var line: Int
    public var result: Result<VCard, CSVRowError>
  }

  /// The header row as written.
  public let headers: [String]
  /// What each column holds.
  public let columns: [CSVColumn]
  /// The encoding and separator the file was read with.
  public let encoding: CSVText.Encoding
  public let delimiter: Unicode.Scalar
  private let reader: CSVReader
  private let dayFirst: Bool
  private var nextLine: Int

  /// Reads the header row; fails when there is none (an empty file).
  public init(_ text: CSVText) throws(CSVRowError) {
    delimiter = text.delimiter
    encoding = text.encoding
    guard let reader = try? CSVReader(string: text.text, hasHeaderRow: false, delimiter: delimiter),
      let headers = reader.next(), headers.contains(where: { !$0.trimmingSpaces.isEmpty })
    else { throw CSVRowError(line: 1, reason: "the file has no header row (the first line names the columns)") }
    self.reader = reader
    self.headers = headers
    columns = headers.map(CSVColumn.init(header:))
    guard columns.contains(where: { if case .unknown = $0 { false } else { true } }) else {
      let named = headers.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ")
      throw CSVRowError(
        line: 1,
        reason:
          "no column of the first line (\(named)\(headers.count > 5 ? ", …" : "")) names a contact field such as "
          + "First Name, E-mail or Phone; the first line must be the header")
    }
    let frenchHeaders: Set<String> = ["prenom", "nom", "adresse de messagerie", "societe", "tel. mobile"]
    dayFirst = headers.contains { frenchHeaders.contains(CSVColumn.fold($0)) }
    nextLine = 1 + Self.lineCount(headers)
    unclosedQuoteLine = Self.unclosedQuote(in: text.text, delimiter: delimiter)
  }

  /// The line of a quote that opens a field and is never closed: CSV.swift reads such a field
  /// to the end of the file without a word, so the rows it swallowed are found here.
  private let unclosedQuoteLine: Int?

  /// Where a quoted field opens without closing, scanning as CSV.swift reads: a quote opens a
  /// field only at its start, `""` inside is a quote, and a quote closes before a separator, a
  /// line break or the end.
  static func unclosedQuote(in text: String, delimiter: Unicode.Scalar) -> Int? {
    var line = 1
    var openedOn = 0
    var isQuoted = false
    var atFieldStart = true
    var scalars = text.unicodeScalars.makeIterator()
    var next = scalars.next()
    while let scalar = next {
      next = scalars.next()
      if scalar == "\n" || (scalar == "\r" && next != "\n") { line += 1 }
      if isQuoted {
        guard scalar == "\"" else { continue }
        if next == "\"" {
          next = scalars.next()
        } else if next == nil || next == delimiter || next == "\r" || next == "\n" {
          isQuoted = false
          atFieldStart = false
        }
      } else if scalar == "\"" && atFieldStart {
        isQuoted = true
        openedOn = line
      } else {
        atFieldStart = scalar == delimiter || scalar == "\r" || scalar == "\n"
      }
    }
    return isQuoted ? openedOn : nil
  }

  /// The headers no field is known by, in file order: their cells are kept as `X-CSV-FIELD`.
  public var unknownHeaders: [String] {
    columns.compactMap { if case .unknown(let header) = $0 { header } else { nil } }
  }

  /// The unknown headers whose cells the rows read so far kept (as `X-CSV-FIELD`), in file
  /// order: not those of empty columns, nor the custom field that holds the UID.
  public var keptHeaders: [String] {
    unknownHeaders.filter(kept.contains)
  }
  private var kept: Set<String> = []

  /// The label of the Google custom field (`Custom Field N - Label`, its value in
  /// `Custom Field N - Value`) that carries a contact's UID: `CSVCardWriter` writes it, so that
  /// a contact exported to CSV and imported again is found by its UID, whatever it came from.
  /// Google keeps custom fields, and shows this one as "UID".
  public static let uidFieldLabel = "UID"

  /// The next row that holds anything (blank rows are passed over), or nil at the end.
  public mutating func next() -> Row? {
    while let fields = reader.next() {
      let line = nextLine
      nextLine += Self.lineCount(fields)
      if fields.allSatisfy({ $0.trimmingSpaces.isEmpty }) { continue }
      if let unclosed = unclosedQuoteLine, (line..<nextLine).contains(unclosed) || unclosed < line {
        let reason =
          "the quote that opens a field on line \(unclosed) is never closed, so the rest of the file "
          + "from there is one field; close it and import again"
        return Row(line: line, result: .failure(CSVRowError(line: unclosed, reason: reason)))
      }
      let result = card(from: fields, line: line)
      if case .success(let card) = result {
        for property in card.properties(named: "X-CSV-FIELD") { kept.insert(property.components.first?.first ?? "") }
      }
      return Row(line: line, result: result)
    }
    return nil
  }

  /// The physical lines a row took: one, plus the line breaks inside its quoted fields.
  private static func lineCount(_ fields: [String]) -> Int {
    1
      + fields.reduce(0) { count, field in
        count
          + field.unicodeScalars.reduce(into: (0, false)) { state, scalar in
            if scalar == "\n" && !state.1 || scalar == "\r" { state.0 += 1 }
            state.1 = scalar == "\r"
          }.0
      }
  }

  // MARK: A row's card

  private func card(from fields: [String], line: Int) -> Result<VCard, CSVRowError> {
    if fields.count > columns.count, fields[columns.count...].contains(where: { !$0.trimmingSpaces.isEmpty }) {
      return .failure(
        CSVRowError(
          line: line,
          reason:
            "the row has \(fields.count) columns but the header names \(columns.count); is a quote or a separator missing?"
        ))
    }
    var singles: [CSVColumn.SingleField: String] = [:]
    var entries: [CSVColumn.EntrySlot: [CSVColumn.EntryPart: String]] = [:]
    var unknown: [(header: String, value: String)] = []
    for (column, cell) in zip(columns, fields) where !cell.trimmingSpaces.isEmpty {
      // Line breaks inside a cell, CRLF (Outlook) or LF, are the app's LF.
      let field = cell.unicodeScalars.contains("\r") ? cell.replacingOccurrences(of: "\r\n", with: "\n") : cell
      switch column {
      case .single(let name): if singles[name] == nil { singles[name] = field }
      case .entry(let slot, let part): entries[slot, default: [:]][part] = field
      case .unknown(let header): unknown.append((header, field))
      }
    }
    var properties = [VCardProperty(name: "VERSION", value: "4.0")]
    if let uid = Self.uid(takenFrom: &unknown) { properties.append(VCardProperty(name: "UID", text: uid)) }
    properties += names(singles)
    for slot in entries.keys.sorted() where slot.kind != .event {
      properties += entryProperties(slot, entries[slot]!)
    }
    properties += dates(singles)
    properties += events(entries, hasAnniversary: properties.contains { $0.name == "ANNIVERSARY" })
    properties += groups(singles)
    if let notes = singles[.notes] { properties.append(VCardProperty(name: "NOTE", text: notes)) }
    for (header, value) in unknown {
      properties.append(VCardProperty(name: "X-CSV-FIELD", components: [[header], [value]]))
    }
    let hasSomeone =
      properties.contains { ["N", "ORG", "EMAIL", "TEL"].contains($0.name) } || singles[.fullName] != nil
    guard hasSomeone else {
      return .failure(CSVRowError(line: line, reason: "the row has no name, organisation, e-mail or phone"))
    }
    return .success(VCard(properties: properties))
  }

  /// The UID from the custom field labelled ``uidFieldLabel``, whose two cells are then not
  /// kept as unknown ones; nil when the row has none.
  private static func uid(takenFrom unknown: inout [(header: String, value: String)]) -> String? {
    for (labelIndex, cell) in unknown.enumerated() where cell.value.trimmingSpaces == uidFieldLabel {
      guard let number = customFieldNumber(cell.header, part: "label"),
        let valueIndex = unknown.firstIndex(where: { customFieldNumber($0.header, part: "value") == number })
      else { continue }
      let uid = unknown[valueIndex].value.trimmingSpaces
      guard !uid.isEmpty else { continue }
      unknown.remove(at: max(labelIndex, valueIndex))
      unknown.remove(at: min(labelIndex, valueIndex))
      return uid
    }
    return nil
  }

  /// N of Google's `Custom Field N - Label` (`part` "label") or `- Value` ("value"), else nil.
  static func customFieldNumber(_ header: String, part: String) -> Int? {
    let key = CSVColumn.fold(header)
    let prefix = "custom field "
    let suffix = " - " + part
    guard key.hasPrefix(prefix), key.hasSuffix(suffix) else { return nil }
    return Int(key.dropFirst(prefix.count).dropLast(suffix.count))
  }

  private func names(_ singles: [CSVColumn.SingleField: String]) -> [VCardProperty] {
    var properties: [VCardProperty] = []
    let parts = [singles[.lastName], singles[.firstName], singles[.middleName], singles[.prefix], singles[.suffix]]
      .map { $0?.trimmingSpaces ?? "" }
    let composed = [parts[3], parts[1], parts[2], parts[0], parts[4]].filter { !$0.isEmpty }.joined(separator: " ")
    let organization = singles[.organization]?.trimmingSpaces ?? ""
    let fullName = singles[.fullName]?.trimmingSpaces ?? ""
    let formatted = [fullName, composed, organization].first { !$0.isEmpty } ?? ""
    properties.append(VCardProperty(name: "FN", text: formatted))
    if parts.contains(where: { !$0.isEmpty }) {
      properties.append(VCardProperty(name: "N", components: parts.map { [$0] }))
    }
    if let nickname = singles[.nickname] {
      properties.append(VCardProperty(name: "NICKNAME", components: [Self.unpacked(nickname)]))
    }
    let department = singles[.department]?.trimmingSpaces ?? ""
    if !organization.isEmpty || !department.isEmpty {
      properties.append(
        VCardProperty(name: "ORG", components: department.isEmpty ? [[organization]] : [[organization], [department]]))
    }
    if let title = singles[.jobTitle] { properties.append(VCardProperty(name: "TITLE", text: title)) }
    if let fileAs = singles[.fileAs]?.trimmingSpaces, !fileAs.isEmpty {
      properties.append(VCardProperty(name: Self.fileAsProperty, text: fileAs))
    }
    return properties
  }

  private func entryProperties(_ slot: CSVColumn.EntrySlot, _ cells: [CSVColumn.EntryPart: String]) -> [VCardProperty] {
    let label =
      cells[.label].map(CSVLabel.init(google:)) ?? CSVLabel(types: slot.types, isPreferred: slot.isPreferred)
    func parameters(first: Bool) -> [VCardParameter] {
      var parameters: [VCardParameter] = []
      if !label.types.isEmpty { parameters.append(VCardParameter(name: "TYPE", values: label.types)) }
      if label.isPreferred && first { parameters.append(VCardParameter("PREF", "1")) }
      if let custom = label.custom { parameters.append(VCardParameter("X-LABEL", custom)) }
      return parameters
    }
    guard slot.kind == .address else {
      let name = ["EMAIL", "TEL", "", "URL"][slot.kind.rank]
      return Self.unpacked(cells[.value] ?? "").filter { !$0.isEmpty }.enumerated().map { index, value in
        slot.kind == .website
          ? VCardProperty(name: name, parameters: parameters(first: index == 0), value: value)
          : VCardProperty(name: name, parameters: parameters(first: index == 0), text: value)
      }
    }
    let street = (1...3).compactMap { cells[.street(line: $0)] }.joined(separator: "\n")
    let partCells = [
      cells[.poBox], cells[.extended], street, cells[.city], cells[.region], cells[.postalCode], cells[.country],
    ]
    let parts = partCells.map { Self.unpacked($0 ?? "") }
    let formatted = Self.unpacked(cells[.formatted] ?? "")
    let count = max(formatted.count, parts.map(\.count).max() ?? 0)
    return (0..<count).compactMap { index in
      var components = parts.map { $0.count > index ? $0[index] : "" }
      let label = formatted.count > index ? formatted[index] : ""
      if components.allSatisfy(\.isEmpty) {
        guard !label.isEmpty else { return nil }
        components[2] = label
      }
      var parameters = parameters(first: index == 0)
      if !label.isEmpty { parameters.append(VCardParameter("LABEL", label)) }
      return VCardProperty(name: "ADR", parameters: parameters, components: components.map { [$0] })
    }
  }

  private func dates(_ singles: [CSVColumn.SingleField: String]) -> [VCardProperty] {
    [(CSVColumn.SingleField.birthday, "BDAY"), (.anniversary, "ANNIVERSARY")].compactMap { field, name in
      guard let cell = singles[field] else { return nil }
      if let value = CSVDate.vCardValue(cell, dayFirst: dayFirst) { return VCardProperty(name: name, value: value) }
      if CSVDate.isEmptyDate(cell) { return nil }
      return VCardProperty(name: name, parameters: [VCardParameter("VALUE", "text")], text: cell)
    }
  }

  /// Google's `Event N` columns: the first labelled `Anniversary` as ANNIVERSARY (unless an
  /// `Anniversary` column gave one), any other as Apple's `itemN.X-ABDATE` with its label in
  /// `itemN.X-ABLabel`, which Apple's Contacts and Android's (through DAVx⁵) show as dates. A
  /// date this cannot read is kept as text. The anniversary comes first wherever its column is,
  /// as an export writes it, so a file exported and imported again gives the same card.
  private func events(
    _ entries: [CSVColumn.EntrySlot: [CSVColumn.EntryPart: String]], hasAnniversary: Bool
  ) -> [VCardProperty] {
    var anniversary: [VCardProperty] = []
    var properties: [VCardProperty] = []
    var item = 0
    for slot in entries.keys.sorted() where slot.kind == .event {
      let cells = entries[slot]!
      var label = (cells[.label] ?? "").trimmingSpaces
      if label.hasPrefix("*") { label = String(label.dropFirst()).trimmingSpaces }
      for cell in Self.unpacked(cells[.value] ?? "") where !cell.isEmpty {
        let date = CSVDate.vCardValue(cell, dayFirst: dayFirst)
        if let date, !hasAnniversary, anniversary.isEmpty, label.lowercased() == "anniversary" {
          anniversary.append(VCardProperty(name: "ANNIVERSARY", value: date))
          continue
        }
        item += 1
        let group = "item\(item)"
        properties.append(
          date.map { VCardProperty(group: group, name: "X-ABDATE", value: $0) }
            ?? VCardProperty(group: group, name: "X-ABDATE", parameters: [VCardParameter("VALUE", "text")], text: cell))
        if !label.isEmpty { properties.append(VCardProperty(group: group, name: "X-ABLabel", text: label)) }
      }
    }
    return anniversary + properties
  }

  /// Where `File As` goes: Evolution's property for it, which Evolution and eGroupware read
  /// and write (vCard has none; `SORT-AS` sorts by the name's parts, not by a text like
  /// "Lovelace, Ada (Engines Ltd)").
  public static let fileAsProperty = "X-EVOLUTION-FILE-AS"

  private func groups(_ singles: [CSVColumn.SingleField: String]) -> [VCardProperty] {
    var system: [String] = []
    var categories: [String] = []
    for group in Self.unpacked(singles[.googleGroups] ?? "") {
      if group.hasPrefix("*") {
        let name = String(group.dropFirst()).trimmingSpaces
        if !name.isEmpty { system.append(name) }
      } else if !group.isEmpty {
        categories.append(group)
      }
    }
    for category in (singles[.categories] ?? "").split(separator: ";") {
      let name = String(category).trimmingSpaces
      if !name.isEmpty, !categories.contains(name) { categories.append(name) }
    }
    var properties = system.map { VCardProperty(name: "X-GOOGLE-SYSTEM-GROUP", text: $0) }
    if !categories.isEmpty { properties.append(VCardProperty(name: "CATEGORIES", components: [categories])) }
    return properties
  }

  /// A cell's values: Google packs several of one label into a cell, joined by ` ::: `.
  static func unpacked(_ cell: String) -> [String] {
    cell.components(separatedBy: " ::: ").map(\.trimmingSpaces)
  }
}

/// Why a row of a CSV file was not imported, with the line it starts on.
public struct CSVRowError: Error, Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var reason: String

  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  public var description: String { reason }
}
