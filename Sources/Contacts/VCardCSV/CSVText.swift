import Foundation
import VCardFormat

/// A CSV file's bytes as text, whatever encoding it arrived in, and the separator it uses.
///
/// Address-book CSV comes in every encoding its writer's locale chose: Google writes UTF-8 (older
/// exports UTF-16), Excel's "CSV UTF-8" adds a byte-order mark, Outlook's "Comma Separated
/// Values" is the Windows code page (Windows-1252 in western Europe), and "Unicode Text" is
/// UTF-16. The bytes are decoded here, before CSV.swift sees them, because its stream reader
/// cuts a row short at the first byte that is not UTF-8, and its string reader keeps a
/// byte-order mark in the first header.
public struct CSVText: Sendable {
  /// The encodings `decode` tells apart, named for the summary and the tests.
  public enum Encoding: String, Sendable, Hashable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    case windows1252 = "Windows-1252"
  }

  /// The text, without a byte-order mark.
  public var text: String
  public var encoding: Encoding

  /// Decodes `bytes`: a byte-order mark says the encoding; without one, UTF-16 is recognised by
  /// its zero bytes (old Gmail exports), then the bytes are UTF-8 when they are valid UTF-8, and
  /// Windows-1252 (which maps every byte to a character) when they are not: nothing is lost.
  public init(decoding bytes: some Collection<UInt8>) {
    let bytes = Array(bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      self.init(text: LegacyCharset.unknown.decode(bytes.dropFirst(3)) ?? "", encoding: .utf8)
    } else if bytes.starts(with: [0xFF, 0xFE]) {
      self.init(text: Self.utf16(bytes.dropFirst(2), littleEndian: true), encoding: .utf16LittleEndian)
    } else if bytes.starts(with: [0xFE, 0xFF]) {
      self.init(text: Self.utf16(bytes.dropFirst(2), littleEndian: false), encoding: .utf16BigEndian)
    } else if let littleEndian = Self.looksLikeUTF16(bytes) {
      self.init(
        text: Self.utf16(bytes[...], littleEndian: littleEndian),
        encoding: littleEndian ? .utf16LittleEndian : .utf16BigEndian)
    } else if let text = LegacyCharset.strictUTF8(bytes) {
      self.init(text: text, encoding: .utf8)
    } else {
      self.init(text: LegacyCharset.windows1252(bytes), encoding: .windows1252)
    }
  }

  init(text: String, encoding: Encoding) {
    self.text = text
    self.encoding = encoding
  }

  /// The separator of the header line: whichever of `,`, `;` and tab splits it into the most
  /// columns (outside quotes), as Thunderbird chooses; a French Outlook writes `;`.
  public var delimiter: Unicode.Scalar {
    var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
    var isQuoted = false
    for scalar in text.unicodeScalars {
      if scalar == "\"" {
        isQuoted.toggle()
      } else if !isQuoted, scalar == "\n" || scalar == "\r" {
        break
      } else if !isQuoted, counts[scalar] != nil {
        counts[scalar, default: 0] += 1
      }
    }
    // On a tie, the comma: it is what the name says.
    let candidates: [Unicode.Scalar] = [",", ";", "\t"]
    return candidates.reduce(",") { best, candidate in counts[candidate]! > counts[best]! ? candidate : best }
  }

  /// Whether the start of a file looks like a CSV address book: a first line with at least two
  /// columns, and no vCard in sight. (Callers try abook's data file first.)
  public static func looksLikeCSV(_ start: some Collection<UInt8>) -> Bool {
    let text = CSVText(decoding: start.prefix(65_536))
    let head = text.text.prefix(4_096)
    if head.range(of: "BEGIN:VCARD", options: .caseInsensitive) != nil { return false }
    guard let firstLine = head.split(whereSeparator: \.isNewline).first, !firstLine.hasPrefix("#") else {
      return false
    }
    let delimiter = Character(text.delimiter)
    return firstLine.contains(delimiter)
  }

  /// UTF-16 without a byte-order mark, told by the zero high bytes of its ASCII characters:
  /// true for little-endian, false for big-endian, nil when the bytes are not UTF-16.
  private static func looksLikeUTF16(_ bytes: [UInt8]) -> Bool? {
    let sample = bytes.prefix(512)
    guard sample.count >= 4, sample.count % 2 == 0 else { return nil }
    var evenZeros = 0
    var oddZeros = 0
    for (index, byte) in sample.enumerated() where byte == 0 {
      if index % 2 == 0 { evenZeros += 1 } else { oddZeros += 1 }
    }
    let half = sample.count / 2
    if oddZeros * 2 > half && evenZeros == 0 { return true }
    if evenZeros * 2 > half && oddZeros == 0 { return false }
    return nil
  }

  private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    var index = bytes.startIndex
    while index + 1 < bytes.endIndex {
      let first = UInt16(bytes[index])
      let second = UInt16(bytes[index + 1])
      units.append(littleEndian ? first | second << 8 : first << 8 | second)
      index += 2
    }
    return String(decoding: units, as: UTF16.self)
  }
}
