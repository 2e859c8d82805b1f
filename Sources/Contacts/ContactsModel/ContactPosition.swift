import Foundation

/// A place in the sorted list of one account's contacts.
public struct ContactPosition: Hashable, Sendable, Codable {
  public var sortKey: String
  public var id: Int64

  public init(sortKey: String, id: Int64) {
    self.sortKey = sortKey
    self.id = id
  }

  /// The sort order people expect: case and accents folded ("zoë" with "Zoe"), then by id.
  public static func sortKey(for name: String) -> String {
    // Most names are ASCII: lowercasing the bytes gives exactly what Foundation's folding gives,
    // without its cost (seeding folds millions of names).
    let ascii =
      name.utf8.withContiguousStorageIfAvailable { asciiFolded($0, name) } ?? asciiFolded(Array(name.utf8), name)
    return ascii ?? name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// `name` lowercased when its bytes are all ASCII; nil otherwise.
  private static func asciiFolded(_ bytes: some Collection<UInt8>, _ name: String) -> String? {
    var hasUppercase = false
    for byte in bytes {
      if byte >= 0x80 { return nil }
      if byte &- 0x41 < 26 { hasUppercase = true }
    }
    guard hasUppercase else { return name }
    return String(unsafeUninitializedCapacity: bytes.count) { buffer in
      var index = 0
      for byte in bytes {
        buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        index += 1
      }
      return index
    }
  }
}
