/// abook's own data file (`~/.abook/addressbook`), read as vCards so the app imports abook users
/// through the same path as vCard files.
///
/// The file is INI-like: comments (`#`), a `[format]` section (`program=abook`, `version=`), then
/// one `[0]`, `[1]`, ... section per entry of `key=value` lines, values unescaped and on one line.
/// Each entry becomes a 4.0 card:
///
/// | abook key | vCard |
/// | --- | --- |
/// | name | FN, and N (last word as family name, the rest as given names, as abook sorts) |
/// | email (comma list) | EMAIL each, the first with PREF=1 |
/// | address, address2, city, state, zip, country | ADR;TYPE=home (address and address2 as two street lines) |
/// | phone, workphone, fax, mobile | TEL;TYPE=home, work, fax, cell |
/// | nick, url, notes | NICKNAME, URL, NOTE |
/// | anniversary (`YYYY-MM-DD`, or `--MM-DD` without a year) | ANNIVERSARY (`YYYYMMDD`, `--MMDD`) |
/// | groups (comma list) | CATEGORIES |
/// | anything else (custom fields) | X-ABOOK-KEY, the key upper-cased |
///
/// abook drops entries without a name; here they keep everything, with FN made from the nick or
/// the first email. Bytes that are not UTF-8 are read as Windows-1252 (abook writes the locale's
/// charset).
public enum AbookFile {
  /// Whether `bytes` (the start of a file is enough) look like an abook data file: a `[format]`
  /// section with `program=abook`, or abook's header comment.
  public static func isAbookFile(_ bytes: some Sequence<UInt8>) -> Bool {
    let text = decode(Array(bytes.prefix(4_096)))
    let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: " \t") }
    if lines.contains("# abook addressbook file") { return true }
    guard let format = lines.firstIndex(of: "[format]") else { return false }
    return lines[format...].dropFirst().prefix { !$0.hasPrefix("[") }.contains("program=abook")
  }

  /// One result per entry, in file order; `startLine` is the line of the entry's `[N]`.
  public static func read(_ bytes: some Sequence<UInt8>) -> [VCardReadResult] {
    var results: [VCardReadResult] = []
    var entry: [(key: String, value: String)] = []
    var entryLine: Int?
    func flush() {
      if let line = entryLine { results.append(VCardReadResult(startLine: line, result: .success(card(from: entry)))) }
      entry = []
      entryLine = nil
    }
    let text = decode(Array(bytes))
    for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let line = rawLine.trimmingCharacters(in: " \t")
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        flush()
        if line != "[format]", line.hasSuffix("]") { entryLine = index + 1 }
        continue
      }
      guard entryLine != nil, let equals = line.firstIndex(of: "=") else { continue }
      let value = String(line[line.index(after: equals)...])
      if !value.isEmpty { entry.append((String(line[..<equals]).lowercased(), value)) }
    }
    flush()
    return results
  }

  static func card(from entry: [(key: String, value: String)]) -> VCard {
    func value(_ key: String) -> String? { entry.first { $0.key == key }?.value }
    func list(_ key: String) -> [String] {
      (value(key) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
    }
    var properties = [VCardProperty(name: "VERSION", value: "4.0")]
    let emails = list("email")
    let name = value("name") ?? value("nick") ?? emails.first ?? ""
    properties.append(VCardProperty(name: "FN", text: name))
    if let fullName = value("name") {
      var words = fullName.split(separator: " ").map(String.init)
      let family = words.popLast() ?? ""
      properties.append(
        VCardProperty(name: "N", components: [[family], [words.joined(separator: " ")], [""], [""], [""]]))
    }
    for (index, email) in emails.enumerated() {
      properties.append(
        VCardProperty(name: "EMAIL", parameters: index == 0 ? [VCardParameter("PREF", "1")] : [], text: email))
    }
    let addressKeys = ["address", "address2", "city", "state", "zip", "country"]
    if addressKeys.contains(where: { value($0) != nil }) {
      let street = [value("address"), value("address2")].compactMap { $0 }
      properties.append(
        VCardProperty(
          name: "ADR", parameters: [VCardParameter("TYPE", "home")],
          components: [
            [""], [""], street.isEmpty ? [""] : street, [value("city") ?? ""], [value("state") ?? ""],
            [value("zip") ?? ""], [value("country") ?? ""],
          ]))
    }
    for (key, type) in [("phone", "home"), ("workphone", "work"), ("fax", "fax"), ("mobile", "cell")] {
      if let number = value(key) {
        properties.append(VCardProperty(name: "TEL", parameters: [VCardParameter("TYPE", type)], text: number))
      }
    }
    for (key, propertyName) in [("nick", "NICKNAME"), ("url", "URL"), ("notes", "NOTE")] {
      if let text = value(key) { properties.append(VCardProperty(name: propertyName, text: text)) }
    }
    if let anniversary = value("anniversary") { properties.append(anniversaryProperty(anniversary)) }
    let groups = list("groups")
    if !groups.isEmpty { properties.append(VCardProperty(name: "CATEGORIES", components: [groups])) }
    for (key, text) in entry where !standardKeys.contains(key) {
      let safeKey = String(key.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
      properties.append(VCardProperty(name: "X-ABOOK-" + safeKey, text: text))
    }
    return VCard(properties: properties)
  }

  /// abook's own fields; any other key is a custom field.
  static let standardKeys: Set<String> = [
    "name", "email", "address", "address2", "city", "state", "zip", "country", "phone", "workphone", "fax", "mobile",
    "nick", "url", "notes", "anniversary", "groups",
  ]

  /// abook's `YYYY-MM-DD` and `--MM-DD` as RFC 6350 dates; anything else as text.
  static func anniversaryProperty(_ day: String) -> VCardProperty {
    let digits = day.filter(\.isNumber)
    let isYearMonthDay = day.count == 10 && digits.count == 8 && day.filter { $0 == "-" }.count == 2
    let isMonthDay = day.count == 7 && day.hasPrefix("--") && digits.count == 4
    if isYearMonthDay { return VCardProperty(name: "ANNIVERSARY", value: String(digits)) }
    if isMonthDay { return VCardProperty(name: "ANNIVERSARY", value: "--" + String(digits)) }
    return VCardProperty(name: "ANNIVERSARY", parameters: [VCardParameter("VALUE", "text")], text: day)
  }

  private static func decode(_ bytes: [UInt8]) -> String {
    var bytes = bytes[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return LegacyCharset.unknown.decode(bytes) ?? ""
  }
}

extension Substring {
  func trimmingCharacters(in blanks: String) -> String {
    var slice = self
    while let first = slice.first, blanks.contains(first) { slice.removeFirst() }
    while let last = slice.last, blanks.contains(last) { slice.removeLast() }
    return String(slice)
  }
}
