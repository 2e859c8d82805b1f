import Foundation

/// The forms under which two records of one person agree, however each was typed: what the
/// duplicate finder indexes. Two contacts with equal keys are candidates; the rules of
/// `DuplicateFinder` decide which keys are enough on their own.
public enum MatchKey {
  /// An address lower-cased (RFC 5321 lets local parts differ by case, and advises against
  /// relying on it); for Gmail, whose addresses ignore dots and `+tag`s in the local part, and
  /// whose `googlemail.com` is `gmail.com`, without them. Nil when it is no address.
  public static func email(_ address: String) -> String? {
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

  /// A number's last nine digits, so `+49 89 12345678`, `0049 89 12345678` and the national
  /// `089 12345678` agree, as do `+1 415 555 0142` and `(415) 555-0142`: the trunk and country
  /// prefixes differ only in the leading digits. Nil for fewer than seven digits (extensions,
  /// short codes), which say too little. (Full E.164 needs a region and libphonenumber's data,
  /// which no mirrored package brings.)
  public static func phone(_ number: String) -> String? {
    let digits = number.unicodeScalars.filter { $0.properties.numericType == .decimal && $0.isASCII }
    guard digits.count >= 7 else { return nil }
    return String(String.UnicodeScalarView(digits.suffix(9)))
  }

  /// The name's words folded (case, accents; German umlauts both as `ae` and as `a`, so
  /// "Jörg", "Joerg" and "Jorg" agree), sorted, so "Lovelace, Ada" and "Ada Lovelace" agree.
  /// Given and family names when the card has them (a middle name is often missing on one
  /// side), else the name as shown. Empty when there is no name.
  public static func names(_ contact: Contact) -> Set<String> {
    let parts = contact.nameParts
    let name = parts.given.isEmpty && parts.family.isEmpty ? contact.name : parts.given + " " + parts.family
    guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return Set([words(name)].compactMap { $0 }) }
    let transcribed = name.lowercased().replacingOccurrences(of: "ä", with: "ae")
      .replacingOccurrences(of: "ö", with: "oe").replacingOccurrences(of: "ü", with: "ue")
      .replacingOccurrences(of: "ß", with: "ss")
    return Set([transcribed, name].compactMap(words))
  }

  /// Any text folded for comparison: organisations, nicknames, streets.
  public static func text(_ text: String) -> String? {
    let folded = words(text)
    return folded.map { $0.split(separator: " ").sorted().joined(separator: " ") }
  }

  private static func words(_ text: String) -> String? {
    // ASCII (most names and organisations) needs no Foundation folding, which is slow.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
      return words.isEmpty ? nil : words.sorted().joined(separator: " ")
    }
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .replacingOccurrences(of: "ß", with: "ss")
    let words = folded.split { !$0.isLetter && !$0.isNumber }
    guard !words.isEmpty else { return nil }
    return words.sorted().joined(separator: " ")
  }
}
