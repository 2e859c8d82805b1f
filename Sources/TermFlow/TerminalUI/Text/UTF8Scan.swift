#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Questions about a text's UTF-8 answered over its bytes in one tight loop: asked of every
/// text a frame draws and of a field's whole text at every typed key, where stepping through
/// `utf8` a byte at a time costs several times more.
enum UTF8Scan {
  /// Whether every byte of `text` is printable ASCII (U+0020 to U+007E): one column a byte,
  /// none joining another.
  static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
    let answer = text.utf8.withContiguousStorageIfAvailable { bytes in
      // No early exit, so that the loop is one comparison and one `or` a byte.
      var outside: UInt8 = 0
      for byte in bytes { outside |= byte &- 0x20 >= 0x5F ? 1 : 0 }
      return outside == 0
    }
    return answer ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// Whether `text` holds a line feed.
  static func containsLineFeed(_ text: some StringProtocol) -> Bool {
    let answer = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, 0x0A, bytes.count) != nil
    }
    return answer ?? text.utf8.contains(0x0A)
  }
}
