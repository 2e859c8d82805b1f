import Crypto
import Foundation
import VCardFormat

/// The UIDs the app gives contacts: random ones for new contacts, and, for a card that arrives
/// without one, one made from its content, so importing the same card again finds the contact
/// it made instead of adding it twice.
enum ContactUID {
  /// A new random UUID, lower-case (RFC 9562 version 4).
  static func random() -> String {
    UUID().uuidString.lowercased()
  }

  /// A name-based UUID (RFC 9562 version 5) of the card's bytes as vCard 4.0 without REV: the
  /// same card gives the same UID, whatever its line endings, folding or version.
  static func derived(from card: VCard) -> String {
    var content = card
    content.properties.removeAll { $0.hasName("REV") || $0.hasName("UID") }
    var bytes = Array(namespace)
    bytes += VCardWriter(version: .v40).bytes(content)
    var digest = Array(Insecure.SHA1.hash(data: bytes).prefix(16))
    digest[6] = (digest[6] & 0x0F) | 0x50
    digest[8] = (digest[8] & 0x3F) | 0x80
    let uuid = UUID(
      uuid: (
        digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7], digest[8], digest[9],
        digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
      ))
    return uuid.uuidString.lowercased()
  }

  /// The namespace of derived UIDs (a random UUID chosen once for TermFlow's contacts).
  private static let namespace: [UInt8] = [
    0x6B, 0x1E, 0x3C, 0x52, 0x9A, 0x47, 0x4F, 0x0B, 0x8E, 0x21, 0xC4, 0x5D, 0x73, 0x90, 0xA6, 0x1F,
  ]
}
