/// Base64 (RFC 4648) for comparing binary values: two encodings of the same bytes (with or
/// without padding, wrapped or not, as vobject re-encodes a photo) compare equal once each is
/// decoded and encoded again.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The bytes of `text`, blanks and line breaks ignored, padding optional; nil if anything else
  /// is not base64.
  static func decode(_ text: Substring) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    var sawPadding = false
    for byte in text.utf8 {
      let value: UInt8
      switch byte {
      case 0x41...0x5A: value = byte - 0x41
      case 0x61...0x7A: value = byte - 0x61 + 26
      case 0x30...0x39: value = byte - 0x30 + 52
      case 0x2B, 0x2D: value = 62
      case 0x2F, 0x5F: value = 63
      case .equals:
        sawPadding = true
        continue
      case .space, .tab, .carriageReturn, .lineFeed:
        continue
      default:
        return nil
      }
      if sawPadding { return nil }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return bits >= 6 ? nil : bytes
  }

  /// Padded, unwrapped base64.
  static func encode(_ bytes: [UInt8]) -> String {
    var encoded: [UInt8] = []
    encoded.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var chunk: UInt32 = 0
      for offset in 0..<3 { chunk = chunk << 8 | UInt32(offset < count ? bytes[index + offset] : 0) }
      for position in 0..<4 {
        if position <= count {
          encoded.append(alphabet[Int(chunk >> UInt32(18 - 6 * position) & 0x3F)])
        } else {
          encoded.append(.equals)
        }
      }
      index += 3
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  /// The canonical encoding of `text`, or `text` itself when it is not base64.
  static func canonical(_ text: Substring) -> String {
    decode(text).map(encode) ?? String(text)
  }
}
