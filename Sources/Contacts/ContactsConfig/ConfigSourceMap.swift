/// Where each table and key of a TOML text starts, so that a problem found after parsing (an
/// unknown key, a wrong value) is reported at its line and column: TOMLKit gives places only
/// for syntax errors.
///
/// It reads table headers (`[keys.list]`) and `key =` lines, dotted and quoted keys included;
/// a key it cannot place (inside an inline table, say) is reported without a place.
struct ConfigSourceMap {
  private var places: [String: (line: Int, column: Int)] = [:]

  init(_ text: String) {
    var table: [String] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let indent = line.prefix { $0 == " " || $0 == "\t" }.count
      let content = line.dropFirst(indent)
      guard let first = content.first, first != "#" else { continue }
      if first == "[" {
        let opening = content.hasPrefix("[[") ? 2 : 1
        guard let header = Self.keyPath(content.dropFirst(opening), until: "]") else { continue }
        table = header.path
        record(table, line: index + 1, column: indent + opening + header.offset + 1)
      } else if let key = Self.keyPath(content, until: "=") {
        record(table + key.path, line: index + 1, column: indent + key.offset + 1)
      }
    }
  }

  /// The line and column where `path` (a table's or a key's) first appears.
  func place(of path: [String]) -> (line: Int, column: Int)? {
    places[path.joined(separator: "\u{1F}")]
  }

  private mutating func record(_ path: [String], line: Int, column: Int) {
    let key = path.joined(separator: "\u{1F}")
    if places[key] == nil { places[key] = (line, column) }
  }

  /// The dotted key at the start of `text`, up to `end` (`=` or `]`), with how far into `text`
  /// it starts; nil when `text` is not that.
  private static func keyPath(_ text: Substring, until end: Character) -> (path: [String], offset: Int)? {
    var parts: [String] = []
    var current = ""
    var quote: Character?
    var offset: Int?
    for (index, character) in text.enumerated() {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
        continue
      }
      switch character {
      case "\"", "'":
        quote = character
        offset = offset ?? index
      case ".":
        parts.append(current.trimmingSpaces)
        current = ""
      case end:
        parts.append(current.trimmingSpaces)
        guard let offset, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        return (parts, offset)
      case " ", "\t":
        current.append(character)
      default:
        guard character.isLetter || character.isNumber || character == "-" || character == "_" else { return nil }
        offset = offset ?? index
        current.append(character)
      }
    }
    return nil
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
