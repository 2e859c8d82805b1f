import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a session log: the header, then one JSON line per input, action and effect answer.
///
/// Lines collect in a buffer that is written out when ``flush()`` is called (the app does so
/// once a frame is on the terminal, so recording costs one `write` per key and adds nothing to
/// the time a key takes to show) or when it fills up.
///
/// Inputs and effect answers — what a replay feeds the app — are encoded the moment they are
/// recorded (by ``SessionLineEncoder``, the encoder's bytes at a fraction of its cost); actions — what the app made of them, which a replay recomputes and checks — wait
/// until ``flush()``, off the path from a key to its frame. With `reportsCrashes`, a crash
/// handler writes out the encoded lines, so a log ends with the last input before the crash
/// (and the actions of the turns before it), and a note on stderr says how to replay it.
///
/// The file is created 0600: it holds the user's data as the app showed it.
@MainActor
public final class SessionRecorder<Action: Codable & Sendable> {
  public enum OpenError: Error, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)

    public var description: String {
      switch self {
      case .cannotCreate(let path, let reason): "Cannot write the session log \(path): \(reason)"
      }
    }
  }

  public let path: String
  private let descriptor: Int32
  private let buffer: UnsafeMutableRawPointer
  private let capacity = 1 << 20
  private var used = 0
  private let reportsCrashes: Bool
  private let encoder: JSONEncoder
  @usableFromInline var isClosed = false
  /// Actions recorded since the last encoded line, in order: see the type's comment.
  @usableFromInline var unencodedActions: [SessionEntry<Action>] = []
  /// Whether `unencodedActions` has any: asked at every input without touching the array.
  @usableFromInline var hasUnencodedActions = false

  /// Creates (or truncates) the log at `path` and writes `header`. With `reportsCrashes`,
  /// a crash writes out what is pending and prints `crashMessage` on stderr.
  public init(
    path: String, header: SessionHeader, reportsCrashes: Bool = false, crashMessage: String = ""
  ) throws(OpenError) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    self.reportsCrashes = reportsCrashes
    append(line: try? encoder.encode(header))
    flush()
    if reportsCrashes { CrashReport.register(file: descriptor, pending: buffer, message: crashMessage) }
  }

  isolated deinit {
    close()
    buffer.deallocate()
  }

  /// Writes some actions' lines by hand, byte for byte what the encoder writes: an app gives
  /// one for the actions a typed key makes (built with ``line(_:_:_:)``), so a key costs no
  /// encoder. Nil (for the recorder, or for an action) takes the encoder.
  public var actionLine: ((Action) -> [UInt8]?)?

  /// Adds `entry` to the log (written at the next ``flush()``). Inlinable, as are ``flush()``
  /// and what they call on the way of a key: the app's module compiles them for its actions,
  /// so that recording a key is an append, without generic code over the actions (whose types
  /// are looked up at run time on every call).
  @inlinable
  public func record(_ entry: SessionEntry<Action>) {
    guard !isClosed else { return }
    if case .action = entry {
      unencodedActions.append(entry)
      hasUnencodedActions = true
      return
    }
    if hasUnencodedActions { encodeActions() }
    if case .input(.input(.key(let key))) = entry, Self.withKeyLine(key, { append($0) }) { return }
    appendLine(of: entry)
  }

  /// Hands `body` a key's line, `{"input":{"key":"a"}}` and a newline, as the encoder writes
  /// it, made on the stack; false (and `body` not called) when the key's name needs escaping
  /// (`"`, `\` and control characters: the encoder writes those). A key is recorded on the
  /// path from the key to its frame, where the encoder costs tens of µs and even an array is
  /// an allocation to free.
  @usableFromInline
  nonisolated static func withKeyLine(_ key: Key, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
    var name = key.name
    return name.withUTF8 { name in
      guard !name.contains(where: needsEscaping) else { return false }
      let prefix: StaticString = #"{"input":{"key":""#
      let suffix: StaticString = "\"}}\n"
      let nameStart = prefix.utf8CodeUnitCount
      let suffixStart = nameStart + name.count
      withUnsafeTemporaryAllocation(byteCount: suffixStart + suffix.utf8CodeUnitCount, alignment: 1) { line in
        UnsafeMutableRawBufferPointer(rebasing: line[..<nameStart]).copyMemory(
          from: UnsafeRawBufferPointer(start: prefix.utf8Start, count: nameStart))
        UnsafeMutableRawBufferPointer(rebasing: line[nameStart..<suffixStart]).copyMemory(
          from: UnsafeRawBufferPointer(name))
        UnsafeMutableRawBufferPointer(rebasing: line[suffixStart...]).copyMemory(
          from: UnsafeRawBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
        body(UnsafeRawBufferPointer(line))
      }
      return true
    }
  }

  /// A key's line as ``withKeyLine(_:_:)`` makes it, or nil (for tests).
  nonisolated static func keyLine(_ key: Key) -> [UInt8]? {
    var line: [UInt8]?
    _ = withKeyLine(key) { line = Array($0) }
    return line
  }

  /// Whether a byte of a key's name needs escaping in a JSON string: a quote, a backslash or a
  /// control character.
  @usableFromInline
  nonisolated static func needsEscaping(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }

  /// `prefix`, `key`'s name as a JSON string, `suffix` and a newline, as the encoder writes a
  /// line holding the key, when the name needs no escaping (every key but `"`, `\` and control
  /// characters); nil otherwise.
  /// The parts are static strings, copied as the bytes they are: the line of a typed key is made
  /// on every key, and building its parts as `String`s ran the string-appending code, dozens of
  /// cache lines, each time.
  public nonisolated static func line(_ prefix: StaticString, _ key: Key, _ suffix: StaticString) -> [UInt8]? {
    line(prefix, text: key.name, suffix)
  }

  /// The line `prefix`, `text` as a JSON string, `suffix` and a line break, made by hand as
  /// ``line(_:_:_:)`` is; nil when the text needs escaping.
  public nonisolated static func line(_ prefix: StaticString, text: String, _ suffix: StaticString) -> [UInt8]? {
    let name = text.utf8
    guard !name.contains(where: needsEscaping) else { return nil }
    var line: [UInt8] = []
    line.reserveCapacity(prefix.utf8CodeUnitCount + name.count + suffix.utf8CodeUnitCount + 3)
    line.append(contentsOf: UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
    line.append(UInt8(ascii: "\""))
    line.append(contentsOf: name)
    line.append(UInt8(ascii: "\""))
    line.append(contentsOf: UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
    line.append(0x0A)
    return line
  }

  /// Writes what is pending.
  @inlinable
  public func flush() {
    guard !isClosed else { return }
    encodeActions()
    writePending()
  }

  /// Records how the session ended, then closes the log.
  public func finish(_ end: SessionEnd) {
    record(.end(end))
    close()
  }

  /// Writes what is pending and closes the file.
  public func close() {
    guard !isClosed else { return }
    flush()
    if reportsCrashes { CrashReport.unregister(file: descriptor) }
    isClosed = true
    _ = Glibc.close(descriptor)
  }

  @inlinable
  func encodeActions() {
    guard hasUnencodedActions else { return }
    let actions = unencodedActions
    unencodedActions.removeAll(keepingCapacity: true)
    hasUnencodedActions = false
    for entry in actions {
      if case .action(let action) = entry, let line = actionLine?(action) {
        line.withUnsafeBytes { append($0) }
      } else {
        appendLine(of: entry)
      }
    }
  }

  @usableFromInline
  func writePending() {
    guard used > 0 else { return }
    // Forget the bytes before writing them: a crash meanwhile loses them rather than writing
    // them twice (a duplicated line would replay twice).
    let length = used
    used = 0
    if reportsCrashes { CrashReport.pendingChanged(file: descriptor, length: 0) }
    writeAll(buffer, length)
  }

  /// Appends `entry`'s line as `JSONEncoder` writes it: by ``SessionLineEncoder``, the same
  /// bytes for a fraction of the instructions (an effect's answer is encoded as it arrives, a
  /// page of contacts on a step down the list), or by the encoder itself for a value that one
  /// refuses.
  @usableFromInline
  func appendLine(of entry: SessionEntry<Action>) {
    guard var line = try? SessionLineEncoder.encode(entry) else {
      append(line: try? encoder.encode(entry))
      return
    }
    line.append(0x0A)
    line.withUnsafeBytes { append($0) }
  }

  /// Appends an encoded value as a line. Encoding a value the app made cannot fail in
  /// practice; a line that could not be encoded is recorded as a null so the count of lines
  /// still tells where it was.
  private func append(line: Data?) {
    ((line ?? Data("null".utf8)) + [0x0A]).withUnsafeBytes { append($0) }
  }

  @usableFromInline
  func append(_ line: UnsafeRawBufferPointer) {
    guard let base = line.baseAddress else { return }
    if used + line.count > capacity { writePending() }
    if line.count > capacity {
      writeAll(base, line.count)
      return
    }
    (buffer + used).copyMemory(from: base, byteCount: line.count)
    used += line.count
    if reportsCrashes { CrashReport.pendingChanged(file: descriptor, length: used) }
  }

  private func writeAll(_ base: UnsafeRawPointer, _ length: Int) {
    var written = 0
    while written < length {
      let count = write(descriptor, base + written, length - written)
      if count < 0, errno == EINTR { continue }
      // A full disk: the log stops growing; the app goes on.
      if count <= 0 { return }
      written += count
    }
  }
}
