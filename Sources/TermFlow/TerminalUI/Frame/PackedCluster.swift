import Synchronization

/// A grapheme cluster stored in 16 bytes, so that cells are plain data: copying, comparing and
/// hashing a frame of them never touches reference counts.
///
/// Up to six scalars are packed inline, 21 bits each (three per word). The rare longer cluster
/// (a family emoji of seven scalars) is interned in a process-wide table and stored by number;
/// equal clusters therefore always pack to equal bits.
public struct PackedCluster: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  private var low: UInt64
  private var high: UInt64

  private static let scalarBits: UInt64 = 21
  private static let scalarMask: UInt64 = (1 << 21) - 1
  private static let internedFlag: UInt64 = 1 << 63

  public init(_ text: String) {
    let scalars = Array(text.unicodeScalars)
    if scalars.count <= 6 {
      var words: [UInt64] = [0, 0]
      for (index, scalar) in scalars.enumerated() {
        // Stored as value + 1 so that 0 marks an empty slot.
        words[index / 3] |= (UInt64(scalar.value) + 1) << (PackedCluster.scalarBits * UInt64(index % 3))
      }
      low = words[0]
      high = words[1]
    } else {
      low = UInt64(ClusterTable.shared.id(for: text))
      high = PackedCluster.internedFlag
    }
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// One scalar, without going through a String.
  public init(_ scalar: Unicode.Scalar) {
    low = UInt64(scalar.value) + 1
    high = 0
  }

  private init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  /// No scalars at all: how a cell marks the right half of a wide cluster.
  static let empty = PackedCluster(low: 0, high: 0)

  /// Both words folded into one: equal clusters fold to equal words (for row fingerprints).
  var folded: UInt64 { low ^ (high &* 0x9E37_79B9_7F4A_7C15) }

  /// The scalar, when the cluster is exactly one.
  public var onlyScalar: Unicode.Scalar? {
    guard high == 0, low != 0, low >> PackedCluster.scalarBits == 0 else { return nil }
    return Unicode.Scalar(UInt32(low - 1))
  }

  /// The cluster's scalars in order.
  public var scalars: [Unicode.Scalar] {
    if high & PackedCluster.internedFlag != 0 {
      return Array(ClusterTable.shared.string(for: Int(low)).unicodeScalars)
    }
    var result: [Unicode.Scalar] = []
    for word in [low, high] {
      for slot in 0..<3 {
        let stored = (word >> (PackedCluster.scalarBits * UInt64(slot))) & PackedCluster.scalarMask
        guard stored != 0, let scalar = Unicode.Scalar(UInt32(stored - 1)) else { return result }
        result.append(scalar)
      }
    }
    return result
  }

  /// The first scalar (what widths and terminals key on).
  public var first: Unicode.Scalar {
    if high & PackedCluster.internedFlag != 0 { return scalars[0] }
    return Unicode.Scalar(UInt32((low & PackedCluster.scalarMask) - 1)) ?? " "
  }

  public var string: String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }

  public var description: String { string }
}

/// Clusters too long to pack inline, numbered in order of first appearance.
final class ClusterTable: Sendable {
  static let shared = ClusterTable()

  private let table = Mutex<(ids: [String: Int], strings: [String])>(([:], []))

  func id(for cluster: String) -> Int {
    table.withLock { table in
      if let id = table.ids[cluster] { return id }
      table.strings.append(cluster)
      table.ids[cluster] = table.strings.count - 1
      return table.strings.count - 1
    }
  }

  func string(for id: Int) -> String {
    table.withLock { $0.strings[id] }
  }
}
