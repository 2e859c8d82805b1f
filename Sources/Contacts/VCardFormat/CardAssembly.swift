/// The card the reader is in the middle of: its properties so far, the content line being
/// unfolded, and the first problem met (a card with a problem is refused as a whole, at its END).
struct CardAssembly {
  let startLine: Int
  /// Bytes of the card's lines after BEGIN, terminators included: what the size limit counts.
  var byteCount = 0
  private(set) var properties: [VCardProperty] = []
  private(set) var problem: VCardReadError?
  /// Over the size limit: nothing more is kept, only counted.
  private(set) var isRefused = false
  /// How deep the reader is inside a 2.1 AGENT's nested card.
  var agentDepth = 0
  private var agentLines: [String] = []

  private var pending: [UInt8] = []
  private var pendingLine = 0
  private var pendingTransferEncoding: VCardContentLine.TransferEncoding?

  init(startLine: Int) {
    self.startLine = startLine
  }

  mutating func refuse() {
    isRefused = true
    properties = []
    pending = []
    agentLines = []
  }

  /// An AGENT with no value of its own: the nested card on the next lines is its value (2.1).
  var lastPropertyIsEmptyAgent: Bool {
    guard pending.isEmpty, let last = properties.last, last.name == "AGENT" else { return false }
    return last.value.trimmingSpaces.isEmpty
  }

  /// Joins `line` to the pending content line if it continues it: a folded line (one leading
  /// space or tab, dropped); the line after a quoted-printable soft break (`=` at the end),
  /// which Android and Outlook do not indent; or, after a base64 value, an unindented line of
  /// base64 alone, as some 2.1 writers wrap binary values.
  mutating func continues(with line: ArraySlice<UInt8>, marker: CardMarker?) -> Bool {
    guard !pending.isEmpty else { return false }
    if let first = line.first, first.isBlank {
      pending.append(contentsOf: line.dropFirst())
      return true
    }
    guard marker == nil, !line.isEmpty else { return false }
    if pending.last == .equals, pendingEncoding == .quotedPrintable {
      pending.removeLast()
      pending.append(contentsOf: line)
      return true
    }
    if line.allSatisfy(\.isBase64), pendingEncoding == .base64 {
      pending.append(contentsOf: line)
      return true
    }
    return false
  }

  private var pendingEncoding: VCardContentLine.TransferEncoding? {
    mutating get {
      if let known = pendingTransferEncoding { return known }
      guard case .success(let cut) = VCardContentLine.cut(pending[...]) else { return nil }
      pendingTransferEncoding = cut.transferEncoding
      return cut.transferEncoding
    }
  }

  mutating func startPendingLine(_ line: ArraySlice<UInt8>, at number: Int) {
    pending.append(contentsOf: line)
    pendingLine = number
    pendingTransferEncoding = nil
  }

  /// Turns the pending content line into a property, or records why it cannot be one.
  mutating func completePendingLine() {
    guard !pending.isEmpty else { return }
    defer {
      pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
      pendingTransferEncoding = nil
    }
    guard problem == nil else { return }
    switch VCardContentLine.cut(pending[...]) {
    case .failure(.missingColon):
      problem = VCardReadError(kind: .missingColon, startLine: startLine, line: pendingLine)
    case .failure(.missingName):
      problem = VCardReadError(kind: .missingName, startLine: startLine, line: pendingLine)
    case .success(let cut):
      switch VCardPropertyDecoding.property(from: cut) {
      case .success(let property): properties.append(property)
      case .failure(.invalidUTF8):
        problem = VCardReadError(kind: .invalidUTF8, startLine: startLine, line: pendingLine)
      }
    }
  }

  /// Keeps a line of the AGENT's nested card; at its END, the nested card becomes the AGENT's
  /// value, as text with escaped line breaks (how 3.0 writes an inline AGENT).
  mutating func appendToAgent(_ line: ArraySlice<UInt8>, marker: CardMarker?) {
    if marker == .begin { agentDepth += 1 }
    if marker == .end { agentDepth -= 1 }
    agentLines.append(LegacyCharset.unknown.decode(line) ?? "")
    guard agentDepth == 0, let index = properties.indices.last else { return }
    properties[index].value = VCardEscaping.escape(agentLines.joined(separator: "\n"))
    agentLines = []
  }
}
