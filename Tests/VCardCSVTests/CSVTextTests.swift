import Testing
import VCardCSV

@Suite("CSVText: encodings, separators and telling CSV from vCard")
struct CSVTextTests {
  @Test(
    arguments: [
      ([0xEF, 0xBB, 0xBF, 0x61, 0xC3, 0xA9], "aé", CSVText.Encoding.utf8),
      ([0x61, 0xC3, 0xA9], "aé", .utf8),
      ([0x61, 0xE9, 0x80], "aé€", .windows1252),
      ([0xFF, 0xFE, 0x61, 0x00, 0xE9, 0x00], "aé", .utf16LittleEndian),
      ([0xFE, 0xFF, 0x00, 0x61, 0x00, 0xE9], "aé", .utf16BigEndian),
      ([0x61, 0x00, 0x2C, 0x00, 0x62, 0x00, 0xE9, 0x00], "a,bé", .utf16LittleEndian),
    ] as [([UInt8], String, CSVText.Encoding)])
  func decodesWhateverEncodingArrives(bytes: [UInt8], text: String, encoding: CSVText.Encoding) {
    let decoded = CSVText(decoding: bytes)
    #expect(decoded.text == text)
    #expect(decoded.encoding == encoding)
  }

  @Test func choosesTheSeparatorThatSplitsTheHeaderMost() {
    #expect(CSVText(decoding: Array("Prénom;Nom;\"a,b\"\nx,y,z,w,v".utf8)).delimiter == ";")
    #expect(CSVText(decoding: Array("Name,E-mail;x\n".utf8)).delimiter == ",")
    #expect(CSVText(decoding: Array("Name\tEmail\n".utf8)).delimiter == "\t")
  }

  @Test func tellsCSVFromVCardAndFromText() {
    #expect(CSVText.looksLikeCSV(Array("First Name,Last Name\r\nAda,Lovelace\r\n".utf8)))
    #expect(CSVText.looksLikeCSV([0xFF, 0xFE] + Array("N,E\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })))
    #expect(!CSVText.looksLikeCSV(Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A, B\r\nEND:VCARD\r\n".utf8)))
    #expect(!CSVText.looksLikeCSV(Array("just some words\n".utf8)))
  }
}
