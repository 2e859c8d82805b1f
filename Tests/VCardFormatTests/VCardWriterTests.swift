import Testing
import VCardFormat

@Suite("VCardWriter: strict output")
struct VCardWriterTests {
  @Test func writesBeginVersionSecondPropertiesInOrderAndCRLF() {
    let card = VCard(properties: [
      VCardProperty(name: "FN", text: "Jane Doe"),
      VCardProperty(
        group: "item1", name: "EMAIL", parameters: [VCardParameter("TYPE", "work", "pref")], value: "j@example.com"),
      VCardProperty(name: "VERSION", value: "3.0"),
      VCardProperty(name: "X-ABLabel", text: "Other"),
    ])
    #expect(
      VCardWriter().string(card)
        == crlf(
          "BEGIN:VCARD", "VERSION:4.0", "FN:Jane Doe", "N:;;;;", "item1.EMAIL;TYPE=work;PREF=1:j@example.com",
          "X-ABLABEL:Other",
          "END:VCARD"))
    #expect(
      VCardWriter(version: .v30).string(card).hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Doe\r\nN:;;;;\r\n"))
    #expect(VCardWriter(version: .v30).string(card).contains("item1.EMAIL;TYPE=work,pref:j@example.com\r\n"))
  }

  @Test func escapesTextAndStructuredValuesPerProperty() {
    let card = VCard(properties: [
      VCardProperty(name: "FN", text: "Doe, Jane; \"JD\""),
      VCardProperty(name: "N", components: [["Doe"], ["Jane", "Mary"], [], ["Dr."], ["a;b"]]),
      VCardProperty(name: "NOTE", text: "back\\slash\r\nnew line"),
      VCardProperty(name: "URL", value: "http://example.com/a,b;c"),
    ])
    #expect(
      VCardWriter().string(card)
        == crlf(
          "BEGIN:VCARD", "VERSION:4.0", #"FN:Doe\, Jane\; "JD""#, #"N:Doe;Jane,Mary;;Dr.;a\;b"#,
          #"NOTE:back\\slash\nnew line"#, "URL:http://example.com/a,b;c", "END:VCARD"))
  }

  @Test func escapesCommasInSingleTextsWhateverTheSourceWrote() throws {
    // A Gmail-style 2.1 card: quoted-printable, nothing escaped. vobject (Radicale, khard) cuts a
    // text at its first unescaped comma, so each of these must go out as `\,`.
    let card = try readCard(
      crlf(
        "BEGIN:VCARD", "VERSION:2.1",
        "FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=B6rg M=C3=BCller, Gesch=C3=A4ftsf=C3=BChrer",
        "N:Müller;Jörg", "NOTE:x,y;z", "TITLE:CEO, CTO", "ROLE:a,b", "EMAIL;INTERNET:odd,one@example.com",
        "ORG:ACME, Inc.;Sales, North", "NICKNAME:Jo,Jojo", "CATEGORIES:friends,work",
        "ADR;HOME:;;1 Main St;Town;;12345;", "URL:http\\://example.com/a,b", "X-ABLabel:Work, main",
        "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Jo;1", "GEO:geo:37.386013,-122.082932",
        "PHOTO;VALUE=uri:data:image/png;base64,iVBORw0KGgo", "END:VCARD"))
    for version in [VCardVersion.v40, .v30] {
      let text = VCardWriter(version: version).string(card)
      for line in [
        "FN:Jörg Müller\\, Geschäftsführer", #"NOTE:x\,y\;z"#, #"TITLE:CEO\, CTO"#, #"ROLE:a\,b"#,
        #"EMAIL;TYPE=INTERNET:odd\,one@example.com"#, #"ORG:ACME\, Inc.;Sales\, North"#, "NICKNAME:Jo\r\nNICKNAME:Jojo",
        "CATEGORIES:friends,work", "ADR;TYPE=HOME:;;1 Main St;Town;;12345;", "URL:http://example.com/a,b",
        #"X-ABLABEL:Work\, main"#, "X-ANDROID-CUSTOM:vnd.android.cursor.item/nickname;Jo;1",
        "GEO:geo:37.386013,-122.082932",
      ] {
        #expect(text.contains("\r\n" + line + "\r\n"), "\(version): \(line) in\n\(text)")
      }
      let read = try readCard(text)
      #expect(read.first("FN")?.text == "Jörg Müller, Geschäftsführer")
      #expect(read.first("ORG")?.components == [["ACME, Inc."], ["Sales, North"]])
      #expect(
        read.properties(named: "NICKNAME").map(\.text) == ["Jo", "Jojo"], "one by one: vobject keeps one of a list")
      #expect(VCardWriter(version: version).string(read) == text, "\(version): writing again changes nothing")
    }
  }

  @Test func keepsEscapedValuesAndUndoesLenientEscapes() throws {
    let card = try readCard(
      crlf(
        "BEGIN:VCARD", "VERSION:3.0", #"FN:Doe\, Jane"#, #"NOTE:a\,b\;c\\d\ne\Nf\:g\"h"#,
        #"item1.URL:http\://example.com/x\,y"#, #"X-ABUID:6B29A774\:ABPerson"#, #"X-TRAILING:back\"#,
        #"N:Doe\, Jr.;Jane;;;"#, "END:VCARD"))
    let text = VCardWriter(version: .v30).string(card)
    for line in [
      #"FN:Doe\, Jane"#, #"NOTE:a\,b\;c\\d\ne\nf:g"h"#, #"item1.URL:http://example.com/x\,y"#,
      "X-ABUID:6B29A774:ABPerson", #"X-TRAILING:back\\"#, #"N:Doe\, Jr.;Jane;;;"#,
    ] {
      #expect(text.contains("\r\n" + line + "\r\n"), "\(line) in\n\(text)")
    }
    let read = try readCard(text)
    for name in ["FN", "NOTE", "X-ABUID", "X-TRAILING"] {
      #expect(read.first(name)?.text == card.first(name)?.text, "\(name) means what it meant")
    }
    #expect(VCardWriter(version: .v30).string(read) == text)
  }

  @Test func quotesAndCaretEncodesParameterValues() {
    let property = VCardProperty(
      name: "ADR",
      parameters: [VCardParameter("LABEL", "1 Main St.\nTown: \"Old\" ^ 1,2"), VCardParameter("TYPE", "home")],
      value: ";;1 Main St.;Town;;;")
    let text = VCardWriter().string(VCard(properties: [VCardProperty(name: "FN", text: "A"), property]))
    #expect(text.contains(#"ADR;LABEL="1 Main St.^nTown: ^'Old^' ^^ 1,2";TYPE=home:;;1 Main St.;Town;;;"#))
    #expect(VCardReader.read(text).first?.card?.first("ADR") == property)
  }

  @Test func writesARawLineBreakInAValueAsEscaped() {
    let card = VCard(properties: [VCardProperty(name: "FN", value: "two\nlines\r\nand\rmore")])
    #expect(VCardWriter().string(card).contains("FN:two\\nlines\\nand\\nmore\r\n"))
  }

  @Test func neverWritesCharsetOrQuotedPrintable() {
    let card = VCard(properties: [
      VCardProperty(
        name: "FN", parameters: [VCardParameter("CHARSET", "UTF-8"), VCardParameter("ENCODING", "QUOTED-PRINTABLE")],
        value: "Zoë"),
      VCardProperty(
        name: "NOTE", parameters: [VCardParameter("ENCODING", "8BIT"), VCardParameter("LANGUAGE", "fr")], value: "x"),
    ])
    for version in [VCardVersion.v30, .v40] {
      let text = VCardWriter(version: version).string(card)
      #expect(text.contains("\r\nFN:Zoë\r\n"))
      #expect(text.contains("\r\nNOTE;LANGUAGE=fr:x\r\n"))
    }
  }

  @Test func derivesAMissingFormattedNameFromNThenOrgThenEmail() {
    func formattedName(_ properties: [VCardProperty]) -> String? {
      let text = VCardWriter().string(VCard(properties: properties))
      return VCardReader.read(text).first?.card?.first("FN")?.text
    }
    #expect(
      formattedName([VCardProperty(name: "N", components: [["Doe"], ["Jane"], ["Q"], ["Dr."], ["Jr."]])])
        == "Dr. Jane Q Doe Jr.")
    #expect(formattedName([VCardProperty(name: "ORG", components: [["ACME, Inc."], ["Sales"]])]) == "ACME, Inc.")
    #expect(formattedName([VCardProperty(name: "EMAIL", value: "a@b.c")]) == "a@b.c")
    #expect(formattedName([]) == "")
    #expect(
      formattedName([VCardProperty(name: "FN", text: "Given"), VCardProperty(name: "ORG", text: "Not this")]) == "Given"
    )
  }

  @Test func foldsAt75OctetsWithoutSplittingACharacter() throws {
    let writer = VCardWriter()
    // "NOTE:" plus 70 ASCII octets is exactly 75: not folded; one more octet folds.
    let exact = writer.string(
      VCard(properties: [VCardProperty(name: "NOTE", value: String(repeating: "a", count: 70))]))
    #expect(exact.contains("\r\nNOTE:" + String(repeating: "a", count: 70) + "\r\n"))
    let over = writer.string(VCard(properties: [VCardProperty(name: "NOTE", value: String(repeating: "a", count: 71))]))
    #expect(over.contains("\r\nNOTE:" + String(repeating: "a", count: 70) + "\r\n a\r\n"))

    // "é" is 2 octets, "🙂" 4, "e\u{301}" 3: every offset meets a character boundary somewhere.
    for prefix in 0..<4 {
      let value = String(repeating: "x", count: prefix) + String(repeating: "é🙂e\u{301}漢", count: 40)
      let bytes = writer.bytes(VCard(properties: [VCardProperty(name: "NOTE", text: value)]))
      let lines = try physicalLines(bytes)
      #expect(lines.allSatisfy { $0.count <= 75 })
      #expect(lines.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "a character was split")
      #expect(lines.contains { $0.count >= 72 }, "lines should be filled")
      #expect(VCardReader.read(bytes).first?.card?.first("NOTE")?.text == value)
    }
  }

  @Test func profileIsNeverWritten() throws {
    // vobject refuses any card with PROFILE, 3.0 included (Radicale answers the PUT with an error).
    let card = try readCard(crlf("BEGIN:VCARD", "VERSION:3.0", "PROFILE:VCard", "FN:P", "N:;;;;", "END:VCARD"))
    #expect(
      VCardWriter(version: .v30).string(card) == crlf("BEGIN:VCARD", "VERSION:3.0", "FN:P", "N:;;;;", "END:VCARD"))
    #expect(!VCardWriter(version: .v40).string(card).contains("PROFILE"))
  }

  @Test func convertsBinaryPhotosBetween30And40() throws {
    let v30 = try readCard(
      crlf("BEGIN:VCARD", "VERSION:3.0", "FN:P", "N:;;;;", "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRg==", "END:VCARD"))
    let as40 = VCardWriter(version: .v40).string(v30)
    #expect(as40.contains("\r\nPHOTO:data:image/jpeg;base64,/9j/4AAQSkZJRg==\r\n"))
    let back = VCardWriter(version: .v30).string(try readCard(as40))
    #expect(back.contains("\r\nPHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRg==\r\n"))
    #expect(back == VCardWriter(version: .v30).string(v30))

    // 2.1's BASE64 becomes 3.0's b; a KEY's format comes along; other URIs stay URIs.
    let v21 = try readCard(
      crlf(
        "BEGIN:VCARD", "VERSION:2.1", "FN:K", "KEY;X509;ENCODING=BASE64:MIIB",
        "LOGO;VALUE=uri:http://example.com/l.png",
        "PHOTO;BASE64:iVBORw0KGgoAAA", "END:VCARD"))
    let v21as30 = VCardWriter(version: .v30).string(v21)
    #expect(v21as30.contains("\r\nKEY;TYPE=X509;ENCODING=b:MIIB\r\n"))
    #expect(v21as30.contains("\r\nLOGO;VALUE=uri:http://example.com/l.png\r\n"))
    let v21as40 = VCardWriter(version: .v40).string(v21)
    #expect(v21as40.contains("\r\nKEY:data:application/x-x509-ca-cert;base64,MIIB\r\n"))
    #expect(v21as40.contains("\r\nPHOTO:data:image/png;base64,iVBORw0KGgoAAA\r\n"))
  }

  @Test func writingTwiceGivesTheSameBytesAndAppendStreams() {
    let cards = [
      VCard(properties: [VCardProperty(name: "FN", text: String(repeating: "Zoë 🙂 ", count: 30))]),
      VCard(properties: [VCardProperty(name: "N", components: [["Doe"], ["J"]])]),
    ]
    let writer = VCardWriter(version: .v30)
    var streamed: [UInt8] = []
    for card in cards { writer.append(card, to: &streamed) }
    #expect(Array(writer.string(cards).utf8) == streamed)
    #expect(writer.string(cards) == writer.string(cards))
    #expect(writer.bytes(cards[0]) + writer.bytes(cards[1]) == streamed)
  }
}

/// Splits written bytes at CRLF, failing on a bare CR or LF.
func physicalLines(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> [ArraySlice<UInt8>] {
  var lines: [ArraySlice<UInt8>] = []
  var start = 0
  var index = 0
  while index < bytes.count {
    if bytes[index] == 0x0D {
      try #require(index + 1 < bytes.count && bytes[index + 1] == 0x0A, "bare CR", sourceLocation: sourceLocation)
      lines.append(bytes[start..<index])
      index += 2
      start = index
    } else {
      try #require(bytes[index] != 0x0A, "bare LF", sourceLocation: sourceLocation)
      index += 1
    }
  }
  try #require(start == bytes.count, "the output does not end in CRLF", sourceLocation: sourceLocation)
  return lines
}
