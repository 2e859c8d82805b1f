/// Google's entry labels (`* Home`, `Mobile`, `Work Fax`, or any words a user typed) as vCard
/// TYPEs and back.
///
/// A label Google names maps to TYPEs (`Mobile`: cell); any other label is kept word for word
/// in an `X-LABEL` parameter. `* ` before a label marks the primary entry: `PREF=1`.
public struct CSVLabel: Hashable, Sendable {
  public var types: [String]
  /// A label no TYPE says, as the user wrote it.
  public var custom: String?
  public var isPreferred: Bool

  public init(types: [String] = [], custom: String? = nil, isPreferred: Bool = false) {
    self.types = types
    self.custom = custom
    self.isPreferred = isPreferred
  }

  /// Reads a label cell (one of the labels a packed cell's values share).
  public init(google cell: String) {
    var text = Substring(cell.trimmingSpaces)
    var isPreferred = false
    if text.hasPrefix("*") {
      isPreferred = true
      text = text.dropFirst().drop { $0 == " " }
    }
    let known = Self.known.first { $0.label.lowercased() == text.lowercased() }
    self.init(
      types: known?.types ?? [], custom: known == nil && !text.isEmpty ? String(text) : nil, isPreferred: isPreferred)
  }

  /// The label Google's import reads: the custom one, else the first known label whose TYPEs
  /// the entry has (a fax before its place), `* ` first when preferred.
  public var google: String {
    let name =
      custom ?? Self.known.first { known in !known.types.isEmpty && known.types.allSatisfy(types.contains) }?.label
      ?? ""
    return isPreferred ? "* " + name : name
  }

  /// Google's own labels and the TYPEs they stand for, most specific first.
  static let known: [(label: String, types: [String])] = [
    ("Home Fax", ["fax", "home"]), ("Work Fax", ["fax", "work"]), ("Other Fax", ["fax"]),
    ("Mobile", ["cell"]), ("Pager", ["pager"]), ("Main", ["main"]), ("Google Voice", ["x-google-voice"]),
    ("Home", ["home"]), ("Work", ["work"]), ("Other", ["other"]),
  ]
}

extension String {
  var trimmingSpaces: String {
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
