import Testing
import VCardFormat

@Suite("VCardReader: what real files hold")
struct VCardReaderTests {
  @Test func readsPropertiesInOrderWithGroupsParametersAndVersion() throws {
    let card = try readCard(
      crlf(
        "BEGIN:VCARD", "VERSION:4.0", "FN:Jane Doe", "N:Doe;Jane;;;", "item1.EMAIL;TYPE=work:jane@example.com",
        "item1.X-ABLabel:_$!<Other>!$_", "END:VCARD"))
    #expect(card.version == .v40)
    #expect(card.properties.map(\.name) == ["VERSION", "FN", "N", "EMAIL", "X-ABLABEL"])
    #expect(
      card.properties[3]
        == VCardProperty(
          group: "item1", name: "EMAIL", parameters: [VCardParameter("TYPE", "work")], value: "jane@example.com"))
    #expect(card.properties[4].group == "item1")
    #expect(card.first("N")?.components == [["Doe"], ["Jane"], [""], [""], [""]])
  }

  @Test(arguments: ["\r\n", "\n", "\r"])
  func acceptsAnyLineEnd(_ end: String) throws {
    let text = ["BEGIN:VCARD", "VERSION:3.0", "FN:A", " nd more", "END:VCARD"].map { $0 + end }.joined()
    let card = try readCard(text)
    #expect(card.first("FN")?.value == "And more")
  }

  @Test func skipsAByteOrderMark() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(crlf("BEGIN:VCARD", "VERSION:4.0", "FN:Bom", "END:VCARD").utf8)
    let cards = readCards(bytes)
    #expect(cards.first?.first("FN")?.value == "Bom")
  }

  @Test func unfoldsBytesBeforeDecodingUTF8() throws {
    // "é" is C3 A9: the fold falls between its two bytes, which only unfolding bytes survives.
    let bytes =
      Array("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ren".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
      + Array("\r\n\tTab fold\r\nEND:VCARD\r\n".utf8)
    let cards = readCards(bytes)
    #expect(cards.first?.first("FN")?.value == "RenéTab fold")
  }

  @Test func decodesQuotedPrintableWithUnindentedSoftBreaks() throws {
    // Android: the soft break's continuation is not indented.
    let card = try readCard(
      crlf(
        "BEGIN:VCARD", "VERSION:2.1",
        "N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=C3=91=20=C3=91=",
        "=20=C3=91;;;;",
        "NOTE;ENCODING=QUOTED-PRINTABLE:first line=0D=0A=",
        "second line",
        "TEL;CELL:123", "END:VCARD"))
    let n = try #require(card.first("N"))
    #expect(n.value == "Ñ Ñ Ñ;;;;")
    #expect(n.parameters.isEmpty)
    #expect(card.first("NOTE")?.value == "first line\\nsecond line")
    #expect(card.first("NOTE")?.text == "first line\nsecond line")
    #expect(card.first("TEL")?.value == "123")
  }

  @Test(arguments: [
    ("ISO-8859-1", [0xE9] as [UInt8], "é"), ("Windows-1252", [0x80, 0x93], "€“"), ("UTF-8", [0xC3, 0xA9], "é"),
  ])
  func decodesCharsets(_ charset: String, _ bytes: [UInt8], _ expected: String) throws {
    let encoded = bytes.map { "=" + String($0, radix: 16, uppercase: true) }.joined()
    let qp = try readCard(
      crlf("BEGIN:VCARD", "VERSION:2.1", "FN;CHARSET=\(charset);QUOTED-PRINTABLE:\(encoded)", "END:VCARD"))
    #expect(qp.first("FN") == VCardProperty(name: "FN", value: expected))
    // The same charset on a raw 8-bit value.
    let raw =
      Array("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=\(charset):".utf8) + bytes + Array("\r\nEND:VCARD\r\n".utf8)
    #expect(readCards(raw).first?.first("FN") == VCardProperty(name: "FN", value: expected))
  }

  @Test func namesBareParametersAsTypesAndEncodings() throws {
    let card = try readCard(
      crlf(
        "BEGIN:VCARD", "VERSION:2.1", "TEL;WORK;VOICE:555", "PHOTO;JPEG;BASE64:", " /9j/AAAA", " BBBB", "",
        "KEY;X509;ENCODING=BASE64:MIIB", "END:VCARD"))
    #expect(card.first("TEL")?.parameters == [VCardParameter("TYPE", "WORK", "VOICE")])
    #expect(card.first("TEL")?.types == ["work", "voice"])
    let photo = try #require(card.first("PHOTO"))
    #expect(photo.parameters == [VCardParameter("TYPE", "JPEG"), VCardParameter("ENCODING", "BASE64")])
    #expect(photo.value == "/9j/AAAABBBB")
    #expect(card.first("KEY")?.parameters == [VCardParameter("TYPE", "X509"), VCardParameter("ENCODING", "BASE64")])
  }

  @Test func keepsRepeatedTypeAndLowerCaseNames() throws {
    let card = try readCard(
      crlf(
        "begin:vcard", "fn:Low Case", "note;quoted-printable:J=C3=B6rg", "item1.email;type=INTERNET;type=pref:a@b.c",
        "version:2.1", "end:vcard"))
    #expect(card.first("NOTE") == VCardProperty(name: "NOTE", value: "Jörg"))
    #expect(card.version == .v21)
    let email = try #require(card.first("EMAIL"))
    #expect(email.group == "item1")
    #expect(email.parameters == [VCardParameter("TYPE", "INTERNET"), VCardParameter("TYPE", "pref")])
    #expect(email.types == ["internet", "pref"])
  }

  @Test func readsQuotedParameterValuesWithColonsSemicolonsAndCommas() throws {
    let card = try readCard(
      crlf(
        "BEGIN:VCARD", "VERSION:4.0", "FN:Q",
        #"ADR;LABEL="1 Main St.;Apt: 2, Town";TYPE=home,work:;;1 Main St.;Town;;;"#, "END:VCARD"))
    let adr = try #require(card.first("ADR"))
    #expect(
      adr.parameters == [VCardParameter("LABEL", "1 Main St.;Apt: 2, Town"), VCardParameter("TYPE", "home", "work")])
    #expect(adr.value == ";;1 Main St.;Town;;;")
  }

  @Test func decodesRFC6868InParameterValues() throws {
    let card = try readCard(
      crlf("BEGIN:VCARD", "VERSION:4.0", #"ADR;LABEL="Line one^nLine ^'two^' ^^ ^x":;;;;;;"#, "FN:X", "END:VCARD"))
    #expect(card.first("ADR")?.parameterValues("LABEL") == ["Line one\nLine \"two\" ^ ^x"])
  }

  @Test func keepsEscapesInValues() throws {
    let card = try readCard(
      crlf("BEGIN:VCARD", "VERSION:3.0", #"NOTE:a\, b\; c\\ d\nnext"#, #"URL:http\://example.com"#, "FN:E", "END:VCARD")
    )
    #expect(card.first("NOTE")?.value == #"a\, b\; c\\ d\nnext"#)
    #expect(card.first("NOTE")?.text == "a, b; c\\ d\nnext")
    #expect(card.first("URL")?.text == "http://example.com")
  }

  @Test func keepsBase64AndDataURIPhotosAsText() throws {
    let card = try readCard(
      crlf(
        "BEGIN:VCARD", "VERSION:3.0", "FN:P", "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ", " SkZJRg==",
        "LOGO:data:image/png;base64,iVBORw0KGgo=", "END:VCARD"))
    #expect(card.first("PHOTO")?.value == "/9j/4AAQSkZJRg==")
    #expect(card.first("PHOTO")?.parameters == [VCardParameter("ENCODING", "b"), VCardParameter("TYPE", "JPEG")])
    #expect(card.first("LOGO")?.value == "data:image/png;base64,iVBORw0KGgo=")
  }

  @Test func readsSeveralCardsAndIgnoresTextAroundThem() throws {
    let results = VCardReader.read(
      crlf(
        "Exported by something", "", "BEGIN:VCARD", "VERSION:4.0", "FN:One", "END:VCARD", "between the cards",
        "BEGIN:VCARD", "VERSION:4.0", "FN:Two", "END:VCARD", "trailing words"))
    #expect(results.map(\.startLine) == [3, 8])
    #expect(results.compactMap { $0.card?.first("FN")?.value } == ["One", "Two"])
  }

  @Test func turnsA21AgentsNestedCardIntoItsValue() throws {
    let results = VCardReader.read(
      crlf(
        "BEGIN:VCARD", "VERSION:2.1", "FN:Boss", "AGENT:", "BEGIN:VCARD", "VERSION:2.1", "FN:Assistant", "END:VCARD",
        "TEL:1", "END:VCARD", "BEGIN:VCARD", "VERSION:2.1", "FN:Next", "END:VCARD"))
    #expect(results.count == 2)
    let boss = try #require(results.first?.card)
    #expect(boss.first("AGENT")?.text == "BEGIN:VCARD\nVERSION:2.1\nFN:Assistant\nEND:VCARD")
    #expect(boss.first("TEL")?.value == "1")
    #expect(results.last?.card?.first("FN")?.value == "Next")
  }

  @Test func readsChunkByChunkTheSameAsAllAtOnce() throws {
    let text = crlf(
      "BEGIN:VCARD", "VERSION:2.1", "FN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:=C3=A9t=C3=A9=", "=20fin",
      "NOTE:folded", "  twice", "END:VCARD", "BEGIN:VCARD", "VERSION:4.0", "FN:Zoë", "END:VCARD")
    let bytes = Array(text.utf8)
    let whole = VCardReader.read(bytes)
    for size in [1, 2, 3, 7] {
      var reader = VCardReader()
      var results: [VCardReadResult] = []
      var start = 0
      while start < bytes.count {
        results += reader.feed(bytes[start..<min(start + size, bytes.count)])
        start += size
      }
      results += reader.finish()
      #expect(results == whole, "chunks of \(size)")
    }
    #expect(whole.compactMap { $0.card?.first("FN")?.value } == ["été fin", "Zoë"])
    #expect(whole.first?.card?.first("NOTE")?.value == "folded twice")
  }

  @Test func returnsEachCardAsSoonAsItsEndArrives() {
    var reader = VCardReader()
    #expect(reader.feed(Array("BEGIN:VCARD\r\nFN:A\r\nEND:VC".utf8)).isEmpty)
    #expect(reader.feed(Array("ARD\r\n".utf8)).count == 1)
    #expect(reader.finish().isEmpty)
  }
}

@Suite("VCardReader: 2.1 binary values")
struct VCardReaderBinaryTests {
  @Test func joinsUnindentedBase64LinesAfterABase64Value() throws {
    let card = try readCard(
      crlf(
        "BEGIN:VCARD", "VERSION:2.1", "FN:B", "PHOTO;ENCODING=BASE64;TYPE=JPEG:", "/9j/4AAQ", "SkZJRg==", "",
        "TEL:1", "END:VCARD"))
    #expect(card.first("PHOTO")?.value == "/9j/4AAQSkZJRg==")
    #expect(card.first("TEL")?.value == "1")
  }
}
