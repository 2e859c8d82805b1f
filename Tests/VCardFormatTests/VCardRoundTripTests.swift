import TestSupport
import Testing
import VCardFormat

@Suite("VCardWriter → VCardReader: random cards round-trip")
struct VCardRoundTripTests {
  @Test(arguments: [VCardVersion.v40, .v30])
  func randomCardsComeBackEqual(_ version: VCardVersion) throws {
    var random = RandomCards(generator: SplitMix64(seed: version == .v40 ? 0x5EED_4000 : 0x5EED_3000))
    let writer = VCardWriter(version: version)
    for index in 0..<400 {
      let card = random.card(version: version)
      let bytes = writer.bytes(card)
      #expect(writer.bytes(card) == bytes, "case \(index): writing twice differs")
      let lines = try physicalLines(bytes)
      #expect(lines.allSatisfy { $0.count <= 75 }, "case \(index): a line over 75 octets")
      #expect(lines.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "case \(index): a split character")
      #expect(lines.count > 2 && lines[1].elementsEqual("VERSION:\(version.rawValue)".utf8))
      let results = VCardReader.read(bytes)
      try #require(results.count == 1, "case \(index): \(results)")
      let read = try #require(results[0].card, "case \(index): \(results[0])")
      #expect(read.properties.count == card.properties.count, "case \(index)")
      for (got, expected) in zip(read.properties, card.properties) where !Self.sameMeaning(got, expected) {
        Issue.record("case \(index): read \(got)\nwrote \(expected)")
        break
      }
    }
  }

  /// Equal, but an X- property's value only in meaning: the writer escapes its commas and
  /// undoes lenient escapes such as `\:`.
  static func sameMeaning(_ got: VCardProperty, _ expected: VCardProperty) -> Bool {
    guard expected.name.hasPrefix("X-") else { return got == expected }
    return got.group == expected.group && got.name == expected.name && got.parameters == expected.parameters
      && got.text == expected.text
  }

  @Test func manyRandomCardsInOneStreamReadBackInOrder() {
    var random = RandomCards(generator: SplitMix64(seed: 42))
    let cards = (0..<200).map { _ in random.card(version: .v40) }
    var output: [UInt8] = []
    for card in cards { VCardWriter().append(card, to: &output) }
    var reader = VCardReader()
    var read: [VCard] = []
    var start = 0
    while start < output.count {
      let end = min(start + 997, output.count)
      read += reader.feed(output[start..<end]).compactMap(\.card)
      start = end
    }
    read += reader.finish().compactMap(\.card)
    #expect(read.count == cards.count)
    for (got, expected) in zip(read, cards) {
      #expect(got.properties.count == expected.properties.count)
      #expect(zip(got.properties, expected.properties).allSatisfy(Self.sameMeaning), "\(got)\n\(expected)")
    }
  }
}
