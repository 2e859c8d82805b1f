import ContactsModel

/// The words of a search, folded and split the way the search index splits text (SQLite's
/// unicode61 tokenizer, diacritics removed), and the test of a contact against them: every word
/// starts some word of the name, email, company, or the extra words the index holds for the
/// contact (its phone's words and the plain spellings of its name and company:
/// `ExtraSearchWords`).
///
/// A search that reads as a phone number ("+8 600 4", "(555) 123-45") is one word, its digits:
/// they start one of the phone words of the numbers it is the start of a group of.
struct SearchTerms: Sendable {
  /// The folded words, as UTF-8, without duplicates.
  let words: [[UInt8]]
  /// Whether the search reads as a phone number (then `words` is its digits).
  let isNumber: Bool

  /// Nil when `query` has no words.
  init?(_ query: String) {
    if let digits = PhoneWords.digits(ofQuery: query) {
      words = [digits]
      isNumber = true
      return
    }
    isNumber = false
    var words: [[UInt8]] = []
    Self.forEachWord(in: ContactPosition.sortKey(for: query)) { word in
      let word = Array(word)
      // At most 64 words (a bit each when matching); a longer query is cut there.
      if !words.contains(word) && words.count < 64 { words.append(word) }
      return true
    }
    guard !words.isEmpty else { return nil }
    self.words = words
  }

  /// The FTS5 query: every word as a quoted prefix (a word has no quotes, so none to escape).
  var pattern: String { Self.pattern(words) }

  /// A query the search index streams in rowid order, for contacts that may match: every word
  /// cut to its first `characters` characters, the longest prefix the index keeps a list of
  /// contacts for (its `prefix` option). SQLite answers a longer prefix by gathering every
  /// posting of every word that starts with it before the first row comes out. One-character
  /// words are left out when there are longer ones: they match so many contacts that stepping
  /// through their lists costs more than testing the few contacts the others give.
  ///
  /// `whole` names a word that is kept whole, whatever its length, and then every word is kept
  /// (see `ContactStore.search`).
  /// `isExact` is true when every word is in the query whole: the contacts it gives are the
  /// matches.
  ///
  /// A number's digits are always kept whole: phone words are nearly all different (one per
  /// contact and group), so the postings gathered for any prefix of four digits or more are
  /// about as many as its matches, a few thousand at most at 10M contacts, where its first three
  /// digits would give tens of thousands of candidates to test.
  func candidates(indexedPrefix characters: Int, keepingWhole whole: Int? = nil) -> (pattern: String, isExact: Bool) {
    if isNumber { return (pattern, true) }
    var isExact = true
    let hasLongerWords = whole == nil && words.contains { Self.characterCount($0) > 1 }
    var kept: [[UInt8]] = []
    for (number, word) in words.enumerated() {
      guard number != whole else {
        kept.append(word)
        continue
      }
      let count = Self.characterCount(word)
      if count > characters {
        // Up to the first byte of the character after the first `characters`.
        var seen = 0
        kept.append(
          Array(
            word.prefix { byte in
              if byte & 0xC0 != 0x80 { seen += 1 }
              return seen <= characters
            }))
        isExact = false
      } else if count == 1 && hasLongerWords {
        isExact = false
      } else {
        kept.append(word)
      }
    }
    return (Self.pattern(kept), isExact)
  }

  private static func characterCount(_ word: [UInt8]) -> Int {
    word.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
  }

  private static func pattern(_ words: [[UInt8]]) -> String {
    words.map { "\"\(String(decoding: $0, as: UTF8.self))\"*" }.joined(separator: " ")
  }

  /// Calls `body` with each word of `text` (maximal runs of letters, digits and private-use
  /// characters, as UTF-8) until it returns false.
  static func forEachWord(in text: String, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool) {
    var text = text
    text.withUTF8 { forEachWord(in: $0, body) }
  }

