/// One cell of a frame: what it shows and how.
///
/// A wide cluster (CJK, most emoji) occupies its cell and the next one; the next one holds
/// ``Content-swift.enum/continuation`` so that every row always has exactly `width` cells and
/// columns never drift.
public struct Cell: Hashable, Sendable {
  /// What a cell shows. Plain data (no strings), which keeps frames cheap to copy and compare.
  public enum Content: Hashable, Sendable {
    case scalar(Unicode.Scalar)
    case cluster(PackedCluster)
    /// The right half of the wide cluster in the cell to the left.
    case continuation
  }

  // Stored packed (an empty cluster is a continuation) so that a cell is 24 bytes of plain data:
  // 16 of text and an 8-byte style, with no padding, so that every byte of a row is defined and
  // rows compare with `memcmp` (see `FrameDiff`).
  private var packed: PackedCluster
  public var style: Style

  public var content: Content {
    get {
      if packed == .empty { return .continuation }
      if let scalar = packed.onlyScalar { return .scalar(scalar) }
      return .cluster(packed)
    }
    set {
      switch newValue {
      case .scalar(let scalar): packed = PackedCluster(scalar)
      case .cluster(let cluster): packed = cluster
      case .continuation: packed = .empty
      }
    }
  }

  public init(_ content: Content, style: Style = .plain) {
    self.packed = .empty
    self.style = style
    self.content = content
  }

  /// A cell showing `character` (which must already be sanitized).
  public init(_ character: Character, style: Style = .plain) {
    var scalars = character.unicodeScalars.makeIterator()
    let first = scalars.next() ?? " "
    self.packed = scalars.next() == nil ? PackedCluster(first) : PackedCluster(String(character))
    self.style = style
  }

  /// A space in the default style.
  public static let blank = Cell(.scalar(" "))

  /// A space in `style`.
  public static func blank(_ style: Style) -> Cell { Cell(.scalar(" "), style: style) }

  public var isContinuation: Bool { packed == .empty }

  /// The content alone folded into one word: cells that show the same text have equal ones.
  var contentFingerprint: UInt64 { packed.folded }

  /// The cluster as text (empty for a continuation).
  public var text: String {
    switch content {
    case .scalar(let scalar): String(Character(scalar))
    case .cluster(let cluster): cluster.string
    case .continuation: ""
    }
  }

  /// Columns this cell's content takes: 2 for a wide cluster, 0 for a continuation, else 1.
  public var width: Int {
    if packed == .empty { return 0 }
    if let scalar = packed.onlyScalar {
      return DisplayWidth.of(scalar)
    }
    return DisplayWidth.of(Character(packed.string))
  }
}
