import Crypto
public import VCardFormat

/// What sync compares cards by: the SHA-256 of a card's comparison key (`VCard.comparisonKey`),
/// so that a card a server rewrote (property order, merged TYPE parameters, 3.0 spellings,
/// folding) has the fingerprint of the card that was sent, and any change of content does not.
/// Comparing bytes instead would make every sync find changes that are not there.
public enum CardFingerprint {
  public static func of(_ card: VCard) -> String {
    SHA256.hash(data: Array(card.comparisonKey().utf8)).map { byte in
      let digits = Array("0123456789abcdef".utf8)
      return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }.joined()
  }
}
