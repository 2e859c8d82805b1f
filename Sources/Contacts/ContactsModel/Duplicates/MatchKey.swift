import Foundation

/// The forms under which two records of one person agree, however each was typed: what the
/// duplicate finder indexes. Two contacts with equal keys are candidates; the rules of
/// `DuplicateFinder` decide which keys are enough on their own.
public enum MatchKey {
  /// An address lower-cased (RFC 5321 lets local parts differ by case, and advises against
  /// relying on it); for Gmail, whose addresses ignore dots and `+tag`s in the local part, and
  /// whose `googlemail.com` is `gmail.com`, without them. Nil when it is no address.
  public static func email(_ address: String) -> String? {
    // Most addresses are ASCII: lower-cased and trimmed by their bytes, without Foundation.
    if let ascii = asciiEmail(address) { return ascii }
    let lowered = address.trimmingCharacters(in: .whitespaces).lowercased()
    guard let at = lowered.lastIndex(of: "@"), at != lowered.startIndex else { return nil }
    var local = String(lowered[..<at])
    var domain = String(lowered[lowered.index(after: at)...])
    guard !domain.isEmpty else { return nil }
    if domain == "gmail.com" || domain == "googlemail.com" {
      domain = "gmail.com"
      if let plus = local.firstIndex(of: "+") { local = String(local[..<plus]) }
      local.removeAll { $0 == "." }
    }
    return local + "@" + domain
  }

  /// ``email(_:)`` for an ASCII address, by its bytes (nil when it is not ASCII, or no address).
  private static func asciiEmail(_ address: String) -> String?? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(address.utf8.count)
    for byte in address.utf8 {
      guard byte < 0x80 else { return .none }
      bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }
    // CharacterSet.whitespaces, in ASCII: spaces and tabs.
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? bytes.endIndex
    guard let at = bytes.lastIndex(of: UInt8(ascii: "@")), at > start, at + 1 < bytes.endIndex else {
      return .some(nil)
    }
    var local = bytes[start..<at]
    let domain = bytes[(at + 1)...]
    let isGmail = domain.elementsEqual("gmail.com".utf8) || domain.elementsEqual("googlemail.com".utf8)
    guard isGmail else { return .some(String(decoding: bytes[start...], as: UTF8.self)) }
    if let plus = local.firstIndex(of: UInt8(ascii: "+")) { local = local[..<plus] }
    return .some(String(decoding: local.filter { $0 != UInt8(ascii: ".") } + Array("@gmail.com".utf8), as: UTF8.self))
  }

  /// A number as ``E164`` reads it (`+49301234567`), so `+49 30 1234567`, `0049 30 1234567`
  /// and, with the region `DE`, `030 1234567` agree, as do `+1 (415) 555-0100` and, with `US`,
  /// `415.555.0100`; where libphonenumber cannot read it (a national number without a region,
  /// or no number at all), its ASCII digits, so that numbers written alike still agree. Nil for
  /// fewer than seven digits (extensions, short codes), which say too little.
  public static func phone(_ number: String, region: String?) -> String? {
    // The ASCII digits (any other decimal digit is no part of a dialled number), by bytes.
    var digits: [UInt8] = []
    digits.reserveCapacity(number.utf8.count)
    for byte in number.utf8 where byte >= 0x30 && byte <= 0x39 { digits.append(byte) }
    guard digits.count >= phoneDigitsNeeded else { return nil }
    return E164.number(number, region: region) ?? String(decoding: digits, as: UTF8.self)
  }

  /// How many digits a number needs to count as one.
  static let phoneDigitsNeeded = 7

  /// The name's words folded (case, accents; German umlauts both as `ae` and as `a`, so
  /// "Jörg", "Joerg" and "Jorg" agree), sorted, so "Lovelace, Ada" and "Ada Lovelace" agree.
  /// Given and family names when the card has them (a middle name is often missing on one
  /// side), else the name as shown. Empty when there is no name.
  public static func names(_ contact: Contact) -> Set<String> {
    let parts = contact.nameParts
    let name = parts.given.isEmpty && parts.family.isEmpty ? contact.name : parts.given + " " + parts.family
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return words(name).map { [$0] } ?? [] }
    // Latin names (Jörg, Lucía, Zoë) by table, as Foundation would fold them but faster.
    if case .some(let plain) = LatinFolding.words(name, LatinFolding.plain),
      case .some(let transcribed) = LatinFolding.words(name, LatinFolding.transcribed)
    {
      return Set([plain, transcribed].compactMap { $0 })
    }
    guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
    let transcribed = LatinFolding.transcribe(name)
    return Set([transcribed, name].compactMap(words))
  }

  /// Any text folded for comparison: organisations, nicknames, streets.
  public static func text(_ text: String) -> String? {
    words(text)
  }

  private static func words(_ text: String) -> String? {
    // ASCII (most names and organisations) needs no Foundation folding, which is slow, nor
    // Character's properties: its letters and digits are bytes.
    if let ascii = asciiWords(text) { return ascii }
    if let latin = LatinFolding.words(text, LatinFolding.plain) { return latin }
    let folded = LatinFolding.plainFold(text)
    let words = folded.split { !$0.isLetter && !$0.isNumber }
    guard !words.isEmpty else { return nil }
    return words.sorted().joined(separator: " ")
  }

  /// ``words(_:)`` of an ASCII text (nil when it is not ASCII; an empty string when it has no
  /// word, which `words` turns into nil).
  private static func asciiWords(_ text: String) -> String?? {
    var words: [ArraySlice<UInt8>] = []
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      guard byte < 0x80 else { return .none }
      bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }
    var start: Int?
    for index in bytes.indices {
      let byte = bytes[index]
      let isWordByte = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
      if isWordByte, start == nil { start = index }
      if !isWordByte, let first = start {
        words.append(bytes[first..<index])
        start = nil
      }
    }
    if let first = start { words.append(bytes[first...]) }
    guard !words.isEmpty else { return .some(nil) }
    if words.count > 1 { words.sort { $0.lexicographicallyPrecedes($1) } }
    var joined: [UInt8] = []
    joined.reserveCapacity(bytes.count)
    for (index, word) in words.enumerated() {
      if index > 0 { joined.append(0x20) }
      joined.append(contentsOf: word)
    }
    return .some(String(decoding: joined, as: UTF8.self))
  }
}
