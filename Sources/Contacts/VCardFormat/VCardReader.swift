/// A lenient, streaming vCard reader: bytes in, one result per card out.
///
/// Feed the input in chunks of any size (`feed`), then call `finish` once: each call returns the
/// cards completed so far, so a caller importing a large file holds one chunk and one card at a
/// time, never the file. One bad card never stops the rest: it comes out as a failure naming the
/// line it starts on and the line of the problem, and the reader goes on with the next card.
///
/// It reads what clients write, not only what the RFCs allow: 2.1, 3.0 and 4.0; a UTF-8 BOM;
/// CRLF, LF or lone CR; folded lines (unfolded as bytes, before decoding); quoted-printable with
/// soft breaks onto unindented lines and a CHARSET; bare 2.1 parameters; quoted and RFC 6868
/// parameter values; groups; lower-case names; VERSION anywhere; text around cards; and a 2.1
/// AGENT's nested card, which becomes the AGENT's text value as 3.0 writes it.
public struct VCardReader: Sendable {
  public struct Limits: Hashable, Sendable {
    /// A card larger than this is refused with its size (a 20 MB photo, say): its bytes are
    /// counted, not kept, and the reader goes on with the next card. This also bounds the
    /// memory one line can take.
    public var maximumCardBytes: Int

    public init(maximumCardBytes: Int = 10_000_000) {
      self.maximumCardBytes = maximumCardBytes
    }
  }

  public let limits: Limits

  /// Bytes kept of a line outside a card, or of a refused card: enough to see BEGIN or END.
  private static let skimmedLineBytes = 64

  private var line: [UInt8] = []
  private var lineLength = 0
  private var lineNumber = 0
  /// Carriage returns not yet known to end a line: CR LF is one break, so is CR CR LF (seen in
  /// iPhone exports), while each lone CR is a break of its own.
  private var pendingCarriageReturns = 0
  private var sawContent = false
  private var sawBegin = false
  private var card: CardAssembly?
  private var output: [VCardReadResult] = []

  public init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Reads a whole input at once: for tests and small files.
  public static func read(_ bytes: some Sequence<UInt8>, limits: Limits = Limits()) -> [VCardReadResult] {
    var reader = VCardReader(limits: limits)
    var results = reader.feed(bytes)
    results += reader.finish()
    return results
  }

  /// Reads a whole text at once: for tests and small inputs.
  public static func read(_ text: String, limits: Limits = Limits()) -> [VCardReadResult] {
    read(Array(text.utf8), limits: limits)
  }

