/// What differs between a card and a copy of it, property by property, as the comparison key
/// sees cards (`VCard.comparisonKey()`): what every server does to a card it stores (folding
/// lines again, upper-casing parameter names, its own PRODID and REV, 3.0 for 4.0, base64 written
/// another way, group names renumbered) is no difference; a value lost or altered is. One more
/// rewrite is no difference here: a component of N or ADR that is a list written as one text
/// (Cyrus 3.6 stores Apple's `N:Doe;John;Richter,James;;` as `Richter\,James`), which keeps
/// every character of the value.
///
/// Sync compares the card it sent with the card the server hands back, and names what the server
/// dropped or changed: Radicale 3.9 keeps `PHOTO:data:image/png\;base64` of a 4.0 photo, and
/// Cyrus 3.6 answers `PHOTO:data:image/png` when asked for 3.0 of a 4.0 card.
public struct VCardDifference: Hashable, Sendable {
  /// Properties of the original (by name; a group by its main property's name, `item1.EMAIL`
  /// with its label is an EMAIL) the copy does not have at all.
  public var dropped: [String] = []
  /// Properties both have, with other values or parameters in the copy.
  public var changed: [String] = []
  /// Properties only the copy has.
  public var added: [String] = []

  /// Compares `copy` with `original`; each list is sorted by name.
  public init(from original: VCard, to copy: VCard) {
    let before = Self.contentByName(original)
    let after = Self.contentByName(copy)
    for (name, lines) in before {
      if let copied = after[name] {
        if copied != lines { changed.append(name) }
      } else {
        dropped.append(name)
      }
    }
    added = after.keys.filter { before[$0] == nil }
    dropped.sort()
    changed.sort()
    added.sort()
  }

  /// Whether the copy says what the original says.
  public var isEmpty: Bool { dropped.isEmpty && changed.isEmpty && added.isEmpty }

  /// Each property name's canonical lines, sorted (groups by their content, whatever they are
  /// called).
  private static func contentByName(_ card: VCard) -> [String: [String]] {
    var result: [String: [String]] = [:]
    var card = card
    for index in card.properties.indices
    where VCardValueShape(of: card.properties[index]) == .listComponents {
      card.properties[index].value = listsAsText(card.properties[index].value)
    }
    for unit in VCardComparison.units(of: card) {
      result[unit.slot, default: []] += unit.keys
    }
    return result.mapValues { $0.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
  }

  /// `value` with each unescaped comma escaped: every component's list as one text.
  static func listsAsText(_ value: String) -> String {
    var result = ""
    result.reserveCapacity(value.utf8.count)
    var escaping = false
    for character in value {
      if escaping {
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == "," {
        result += "\\"
      }
      result.append(character)
    }
    return result
  }
}
