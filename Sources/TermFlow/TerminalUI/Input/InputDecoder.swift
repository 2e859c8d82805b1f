/// Turns the raw bytes a terminal sends (in raw mode) into InputEvents. Pure and incremental:
/// bytes may arrive split at any point across `feed` calls.
///
/// A terminal multiplexes three things over one byte stream: UTF-8 text, keys that have no text
/// (arrows, function keys, Alt combinations) written as escape sequences, and answers to queries.
/// The decoder is a small state machine over that stream. It never guesses about time: a lone ESC
/// is ambiguous (the Escape key, or the start of a sequence whose next bytes are still in flight),
/// so it stays pending until more bytes arrive or the run loop's escape delay calls ``flushPending()``.
///
/// What it cannot make sense of it drops without a trace: invalid UTF-8, malformed sequences and
/// reports the app never asked for must not leak onto the screen as stray characters.
public struct InputDecoder: Sendable {
  private enum State: Sendable {
    /// Between keys: text and C0 controls. May hold the first bytes of a multi-byte character in `utf8`.
    case ground
    /// After an ESC that may be the Escape key, an Alt combination, or a sequence introducer.
    case escape
    /// After ESC and the lead byte of a multi-byte character, which becomes an Alt key once whole.
    case altCharacter
    /// Inside `ESC [`, collecting parameter and intermediate bytes in `sequence` until a final byte.
    case controlSequence
    /// Inside a control sequence too long to be one we know, discarding bytes up to its final byte.
    case overlongControlSequence
    /// After `ESC [ M`, a legacy (X10) mouse report: three raw bytes (button, column, row)
    /// follow, collected in `sequence`; bytes above 0x7F are coordinates, never UTF-8.
    case legacyMouseReport(bytesLeft: Int)
    /// After a lone ESC that the escape delay made the Escape key: a mouse report split there
    /// (a slow link, a fast wheel) goes on with `[<`, and is decoded as one, never typed.
    case afterLoneEscape
    /// After ``afterLoneEscape`` and `[`: a `<` makes it the rest of an SGR mouse report.
    case afterLoneEscapeBracket
    /// After `ESC O`, which takes exactly one final byte (keys in application cursor and keypad modes).
    case singleShift
    /// Between `ESC [ 200 ~` and `ESC [ 201 ~`, collecting pasted bytes in `pasted`.
    case paste
    /// Inside an OSC, DCS, APC, PM or SOS string (`ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X`):
    /// a terminal's reply, dropped whole up to its terminator (BEL, or ST = `ESC \`). Alone
    /// in a read (nothing after the introducer when the escape delay expires), it was the
    /// user's Alt key.
    case controlString(introducer: UInt8, length: Int, sawEscape: Bool)
  }

  /// The end marker of a bracketed paste, `ESC [ 201 ~`.
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
  /// No key or report we understand needs more parameter bytes than this; anything longer is junk.
  private static let maximumSequenceLength = 64

  private var state = State.ground
  private var utf8 = UTF8ScalarDecoder()
  private var sequence: [UInt8] = []
  private var pasted: [UInt8] = []
  /// How many bytes of `pasteEnd` the end of `pasted` already matches, so no chunk is scanned twice.
  private var pasteEndMatched = 0
  /// Printable scalars decoded in this `feed`, clustered into characters when a non-text event
  /// or the end of the feed closes the run.
  private var text = ""
  /// Events completed in this `feed`.
  private var events: [InputEvent] = []

  /// Operating-status reports (`ESC [ 0 n`, the answer to `ESC [ 5 n`) decoded so far. The
  /// terminal answers only after it has processed everything written before the query, which
  /// makes the query a barrier (see `TERMFLOW_READY_FIFO` in ``TerminalSession``). Counted, not
  /// delivered as events: apps never see them.
  public private(set) var statusReports = 0
  /// How many mouse reports came in the legacy X10 form: the terminal (tmux after a reattach)
  /// forgot the SGR form (1006), which the session then asks for again.
  public private(set) var legacyMouseReports = 0

  public init() {}

