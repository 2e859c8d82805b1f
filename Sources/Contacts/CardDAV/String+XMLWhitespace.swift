extension String {
  /// The string without XML whitespace (space, tab, CR, LF) at either end. Called for every
  /// href, status and ETag of a long answer, so it works on UTF-8 bytes rather than through
  /// Foundation's character sets.
  var trimmingXMLWhitespace: String {
    let bytes = utf8
    guard let first = bytes.firstIndex(where: { !Self.isXMLWhitespace($0) }) else { return "" }
    let last = bytes.lastIndex(where: { !Self.isXMLWhitespace($0) })!
    if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return self }
    return String(self[first...last])
  }

  private static func isXMLWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }
}
