/// Why the reader refused a card (or a whole input), in the user's words, with where it happened.
///
/// Line numbers are 1-based and count physical lines of the input (before unfolding), so a user
/// can open the file at the line the message names.
public struct VCardReadError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// No BEGIN:VCARD anywhere in a non-empty input: reported once, for the whole input.
    case notAVCard
    /// The input ended, or the next BEGIN:VCARD came, before this card's END:VCARD.
    case missingEnd
    /// A line's bytes are not UTF-8 and its property names no CHARSET that explains them.
    case invalidUTF8
    /// A content line with no `:` between its name and its value.
    case missingColon
    /// A content line that starts with `:` or `;`: there is no property name.
    case missingName
    /// The card is larger than `VCardReader.Limits.maximumCardBytes` (its size is counted to its
    /// END:VCARD, but not kept in memory).
    case cardTooLarge(bytes: Int, limit: Int)
  }

  public var kind: Kind
  /// The line of the card's BEGIN:VCARD (1 for `notAVCard`).
  public var startLine: Int
  /// The line of the problem, when it is not the card as a whole.
  public var line: Int?

  public init(kind: Kind, startLine: Int, line: Int? = nil) {
    self.kind = kind
    self.startLine = startLine
    self.line = line
  }

  public var description: String {
    let card = "the card starting on line \(startLine)"
    let at = line.map { "line \($0) of \(card)" } ?? card
    switch kind {
    case .notAVCard:
      return "this is not a vCard file: there is no BEGIN:VCARD in it"
    case .missingEnd:
      return "\(card) has no END:VCARD"
    case .invalidUTF8:
      return "\(at) is not valid UTF-8 and names no CHARSET"
    case .missingColon:
      return "\(at) has no colon (a vCard line is NAME:value)"
    case .missingName:
      return "\(at) has no property name before its value"
    case .cardTooLarge(let bytes, let limit):
      return "\(card) is \(Self.size(bytes)), over the \(Self.size(limit)) limit; it was skipped"
    }
  }

  /// Sizes as people read them: bytes, kB or MB with one decimal at most.
  static func size(_ bytes: Int) -> String {
    if bytes < 1_000 { return "\(bytes) bytes" }
    if bytes < 1_000_000 { return "\((bytes + 500) / 1_000) kB" }
    let tenths = (bytes + 50_000) / 100_000
    return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
  }
}

/// One card the reader met: the card, or why it was refused, and the line its BEGIN:VCARD is on.
public struct VCardReadResult: Hashable, Sendable {
  public var startLine: Int
  public var result: Result<VCard, VCardReadError>

  public init(startLine: Int, result: Result<VCard, VCardReadError>) {
    self.startLine = startLine
    self.result = result
  }

  /// The card, if it was read.
  public var card: VCard? { try? result.get() }

  /// Why the card was refused, if it was.
  public var error: VCardReadError? {
    if case .failure(let error) = result { return error }
    return nil
  }
}