  /// Feeds bytes; returns the events completed so far. An ESC or an incomplete escape sequence at the end
  /// stays pending.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
    let bytes = Array(bytes)
    if bytes.count == 1, let key = typedCharacter(bytes[0]) { return [.key(key)] }
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if case .paste = state {
        index = collectPaste(bytes[index...])
      } else {
        consume(bytes[index])
        index += 1
      }
    }
    return takeEvents()
  }

  /// A read of one byte, a printable ASCII character, between keys: what a person typing sends,
  /// decoded straight to its key rather than through the run of text (a `String` that grows a
  /// scalar at a time and is then split into grapheme clusters). Nil for anything else.
  private func typedCharacter(_ byte: UInt8) -> Key? {
    guard byte >= 0x20, byte < 0x7F, case .ground = state, text.isEmpty, events.isEmpty, !utf8.isInsideScalar
    else { return nil }
    return Self.printableASCIIKeys[Int(byte) - 0x20]
  }

  /// The keys of printable ASCII, made once: making a `Character` runs the string code.
  private static let printableASCIIKeys: [Key] = (0x20..<0x7F).map {
    Key(.character(Character(Unicode.Scalar(UInt8($0)))))
  }

  /// True while a lone ESC or an unfinished escape sequence waits for more bytes (the run loop then arms
  /// a 25 ms timer).
  ///
  /// A half-received character or paste is not pending in this sense: the terminal is still
  /// writing it, and no timer should cut it short.
  public var hasPendingInput: Bool {
    switch state {
    case .ground, .paste: false
    case .escape, .altCharacter, .controlSequence, .overlongControlSequence, .legacyMouseReport, .singleShift,
      .controlString, .afterLoneEscapeBracket:
      true
    case .afterLoneEscape:
      false
    }
  }

  /// Called when the escape delay expired with no more bytes: a lone pending ESC becomes Key.escape; an unfinished
  /// sequence is dropped.
  public mutating func flushPending() -> [InputEvent] {
    switch state {
    case .ground, .paste, .afterLoneEscape:
      break
    case .escape:
      state = .afterLoneEscape
      emit(.key(.escape))
    case .afterLoneEscapeBracket:
      state = .ground
      text.unicodeScalars.append("[")
    case .controlString(let introducer, 0, false):
      state = .ground
      emit(.key(Key(.character(Character(Unicode.Scalar(introducer))), modifiers: .alt)))
    case .altCharacter, .controlSequence, .overlongControlSequence, .legacyMouseReport, .singleShift, .controlString:
      state = .ground
      utf8 = UTF8ScalarDecoder()
    }
    return takeEvents()
  }

  // MARK: - States

  private mutating func consume(_ byte: UInt8) {
    switch state {
    case .ground: consumeText(byte)
    case .escape: consumeAfterEscape(byte)
    case .altCharacter: consumeAltCharacter(byte)
    case .controlSequence: consumeControlSequence(byte)
    case .overlongControlSequence: consumeOverlongControlSequence(byte)
    case .legacyMouseReport(let bytesLeft):
      sequence.append(byte)
      if bytesLeft > 1 {
        state = .legacyMouseReport(bytesLeft: bytesLeft - 1)
      } else {
        state = .ground
        finishLegacyMouseReport()
      }
    case .afterLoneEscape:
      state = byte == UInt8(ascii: "[") ? .afterLoneEscapeBracket : .ground
      if byte != UInt8(ascii: "[") { consumeText(byte) }
    case .afterLoneEscapeBracket:
      if byte == UInt8(ascii: "<") {
        sequence = [byte]
        state = .controlSequence
      } else {
        state = .ground
        text.unicodeScalars.append("[")
        consumeText(byte)
      }
    case .singleShift: consumeSingleShift(byte)
    case .controlString(let introducer, let length, let sawEscape):
      consumeControlString(byte, introducer: introducer, length: length, sawEscape: sawEscape)
    case .paste: preconditionFailure("feed hands pasted bytes to collectPaste in bulk")
    }
  }

  private mutating func consumeText(_ byte: UInt8) {
    if let scalar = utf8.decode(byte) { receive(scalar) }
  }

  private mutating func receive(_ scalar: Unicode.Scalar) {
    switch scalar.value {
    case 0x1B: state = .escape
    case 0x00..<0x20, 0x7F: emit(.key(Self.controlKey(UInt8(scalar.value))))
    case 0x80..<0xA0: break  // C1 controls are not text, and no terminal sends them as keys
    default: text.unicodeScalars.append(scalar)
    }
  }

  private mutating func consumeAfterEscape(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "["):
      sequence.removeAll()
      state = .controlSequence
    case UInt8(ascii: "O"):
      state = .singleShift
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
      state = .controlString(introducer: byte, length: 0, sawEscape: false)
    case 0x1B:
      emit(.key(.escape))  // the first ESC was the Escape key; the second starts afresh
    case 0x20..<0x7F:
      state = .ground
      emit(.key(Key(.character(Character(Unicode.Scalar(byte))), modifiers: .alt)))
    case 0x00..<0x20, 0x7F:
      state = .ground
      var key = Self.controlKey(byte)
      key.modifiers.insert(.alt)
      emit(.key(key))
    default:
      state = .altCharacter
      consumeAltCharacter(byte)
    }
  }

  private mutating func consumeAltCharacter(_ byte: UInt8) {
    if let scalar = utf8.decode(byte) {
      state = .ground
      if scalar.isASCII {
        receive(scalar)  // the character was cut short; the byte that cut it is ordinary input
      } else if scalar.value >= 0xA0 {
        emit(.key(Key(.character(Character(scalar)), modifiers: .alt)))
      }
    } else if !utf8.isInsideScalar {
      state = .ground  // not UTF-8: drop the Alt key whole
    }
  }

  private mutating func consumeControlString(_ byte: UInt8, introducer: UInt8, length: Int, sawEscape: Bool) {
    switch byte {
    case UInt8(ascii: "\\") where sawEscape, 0x07:
      state = .ground
    case _ where sawEscape:
      // An ESC that is not ST cut the string short: it starts whatever comes next.
      state = .escape
      consumeAfterEscape(byte)
    case 0x1B:
      state = .controlString(introducer: introducer, length: length, sawEscape: true)
    default:
      state = .controlString(introducer: introducer, length: length + 1, sawEscape: false)
    }
  }

  private mutating func consumeControlSequence(_ byte: UInt8) {
    let afterIntermediate = sequence.last.map(Self.isIntermediate) ?? false
    switch byte {
    case 0x30..<0x40 where afterIntermediate:
      abandonSequence(at: byte)  // parameter bytes must come before intermediate bytes
    case 0x20..<0x40:
      sequence.append(byte)
      if sequence.count > Self.maximumSequenceLength { state = .overlongControlSequence }
    case 0x40..<0x7F:
      state = .ground
      finishControlSequence(final: byte)
    default:
      abandonSequence(at: byte)
    }
  }

  private mutating func consumeOverlongControlSequence(_ byte: UInt8) {
    switch byte {
    case 0x20..<0x40: break
    case 0x40..<0x7F: state = .ground
    default: abandonSequence(at: byte)
    }
  }

  private mutating func consumeSingleShift(_ byte: UInt8) {
    let code: Key.Code? =
      switch byte {
      case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(byte - UInt8(ascii: "O")))
      default: Self.letterKey(byte)
      }
    if let code {
      state = .ground
      emit(.key(Key(code)))
    } else {
      abandonSequence(at: byte)
    }
  }

  /// Drops a sequence cut short by a byte it cannot contain. An ESC there most likely starts the
  /// next sequence (the previous one lost its tail), so it is decoded; any other byte is junk.
  private mutating func abandonSequence(at byte: UInt8) {
    state = byte == 0x1B ? .escape : .ground
  }

  // MARK: - Control sequences

  /// Acts on `ESC [ sequence final`. Sequences the app has no use for (mouse and focus reports,
  /// cursor positions, answers about other modes, keys with private encodings) are dropped.
  private mutating func finishControlSequence(final: UInt8) {
    if final == UInt8(ascii: "y") {
      reportMode()
      return
    }
    // Keys have only decimal parameters: a private marker, a sub-parameter or an intermediate means something else.
    guard sequence.allSatisfy({ $0 == UInt8(ascii: ";") || Self.isDigit($0) }) else {
      if sequence.first == UInt8(ascii: "<") { finishMouseReport(released: final == UInt8(ascii: "m"), final: final) }
      return
    }
    let parameters = sequence.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(Self.number)
    let modifiers = Self.modifiers(parameters.count > 1 ? parameters[1] : nil)
    switch final {
    case UInt8(ascii: "n") where parameters == [0]:
      statusReports += 1
    case UInt8(ascii: "~"):
      let number = parameters[0]
      if number == 200 {
        state = .paste
      } else if let code = number.flatMap(Self.tildeKey) {
        emit(.key(Key(code, modifiers: modifiers)))
      }
    case UInt8(ascii: "Z"):
      emit(.key(Key(.tab, modifiers: modifiers.union(.shift))))
    case UInt8(ascii: "M") where sequence.isEmpty:
      state = .legacyMouseReport(bytesLeft: 3)
      sequence.removeAll(keepingCapacity: true)
    default:
      if let code = Self.letterKey(final) { emit(.key(Key(code, modifiers: modifiers))) }
    }
  }

  /// DECRPM, `ESC [ ? mode ; Ps $ y`: the answer to a DECRQM query about one of the
  /// ``TerminalMode``s. A terminal supports a mode when it reports it set (1) or reset (2).
  private mutating func reportMode() {
    guard sequence.first == UInt8(ascii: "?"), sequence.last == UInt8(ascii: "$") else { return }
    let parameters = sequence.dropFirst().dropLast().split(separator: UInt8(ascii: ";")).map(Self.number)
    guard parameters.count == 2, let number = parameters[0], let mode = TerminalMode(rawValue: number),
      let value = parameters[1]
    else { return }
    emit(.terminalMode(mode, supported: value == 1 || value == 2))
  }

  // MARK: - Mouse reports

  /// SGR (mode 1006), `ESC [ < b ; x ; y M` for a press or `m` for a release: decimal
  /// parameters, so any coordinate fits. Anything else after `ESC [ <` is dropped.
  private mutating func finishMouseReport(released: Bool, final: UInt8) {
    guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return }
    let parameters = sequence.dropFirst().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map(Self.number)
    guard parameters.count == 3, let button = parameters[0], let column = parameters[1], let row = parameters[2],
      let event = MouseEvent.decoding(button: button, released: released, column: column, row: row)
    else { return }
    emit(.mouse(event))
  }

  /// X10, `ESC [ M b x y`, each value plus 32 in one byte (so coordinates stop at 223): what
  /// tmux sends after a reattach until 1006 is asked for again. A byte below 32 (a coordinate
  /// past 223 that a terminal wrote as 0) makes no event.
  private mutating func finishLegacyMouseReport() {
    legacyMouseReports += 1
    guard sequence.count == 3, sequence.allSatisfy({ $0 >= 32 }) else { return }
    let values = sequence.map { Int($0) - 32 }
    guard let event = MouseEvent.decoding(button: values[0], released: false, column: values[1], row: values[2])
    else { return }
    emit(.mouse(event))
  }

  // MARK: - Bracketed paste

  /// Appends pasted bytes up to and including the end marker; returns the index where decoding continues.
  /// Each byte is looked at once, whatever the chunking, so a paste costs time linear in its length.
  private mutating func collectPaste(_ bytes: ArraySlice<UInt8>) -> Int {
    let marker = Self.pasteEnd
    var matched = pasteEndMatched
    defer { pasteEndMatched = matched }
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == marker[matched] {
        matched += 1
      } else {
        matched = byte == marker[0] ? 1 : 0  // only ESC can start the marker, so no other prefix can overlap
      }
      if matched == marker.count {
        matched = 0
        pasted.append(contentsOf: bytes[..<(index + 1)])
        pasted.removeLast(marker.count)
        finishPaste()
        return index + 1
      }
    }
    pasted.append(contentsOf: bytes)
    return bytes.endIndex
  }

  /// Decodes the pasted bytes as UTF-8, dropping what is not, with every line break as "\n".
  /// Valid bytes are copied and decoded once at the end, which is far cheaper than growing a String.
  private mutating func finishPaste() {
    var decoder = UTF8ScalarDecoder()
    var valid: [UInt8] = []
    valid.reserveCapacity(pasted.count)
    var afterCarriageReturn = false
    for byte in pasted {
      guard let scalar = decoder.decode(byte) else { continue }
      if scalar == "\r" {
        valid.append(UInt8(ascii: "\n"))
      } else if !(scalar == "\n" && afterCarriageReturn) {
        UTF8.encode(scalar) { valid.append($0) }
      }
      afterCarriageReturn = scalar == "\r"
    }
    pasted = []
    state = .ground
    emit(.paste(String(decoding: valid, as: UTF8.self)))
  }

  // MARK: - Output

  private mutating func emit(_ event: InputEvent) {
    closeText()
    events.append(event)
  }

  /// Turns the run of text so far into one key per grapheme cluster.
  private mutating func closeText() {
    for character in text { events.append(.key(.character(character))) }
    text = ""
  }

  private mutating func takeEvents() -> [InputEvent] {
    closeText()
    defer { events = [] }
    return events
  }

  // MARK: - Tables

  /// The key raw mode delivers as a C0 control byte other than ESC, or DEL. Ctrl-letter arrives as
  /// the letter's position in the alphabet, Ctrl-Space as NUL, and Ctrl-\ ] ^ _ as 0x1C–0x1F.
  private static func controlKey(_ byte: UInt8) -> Key {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x09: .tab
    case 0x7F, 0x08: .backspace
    case 0x00: Key(.character(" "), modifiers: .control)
    case 0x01...0x1A: .ctrl(Character(Unicode.Scalar(byte + 0x60)))
    default: .ctrl(Character(Unicode.Scalar(byte + 0x40)))
    }
  }

  /// Keys whose sequence ends in a letter, the same after `ESC [` and `ESC O`.
  private static func letterKey(_ final: UInt8) -> Key.Code? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }

  /// Keys written `ESC [ number ~` (the VT220 editing and function keys). The gaps at 16 and 22
  /// are historical: they were keys the VT220 had and PC keyboards do not.
  private static func tildeKey(_ number: Int) -> Key.Code? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(number - 10)
    case 17...21: .function(number - 11)
    case 23, 24: .function(number - 12)
    default: nil
    }
  }

  /// xterm writes modifiers as 1 + a bitmask: shift 1, alt 2, control 4, meta 8. Keyboards without
  /// a separate Meta key report Alt as meta, so both become `.alt`.
  private static func modifiers(_ parameter: Int?) -> Key.Modifiers {
    guard let parameter, parameter > 1 else { return [] }
    let mask = parameter - 1
    var modifiers: Key.Modifiers = []
    if mask & 1 != 0 { modifiers.insert(.shift) }
    if mask & 0b1010 != 0 { modifiers.insert(.alt) }
    if mask & 4 != 0 { modifiers.insert(.control) }
    return modifiers
  }

  /// A decimal parameter; nil when empty (meaning "default") or too large to be meaningful.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(isDigit) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
  private static func isIntermediate(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x30 }
}

