import Testing
import VCardFormat

/// Reads `text` and expects every card in it to be read.
func readCards(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [VCard] {
  readCards(Array(text.utf8), sourceLocation: sourceLocation)
}

func readCards(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> [VCard] {
  let results = VCardReader.read(bytes)
  for result in results {
    if let error = result.error { Issue.record("unexpected failure: \(error)", sourceLocation: sourceLocation) }
  }
  return results.compactMap(\.card)
}

/// Reads `text`, which must hold exactly one card, and returns it.
func readCard(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> VCard {
  let cards = readCards(text, sourceLocation: sourceLocation)
  try #require(cards.count == 1, "expected one card, read \(cards.count)", sourceLocation: sourceLocation)
  return cards[0]
}

/// Lines joined with CRLF, the way the RFCs end lines.
func crlf(_ lines: String...) -> String {
  lines.map { $0 + "\r\n" }.joined()
}
