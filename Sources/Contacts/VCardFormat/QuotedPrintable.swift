/// vCard 2.1's quoted-printable transfer encoding (RFC 2045 §6.7), decoded leniently.
enum QuotedPrintable {
  /// `=XX` becomes the byte XX; a `=` that ends a line (a soft break the reader has already
  /// joined) or starts no valid pair is kept as it is, since losing text is worse than showing it.
  static func decode(_ encoded: ArraySlice<UInt8>) -> [UInt8] {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(encoded.count)
    var index = encoded.startIndex
    while index < encoded.endIndex {
      let byte = encoded[index]
      if byte == .equals, let high = hexValue(encoded, index + 1), let low = hexValue(encoded, index + 2) {
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(byte)
        index += 1
      }
    }
    return decoded
  }

  private static func hexValue(_ bytes: ArraySlice<UInt8>, _ index: Int) -> UInt8? {
    guard index < bytes.endIndex else { return nil }
    switch bytes[index] {
    case 0x30...0x39: return bytes[index] - 0x30
    case 0x41...0x46: return bytes[index] - 0x41 + 10
    case 0x61...0x66: return bytes[index] - 0x61 + 10
    default: return nil
    }
  }
}