  static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool) {
    var start: Int? = nil
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let (isWordCharacter, length) = classify(bytes, at: index)
      if isWordCharacter {
        if start == nil { start = index }
      } else if let wordStart = start {
        if !body(bytes[wordStart..<index]) { return }
        start = nil
      }
      index += length
    }
    if let wordStart = start { _ = body(bytes[wordStart..<bytes.endIndex]) }
  }

  /// Whether the character at `index` belongs in a word, and its length in bytes.
  static func classify(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Bool, Int) {
    let lead = bytes[index]
    if lead < 0x80 {
      let lower = lead | 0x20
      return ((lead &- 0x30) < 10 || (lower &- 0x61) < 26, 1)
    }
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    var next = index + 1
    while next < min(index + length, bytes.endIndex) {
      value = value << 6 | UInt32(bytes[next] & 0x3F)
      next += 1
    }
    guard let scalar = Unicode.Scalar(value) else { return (false, next - index) }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .privateUse, .nonspacingMark:
      return (true, next - index)
    default:
      return (false, next - index)
    }
  }
}

/// One search's test of many rows, straight on their UTF-8: ASCII fields are lowercased as they
/// are read, other fields are folded once per distinct value (companies and cities repeat).
struct SearchMatcher {
  let terms: SearchTerms
  /// Every word's bit.
  let all: UInt64
  /// Non-ASCII fields seen lately and their folding, most recent first; a few distinct values
  /// (companies) cover most rows, and comparing bytes is cheaper than hashing strings.
  private var recent: [(text: [UInt8], folded: [UInt8])] = []

  init(_ terms: SearchTerms) {
    self.terms = terms
    all = terms.words.count == 64 ? .max : (1 << UInt64(terms.words.count)) - 1
  }

  /// The words that start a word of the contact's fields, a bit each (bit `n` for `words[n]`);
  /// stops looking once all are found.
  mutating func wordsFound(
    sortKey: UnsafeBufferPointer<UInt8>, _ email: UnsafeBufferPointer<UInt8>,
    _ phoneWords: UnsafeBufferPointer<UInt8>, _ company: UnsafeBufferPointer<UInt8>
  ) -> UInt64 {
    var found: UInt64 = 0
    scan(sortKey, &found)
    if found == all { return found }
    scanFolding(email, &found)
    if found == all { return found }
    scan(phoneWords, &found)
    if found == all { return found }
    scanFolding(company, &found)
    return found
  }

  /// `scan` on `field` folded: as it is when ASCII, else through `recent`.
  private mutating func scanFolding(_ field: UnsafeBufferPointer<UInt8>, _ found: inout UInt64) {
    guard field.contains(where: { $0 >= 0x80 }) else { return scan(field, &found) }
    let index = recent.firstIndex { $0.text.elementsEqual(field) }
    let entry =
      index.map { recent.remove(at: $0) }
      ?? (text: Array(field), folded: Array(ContactPosition.sortKey(for: String(decoding: field, as: UTF8.self)).utf8))
    recent.insert(entry, at: 0)
    if recent.count > 32 { recent.removeLast() }
    entry.folded.withUnsafeBufferPointer { scan($0, &found) }
  }

  /// Marks in `found` the words that start a word of `bytes` (ASCII lowercased as compared).
  private func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ found: inout UInt64) {
    let words = terms.words
    var index = 0
    var inWord = false
    while index < bytes.count {
      let lead = bytes[index]
      let isWordCharacter: Bool
      let length: Int
      if lead < 0x80 {
        let lower = lead | 0x20
        isWordCharacter = (lead &- 0x30) < 10 || (lower &- 0x61) < 26
        length = 1
      } else {
        (isWordCharacter, length) = SearchTerms.classify(bytes, at: index)
      }
      if isWordCharacter && !inWord {
        for (number, word) in words.enumerated() where found & (1 << UInt64(number & 63)) == 0 {
          guard word.count <= bytes.count - index else { continue }
          var same = true
          for offset in 0..<word.count {
            var byte = bytes[index + offset]
            if byte &- 0x41 < 26 { byte |= 0x20 }
            if byte != word[offset] {
              same = false
              break
            }
          }
          if same { found |= 1 << UInt64(number & 63) }
        }
      }
      inWord = isWordCharacter
      index += length
    }
  }
}
