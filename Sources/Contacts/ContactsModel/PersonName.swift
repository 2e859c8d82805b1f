/// A name in the parts vCard's N gives it; a part with several values keeps them joined by commas.
public struct PersonName: Hashable, Sendable, Codable {
  public var family: String
  public var given: String
  public var additional: String
  public var prefixes: String
  public var suffixes: String

  public init(
    family: String = "", given: String = "", additional: String = "", prefixes: String = "", suffixes: String = ""
  ) {
    self.family = family
    self.given = given
    self.additional = additional
    self.prefixes = prefixes
    self.suffixes = suffixes
  }

  /// The parts in N's order.
  public var parts: [String] { [family, given, additional, prefixes, suffixes] }

  public init(parts: [String]) {
    let part = { (index: Int) in index < parts.count ? parts[index] : "" }
    self.init(family: part(0), given: part(1), additional: part(2), prefixes: part(3), suffixes: part(4))
  }

  public var isEmpty: Bool { parts.allSatisfy(\.isEmpty) }

  /// "Dr. Ada M. Lovelace Jr.": the parts in reading order, for a card with no FN.
  public var displayName: String {
    [prefixes, given, additional, family, suffixes].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// A guess at the parts of a name typed as one line: the last word is the family name, the
  /// rest given names. Good enough for a new contact; a card's own N always wins.
  public init(guessingFrom name: String) {
    let words = name.split(separator: " ").map(String.init)
    guard words.count > 1 else {
      self.init(given: words.first ?? "")
      return
    }
    self.init(family: words.last!, given: words.dropLast().joined(separator: " "))
  }
}
