/// A strict vCard writer for 4.0 (RFC 6350, the default) and 3.0 (RFC 2426).
///
/// Each card is `BEGIN:VCARD`, `VERSION` (the writer's, replacing the card's own), then the card's
/// properties in their order, then `END:VCARD`; lines end in CRLF and fold at 75 octets without
/// splitting a UTF-8 character. Output is a pure function of the card, so writing a card twice
/// gives the same bytes. `append` adds one card to a buffer the caller owns, so an export can
/// stream cards to a file without building the whole file in memory.
///
/// What the writer changes so the output is valid for its version (see `VersionConversion`):
/// - FN is required (3.0 and 4.0): a card without one gets one, right after VERSION, made from
///   N (prefix, given, additional, family, suffix), else the first ORG, else the first EMAIL,
///   else empty. 3.0 also requires N, and so does any 3.0 client of a server that converts 4.0
///   cards to 3.0: a card without N gets `N:;;;;` in either version.
/// - A NICKNAME list is written as one NICKNAME per nickname (both versions allow several):
///   vobject keeps only the first of a list.
/// - PROFILE is dropped: 3.0's declaration that the object is a vCard, which RFC 6350 removed
///   and which says nothing; vobject (so khard, and Radicale on upload) refuses a card that has
///   one, in 3.0 as in 4.0.
/// - CHARSET and the text transfer encodings (QUOTED-PRINTABLE, 8BIT, 7BIT) are never written:
///   values are already UTF-8 text.
/// - Binary values: 4.0 writes them as `data:` URIs (`PHOTO:data:image/jpeg;base64,...`), 3.0 as
///   `ENCODING=b` with the format in TYPE (`PHOTO;ENCODING=b;TYPE=JPEG:...`); each converts the
///   other's form, and 2.1's `ENCODING=BASE64`, for PHOTO, LOGO, SOUND and KEY.
/// - Values are escaped as RFC 6350 §3.4 and RFC 2426 require, whatever the source wrote
///   (`VCardValueShape`): a comma in a single text (FN, NOTE, TITLE, EMAIL, an ORG component, …)
///   is written `\,`, so a 2.1 card's `FN:Jörg Müller, GF` is not cut to `Jörg Müller` by
///   vobject (Radicale, khard); lenient escapes such as Apple's `http\://` are undone; lists,
///   components and URIs keep their separators. Already escaped values are written unchanged.
/// - A line break left raw in a value is written as `\n`, and other control characters but tab
///   (an Outlook FBURL ends in a form feed) are dropped, as Radicale drops them; parameter
///   values holding `:`, `;` or
///   `,` are quoted and line breaks, `"` and `^` in them are written as RFC 6868 says.
/// `.v21` is not a target: it is written as 3.0.
public struct VCardWriter: Sendable {
  public let version: VCardVersion

  public init(version: VCardVersion = .v40) {
    self.version = version == .v21 ? .v30 : version
  }

  /// Appends one card's lines to `output`.
  public func append(_ card: VCard, to output: inout [UInt8]) {
    output.append(contentsOf: "BEGIN:VCARD\r\nVERSION:\(version.rawValue)\r\n".utf8)
    var line: [UInt8] = []
    for property in VersionConversion.properties(of: card, for: version) {
      line.removeAll(keepingCapacity: true)
      Self.appendContentLine(property, to: &line)
      LineFolding.appendFolded(line, to: &output)
    }
    output.append(contentsOf: "END:VCARD\r\n".utf8)
  }

  /// One card's bytes.
  public func bytes(_ card: VCard) -> [UInt8] {
    var output: [UInt8] = []
    append(card, to: &output)
    return output
  }

  /// Cards as one text, for tests and small exports.
  public func string(_ cards: some Sequence<VCard>) -> String {
    var output: [UInt8] = []
    for card in cards { append(card, to: &output) }
    return String(decoding: output, as: UTF8.self)
  }

  /// One card as text.
  public func string(_ card: VCard) -> String {
    string(CollectionOfOne(card))
  }

  private static func appendContentLine(_ property: VCardProperty, to line: inout [UInt8]) {
    if let group = property.group, !group.isEmpty {
      line.append(contentsOf: group.utf8)
      line.append(.period)
    }
    line.append(contentsOf: property.name.utf8)
    for parameter in property.parameters {
      line.append(.semicolon)
      line.append(contentsOf: parameter.name.utf8)
      line.append(.equals)
      for (index, value) in parameter.values.enumerated() {
        if index > 0 { line.append(.comma) }
        line.append(contentsOf: ParameterValueCoding.encode(value).utf8)
      }
    }
    line.append(.colon)
    appendValue(property.value, to: &line)
  }

  /// The value as it is, but a raw line break becomes `\n` (a content line is one line) and
  /// other control characters but tab go: no version allows them in a value.
  private static func appendValue(_ value: String, to line: inout [UInt8]) {
    guard value.utf8Contains(where: { $0 < .space && $0 != .tab }) else {
      line.append(contentsOf: value.utf8)
      return
    }
    var previousWasCarriageReturn = false
    for byte in value.utf8 {
      defer { previousWasCarriageReturn = byte == .carriageReturn }
      switch byte {
      case .carriageReturn: line.append(contentsOf: [.backslash, 0x6E])
      case .lineFeed: if !previousWasCarriageReturn { line.append(contentsOf: [.backslash, 0x6E]) }
      case .tab: line.append(byte)
      case ..<UInt8.space: continue
      default: line.append(byte)
      }
    }
  }
}
