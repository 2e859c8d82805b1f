/// One entry of a help bar: its keys as shown, what they do, and the keys it stands for.
public struct HelpItem: Hashable, Sendable {
  public var key: String
  public var label: String
  /// The keys the entry stands for, as its binding has them: what a click on it presses
  /// (``presses``).
  public var keys: [Key]
  /// Whether a help bar too narrow for every entry keeps this one before the others (quit,
  /// save, back: the way on and the way out). See ``KeyBinding/essential()``.
  public var isEssential: Bool

  public init(key: String, label: String, keys: [Key] = [], isEssential: Bool = false) {
    self.key = key
    self.label = label
    self.keys = keys
    self.isEssential = isEssential
  }

  /// The entry without the keys `isTaken` says something else takes first (a focused text
  /// field takes `q` as text): the remaining keys shown by name, or nil when none remains.
  /// An entry that stands for no keys (a text field's `Type …`) is kept as it is.
  public func leavingOut(_ isTaken: (Key) -> Bool) -> HelpItem? {
    guard keys.contains(where: isTaken) else { return self }
    let remaining = keys.filter { !isTaken($0) }
    guard !remaining.isEmpty else { return nil }
    return HelpItem(
      key: remaining.map(\.description).joined(separator: "/"), label: label, keys: remaining,
      isEssential: isEssential)
  }

  /// Which key a click on which columns of the entry (`key label`, from its first column)
  /// presses. An entry that shows each of several keys (`↑↓`, `PgUp/PgDn`) presses the one
  /// under the pointer, and its label none (it would be a guess); an entry for one key, or
  /// shown as the first of its keys (`Esc` for Esc and x), presses that key wherever it is
  /// clicked. Worked out only when the mouse asks (`Frame.mouseRegions`), never for a key.
  public var presses: [(columns: Range<Int>, key: Key)] {
    guard let first = keys.first else { return [] }
    let whole = [(columns: 0..<(DisplayWidth.of(key) + 1 + DisplayWidth.of(label)), key: first)]
    if keys.count == 1 || key == first.description { return whole }
    var shown = Substring(key)
    var column = 0
    var parts: [(columns: Range<Int>, key: Key)] = []
    for key in keys {
      if !parts.isEmpty, shown.hasPrefix("/") {
        shown = shown.dropFirst()
        column += 1
      }
      let name = key.description
      guard shown.hasPrefix(name) else { break }
      let width = DisplayWidth.of(name)
      parts.append((column..<(column + width), key))
      shown = shown.dropFirst(name.count)
      column += width
    }
    return shown.isEmpty ? parts : []
  }
}
