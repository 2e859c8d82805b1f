import ContactsModel

/// The words of a name or company spelled with plain letters, for the search index.
///
/// Unicode builds "é" from "e" and an accent, which the index removes: "zoe" finds "Zoë". But
/// "ø", "ł", "ı", "æ", "ß" and a few others are letters of their own, with no accent to remove,
/// so "orjan" found no "Ørjan", "lodz" no "Łódź" and "yazilim" no "Yazılım", while people
/// without those keys type them that way. Each word that has one of them is held a second
/// time, folded (case and accents removed, those letters written the way people type them
/// without: "ørjan" → "orjan", "łódź" → "lodz", "strauß" → "strauss").
enum PlainSpellings {
  /// The letters with no accent to remove, lowercase, and how they are written without them.
  static let letters: [Unicode.Scalar: String] = [
    "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h",
    "ŧ": "t",
  ]

  /// The plain spellings of the words of `text` that need one, separated by spaces; empty for
  /// most names.
  static func of(_ text: String) -> String {
    var words: [UInt8] = []
    append(text, to: &words)
    return String(decoding: words, as: UTF8.self)
  }

  /// Appends the plain spellings of `text`'s words that need one to `words`, each after a
  /// space when `words` is not empty.
  static func append(_ text: String, to words: inout [UInt8]) {
    // ASCII needs none: most names and every company of the demo data but one.
    guard text.utf8.contains(where: { $0 >= 0x80 }) else { return }
    SearchTerms.forEachWord(in: text.lowercased()) { word in
      let word = String(decoding: word, as: UTF8.self)
      guard word.unicodeScalars.contains(where: { letters[$0] != nil }) else { return true }
      var plain = ""
      for scalar in ContactPosition.sortKey(for: word).unicodeScalars {
        if let replacement = letters[scalar] { plain += replacement } else { plain.unicodeScalars.append(scalar) }
      }
      if !words.isEmpty { words.append(UInt8(ascii: " ")) }
      words += plain.utf8
      return true
    }
  }
}
