import Foundation

/// Case and accent folding of Latin text by table, giving what Foundation gives: the duplicate
/// finder folds every non-ASCII name it indexes, and Foundation's `folding(options:locale:)`
/// costs about a microsecond a name, half of finding duplicates in a million contacts.
///
/// The table holds, for each scalar below ``limit`` (ASCII, Latin-1, Latin Extended-A and -B:
/// the letters of Western, Central and Northern European names), what Foundation's folding
/// makes of it, its letters and digits as UTF-8 and anything else as a space. It is built from
/// Foundation itself when first used, so the two cannot disagree; text with any other scalar
/// (Greek, Cyrillic, CJK, or a combining accent, which joins the letter before it) is folded
/// by Foundation as before. Below the limit no scalar combines with its neighbour, so folding
/// scalar by scalar is folding the whole text (a test checks both, scalar by scalar and on
/// random texts, against Foundation).
enum LatinFolding {
  /// Scalars from here on are folded by Foundation.
  static let limit: UInt32 = 0x250

  /// The table for ``MatchKey``'s plain folding: case and accents aside, `ß` as `ss`.
  static let plain = Table(transform: plainFold)
  /// The table for its transcribed folding: German umlauts as `ae`, `oe`, `ue` first.
  static let transcribed = Table(transform: { plainFold(transcribe($0)) })

  /// Foundation's folding as the duplicate finder uses it.
  static func plainFold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .replacingOccurrences(of: "ß", with: "ss")
  }

  /// German umlauts written out, as a German writes them without the letters: "Jörg" is "Joerg".
  static func transcribe(_ text: String) -> String {
    text.lowercased().replacingOccurrences(of: "ä", with: "ae").replacingOccurrences(of: "ö", with: "oe")
      .replacingOccurrences(of: "ü", with: "ue").replacingOccurrences(of: "ß", with: "ss")
  }

  /// The sorted words of `text` folded by `table`, joined by spaces, as ``MatchKey`` compares
  /// names: `.some(nil)` when it has no word, `.none` when a scalar is past ``limit``.
  static func words(_ text: String, _ table: Table) -> String?? {
    var folded: [UInt8] = []
    folded.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      guard scalar.value < limit else { return .none }
      table.append(scalar.value, to: &folded)
    }
    var words = folded.split(separator: 0x20)
    guard !words.isEmpty else { return .some(nil) }
    // UTF-8's byte order is the scalars' order, which is how Swift orders these (NFC) strings.
    if words.count > 1 { words.sort { $0.lexicographicallyPrecedes($1) } }
    var joined: [UInt8] = []
    joined.reserveCapacity(folded.count)
    for (index, word) in words.enumerated() {
      if index > 0 { joined.append(0x20) }
      joined.append(contentsOf: word)
    }
    return .some(String(decoding: joined, as: UTF8.self))
  }

  /// Each scalar's folded bytes, one flat array with an offset per scalar.
  struct Table: Sendable {
    private let bytes: [UInt8]
    private let starts: [Int32]

    init(transform: (String) -> String) {
      var bytes: [UInt8] = []
      var starts: [Int32] = [0]
      for value in 0..<LatinFolding.limit {
        let folded = Unicode.Scalar(value).map { transform(String(Character($0))) } ?? ""
        for character in folded {
          if character.isLetter || character.isNumber {
            bytes += character.utf8
          } else {
            bytes.append(0x20)
          }
        }
        starts.append(Int32(bytes.count))
      }
      self.bytes = bytes
      self.starts = starts
    }

    /// The folded form of the scalar `value` (below ``LatinFolding/limit``) appended to `output`.
    @inline(__always)
    func append(_ value: UInt32, to output: inout [UInt8]) {
      let start = Int(starts[Int(value)])
      let end = Int(starts[Int(value) + 1])
      output.append(contentsOf: bytes[start..<end])
    }
  }
}