/// Assembles Unicode scalars from UTF-8 one byte at a time, for input that may be split anywhere.
///
/// Ill-formed input is dropped as the Unicode standard recommends (maximal subparts): a sequence
/// broken by an unexpected byte is discarded and that byte is decoded afresh, so one bad byte
/// never swallows the good character after it. Overlong forms, surrogates and scalars above
/// U+10FFFF are rejected by narrowing the range allowed for the second byte.
private struct UTF8ScalarDecoder: Sendable {
  private var value: UInt32 = 0
  private var bytesLeft = 0
  private var nextLowest: UInt8 = 0x80
  private var nextHighest: UInt8 = 0xBF

  /// True between the lead byte of a multi-byte scalar and its last continuation byte.
  var isInsideScalar: Bool { bytesLeft > 0 }

  /// The scalar this byte completes, or nil while one is incomplete or when the byte is invalid.
  mutating func decode(_ byte: UInt8) -> Unicode.Scalar? {
    if bytesLeft > 0 {
      if byte >= nextLowest && byte <= nextHighest {
        value = value << 6 | UInt32(byte & 0x3F)
        bytesLeft -= 1
        (nextLowest, nextHighest) = (0x80, 0xBF)
        return bytesLeft == 0 ? Unicode.Scalar(value) : nil
      }
      bytesLeft = 0
    }
    switch byte {
    case 0x00...0x7F: return Unicode.Scalar(byte)
    case 0xC2...0xDF: start(byte & 0x1F, bytesLeft: 1)
    case 0xE0: start(0, bytesLeft: 2, secondByte: 0xA0...0xBF)
    case 0xED: start(0x0D, bytesLeft: 2, secondByte: 0x80...0x9F)
    case 0xE1...0xEF: start(byte & 0x0F, bytesLeft: 2)
    case 0xF0: start(0, bytesLeft: 3, secondByte: 0x90...0xBF)
    case 0xF4: start(4, bytesLeft: 3, secondByte: 0x80...0x8F)
    case 0xF1...0xF3: start(byte & 0x07, bytesLeft: 3)
    default: break  // a continuation byte out of place, an overlong lead (C0, C1) or past U+10FFFF (F5–FF)
    }
    return nil
  }

  private mutating func start(_ bits: UInt8, bytesLeft: Int, secondByte: ClosedRange<UInt8> = 0x80...0xBF) {
    value = UInt32(bits)
    self.bytesLeft = bytesLeft
    (nextLowest, nextHighest) = (secondByte.lowerBound, secondByte.upperBound)
  }
}