  /// Takes the next chunk of the input and returns the cards it completed, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [VCardReadResult] {
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in scan(buffer) }
    if done == nil {
      let array = Array(bytes)
      array.withUnsafeBufferPointer { scan($0) }
    }
    defer { output.removeAll(keepingCapacity: true) }
    return output
  }

  /// Ends the input: returns the card left open (as a failure: it has no END) and, when the
  /// input had content but no BEGIN:VCARD, one failure saying it is not a vCard file.
  public mutating func finish() -> [VCardReadResult] {
    if pendingCarriageReturns > 0 {
      endPendingCarriageReturns()
    } else if lineLength > 0 {
      endLine(terminator: 0)
    }
    if let card {
      self.card = nil
      finish(card, ended: false)
    }
    if sawContent, !sawBegin {
      output.append(
        VCardReadResult(startLine: 1, result: .failure(VCardReadError(kind: .notAVCard, startLine: 1))))
      sawContent = false
    }
    defer { output.removeAll() }
    return output
  }

  private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) {
    var index = 0
    let count = buffer.count
    while index < count {
      if pendingCarriageReturns > 0 {
        switch buffer[index] {
        case .lineFeed:
          index += 1
          endLine(terminator: pendingCarriageReturns + 1)
          pendingCarriageReturns = 0
        case .carriageReturn:
          index += 1
          pendingCarriageReturns += 1
        default:
          endPendingCarriageReturns()
        }
        continue
      }
      var end = index
      while end < count, buffer[end] != .lineFeed, buffer[end] != .carriageReturn { end += 1 }
      keep(UnsafeBufferPointer(rebasing: buffer[index..<end]))
      guard end < count else { return }
      if buffer[end] == .lineFeed {
        endLine(terminator: 1)
      } else {
        pendingCarriageReturns = 1
      }
      index = end + 1
    }
  }

  /// Adds bytes to the current line, keeping only a prefix when the line cannot matter whole.
  private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
    lineLength += bytes.count
    let room: Int
    if let card, !card.isRefused {
      room = limits.maximumCardBytes - card.byteCount + 1 - line.count
    } else {
      room = Self.skimmedLineBytes - line.count
    }
    if room >= bytes.count {
      line.append(contentsOf: bytes)
    } else if room > 0 {
      line.append(contentsOf: bytes.prefix(room))
    }
  }

  private mutating func endPendingCarriageReturns() {
    for _ in 0..<pendingCarriageReturns { endLine(terminator: 1) }
    pendingCarriageReturns = 0
  }

  /// `terminator`: how many bytes ended the line, for the card's size.
  private mutating func endLine(terminator: Int) {
    lineNumber += 1
    if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
    handleLine(line[...], length: lineLength + terminator)
    line.removeAll(keepingCapacity: line.capacity <= 1 << 16)
    lineLength = 0
  }

  private mutating func handleLine(_ bytes: ArraySlice<UInt8>, length: Int) {
    let marker = CardMarker(bytes)
    if !sawContent, !bytes.allSatisfy(\.isBlank) { sawContent = true }
    guard var card else {
      if marker == .begin { begin(at: lineNumber, length: length) }
      return
    }
    self.card = nil
    card.byteCount += length
    if !card.isRefused, card.byteCount > limits.maximumCardBytes { card.refuse() }

    if card.isRefused {
      switch marker {
      case .end where card.agentDepth == 0:
        finish(card, ended: true)
      case .begin where card.agentDepth == 0 && !card.lastPropertyIsEmptyAgent:
        finish(card, ended: true)
        begin(at: lineNumber, length: length)
      default:
        if marker == .begin { card.agentDepth += 1 }
        if marker == .end { card.agentDepth -= 1 }
        self.card = card
      }
      return
    }

    if card.agentDepth > 0 {
      card.appendToAgent(bytes, marker: marker)
      self.card = card
      return
    }
    if card.continues(with: bytes, marker: marker) {
      self.card = card
      return
    }
    card.completePendingLine()
    switch marker {
    case .end:
      finish(card, ended: true)
    case .begin where card.lastPropertyIsEmptyAgent:
      card.appendToAgent(bytes, marker: marker)
      self.card = card
    case .begin:
      finish(card, ended: false)
      begin(at: lineNumber, length: length)
    case nil:
      if !bytes.allSatisfy(\.isBlank) { card.startPendingLine(bytes, at: lineNumber) }
      self.card = card
    }
  }

  private mutating func begin(at line: Int, length: Int) {
    sawBegin = true
    card = CardAssembly(startLine: line)
    card?.byteCount = length
  }

  private mutating func finish(_ card: CardAssembly, ended: Bool) {
    let error: VCardReadError?
    if card.isRefused {
      error = VCardReadError(
        kind: .cardTooLarge(bytes: card.byteCount, limit: limits.maximumCardBytes), startLine: card.startLine)
    } else if let problem = card.problem {
      error = problem
    } else if !ended {
      error = VCardReadError(kind: .missingEnd, startLine: card.startLine)
    } else {
      error = nil
    }
    let result: Result<VCard, VCardReadError> =
      error.map { .failure($0) } ?? .success(VCard(properties: card.properties))
    output.append(VCardReadResult(startLine: card.startLine, result: result))
  }
}

/// BEGIN:VCARD and END:VCARD lines, whatever their case and trailing blanks. A leading blank
/// makes a line the continuation of a folded one, never a marker.
enum CardMarker {
  case begin
  case end

  init?(_ line: ArraySlice<UInt8>) {
    var trimmed = line
    while let last = trimmed.last, last.isBlank { trimmed.removeLast() }
    if trimmed.equalsIgnoringCase("BEGIN:VCARD") {
      self = .begin
    } else if trimmed.equalsIgnoringCase("END:VCARD") {
      self = .end
    } else {
      return nil
    }
  }
}
