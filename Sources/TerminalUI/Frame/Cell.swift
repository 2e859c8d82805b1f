/// One cell of a frame: what it shows and how.
///
/// A wide cluster (CJK, most emoji) occupies its cell and the next one; the next one holds
/// ``Content-swift.enum/continuation`` so that every row always has exactly `width` cells and
/// columns never drift.
public struct Cell: Hashable, Sendable {
  /// What a cell shows. Single-scalar clusters (the vast majority) are stored without a String,
  /// which keeps frame comparison cheap.
  public enum Content: Hashable, Sendable {
    case scalar(Unicode.Scalar)
    case cluster(String)
    /// The right half of the wide cluster in the cell to the left.
    case continuation
  }

  public var content: Content
  public var style: Style

  public init(_ content: Content, style: Style = .plain) {
    self.content = content
    self.style = style
  }

  /// A cell showing `character` (which must already be sanitized).
  public init(_ character: Character, style: Style = .plain) {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let only = scalars.first {
      self.init(.scalar(only), style: style)
    } else {
      self.init(.cluster(String(character)), style: style)
    }
  }

  /// A space in the default style.
  public static let blank = Cell(.scalar(" "))

  /// A space in `style`.
  public static func blank(_ style: Style) -> Cell { Cell(.scalar(" "), style: style) }

  public var isContinuation: Bool { content == .continuation }

  /// The cluster as text (empty for a continuation).
  public var text: String {
    switch content {
    case .scalar(let scalar): String(Character(scalar))
    case .cluster(let cluster): cluster
    case .continuation: ""
    }
  }

  /// Columns this cell's content takes: 2 for a wide cluster, 0 for a continuation, else 1.
  public var width: Int {
    switch content {
    case .scalar(let scalar):
      scalar.value < 0x1100 ? 1 : DisplayWidth.of(Character(scalar))
    case .cluster(let cluster):
      cluster.first.map(DisplayWidth.of) ?? 1
    case .continuation:
      0
    }
  }
}
