import Testing
import VCardFormat

@Suite("VCardReader: refusing bad cards, and going on")
struct VCardReaderErrorTests {
  @Test func aCardWithoutEndIsRefusedAndTheNextOneStillRead() {
    let results = VCardReader.read(
      crlf(
        "BEGIN:VCARD", "VERSION:4.0", "FN:Cut short", "BEGIN:VCARD", "VERSION:4.0", "FN:Fine", "END:VCARD",
        "BEGIN:VCARD", "FN:Last, unfinished"))
    #expect(results.count == 3)
    #expect(results[0].error == VCardReadError(kind: .missingEnd, startLine: 1))
    #expect(results[0].error?.description == "the card starting on line 1 has no END:VCARD")
    #expect(results[1].card?.first("FN")?.value == "Fine")
    #expect(results[2].error == VCardReadError(kind: .missingEnd, startLine: 8))
  }

  @Test func invalidUTF8WithoutACharsetIsRefusedWithItsLine() {
    let bytes =
      Array(crlf("BEGIN:VCARD", "VERSION:3.0", "FN:Ok", "NOTE:caf").utf8).dropLast(2) + [0xE9]
      + Array(crlf("", "END:VCARD", "BEGIN:VCARD", "FN:Next", "END:VCARD").utf8)
    let results = VCardReader.read(Array(bytes))
    #expect(results.count == 2)
    #expect(results[0].error == VCardReadError(kind: .invalidUTF8, startLine: 1, line: 4))
    #expect(
      results[0].error?.description == "line 4 of the card starting on line 1 is not valid UTF-8 and names no CHARSET")
    #expect(results[1].card?.first("FN")?.value == "Next")
  }

  @Test func aLineWithoutAColonIsRefusedWithItsLine() {
    let results = VCardReader.read(
      crlf("junk", "BEGIN:VCARD", "VERSION:4.0", "FN:A", "this line has no colon", "END:VCARD"))
    #expect(
      results == [
        VCardReadResult(startLine: 2, result: .failure(VCardReadError(kind: .missingColon, startLine: 2, line: 5)))
      ])
    #expect(
      results[0].error?.description == "line 5 of the card starting on line 2 has no colon (a vCard line is NAME:value)"
    )
  }

  @Test func aLineWithoutANameIsRefused() {
    let results = VCardReader.read(crlf("BEGIN:VCARD", ":value", "END:VCARD"))
    #expect(results.first?.error == VCardReadError(kind: .missingName, startLine: 1, line: 2))
  }

  @Test func anInputWithoutBeginIsNotAVCardSaidOnce() {
    let results = VCardReader.read("name,email\nJane,jane@example.com\nJoe,joe@example.com\n")
    #expect(
      results == [VCardReadResult(startLine: 1, result: .failure(VCardReadError(kind: .notAVCard, startLine: 1)))])
    #expect(results[0].error?.description == "this is not a vCard file: there is no BEGIN:VCARD in it")
    #expect(VCardReader.read("").isEmpty)
    #expect(VCardReader.read("\r\n\r\n").isEmpty)
  }

  @Test func aCardOverTheSizeLimitIsRefusedWithItsSizeAndTheNextRead() {
    let photo = String(repeating: "A", count: 2_500)
    let big = crlf("BEGIN:VCARD", "VERSION:3.0", "FN:Big", "PHOTO;ENCODING=b;TYPE=JPEG:\(photo)", "END:VCARD")
    let text = big + crlf("BEGIN:VCARD", "VERSION:3.0", "FN:Small", "END:VCARD")
    let results = VCardReader.read(text, limits: VCardReader.Limits(maximumCardBytes: 1_000))
    #expect(results.count == 2)
    #expect(results[0].error == VCardReadError(kind: .cardTooLarge(bytes: big.utf8.count, limit: 1_000), startLine: 1))
    #expect(results[1].card?.first("FN")?.value == "Small")
  }

  @Test func sizesAreSaidInMegabytes() {
    let error = VCardReadError(kind: .cardTooLarge(bytes: 20_300_000, limit: 10_000_000), startLine: 12)
    #expect(error.description == "the card starting on line 12 is 20.3 MB, over the 10 MB limit; it was skipped")
    let small = VCardReadError(kind: .cardTooLarge(bytes: 2_556, limit: 999), startLine: 1)
    #expect(small.description == "the card starting on line 1 is 3 kB, over the 999 bytes limit; it was skipped")
  }

  @Test func aHugeLineIsNotKeptInMemory() {
    // 5 MB of one line outside any card, then a card with a 3 MB line over a 1 MB limit, fed in
    // chunks: the reader must not keep either line whole.
    var reader = VCardReader(limits: VCardReader.Limits(maximumCardBytes: 1_000_000))
    let chunk = [UInt8](repeating: 0x41, count: 100_000)
    var results: [VCardReadResult] = []
    for _ in 0..<50 { results += reader.feed(chunk) }
    results += reader.feed(Array("\r\nBEGIN:VCARD\r\nNOTE:".utf8))
    for _ in 0..<30 { results += reader.feed(chunk) }
    results += reader.feed(Array("\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:After\r\nEND:VCARD\r\n".utf8))
    results += reader.finish()
    #expect(results.count == 2)
    #expect(results[0].error?.kind == .cardTooLarge(bytes: 13 + 3_000_007 + 11, limit: 1_000_000))
    #expect(results[0].startLine == 2)
    #expect(results[1].card?.first("FN")?.value == "After")
  }

  @Test func aQuotedPrintableValueEndingInASoftBreakDoesNotSwallowEnd() {
    let results = VCardReader.read(crlf("BEGIN:VCARD", "FN;QUOTED-PRINTABLE:Ann=", "END:VCARD"))
    #expect(results.first?.card?.first("FN")?.value == "Ann=")
  }
}

@Suite("VCardReader: markers")
struct VCardMarkerTests {
  @Test func aFoldedLineThatReadsEndIsNotTheEnd() {
    let results = VCardReader.read(crlf("BEGIN:VCARD", "NOTE:the text ", " END:VCARD", "END:VCARD"))
    #expect(results.first?.card?.first("NOTE")?.value == "the text END:VCARD")
  }
}
