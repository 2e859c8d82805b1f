import TestSupport
import Testing
import VCardFormat

@testable import ContactsModel

/// N, ORG and ADR are read by their components with each one's values joined by ",", taken
/// from the value in one pass; checked against the definition (split at `;`, then at `,`,
/// escapes undone, joined again) on random values full of escapes and separators.
@Suite struct JoinedComponentsTests {
  static let pieces = ["a", "Zoë", ",", ";", "\\", "\\,", "\\;", "\\\\", "\\n", "\\N", "\\:", "👩‍👩‍👧", " ", "\n", "é"]

  @Test func joinedComponentsAreTheComponentsJoinedByCommas() {
    var random = SplitMix64(seed: 0x10_1ED)
    for _ in 0..<5_000 {
      let count = Int.random(in: 0...12, using: &random)
      let value = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
      let property = VCardProperty(name: "N", value: value)
      #expect(
        property.joinedComponents == property.components.map { $0.joined(separator: ",") }, "\(value.debugDescription)")
    }
  }
}
