import Foundation
import Glibc

/// Writes a session log: the header, then one JSON line per input, action and effect answer.
///
/// Lines collect in a buffer that is written out when ``flush()`` is called (the app does so
/// once per turn of its loop, so recording costs one `write` per key) or when it fills up.
/// With `reportsCrashes`, a crash handler writes the buffer out too, so a log ends with the
/// last action before the crash, and a note on stderr says how to replay it.
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
  private var isClosed = false

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

  /// Adds `entry` to the log (written at the next ``flush()``).
  public func record(_ entry: SessionEntry<Action>) {
    guard !isClosed else { return }
    append(line: try? encoder.encode(entry))
  }

  /// Writes what is pending.
  public func flush() {
    guard used > 0, !isClosed else { return }
    // Forget the bytes before writing them: a crash meanwhile loses them rather than writing
    // them twice (a duplicated line would replay twice).
    let length = used
    used = 0
    if reportsCrashes { CrashReport.pendingChanged(file: descriptor, length: 0) }
    writeAll(buffer, length)
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

  private func append(line: Data?) {
    // Encoding a value the app made cannot fail in practice; a line that could not be encoded
    // is recorded as a null so the count of lines still tells where it was.
    let data = (line ?? Data("null".utf8)) + [0x0A]
    if used + data.count > capacity { flush() }
    if data.count > capacity {
      data.withUnsafeBytes { writeAll($0.baseAddress!, $0.count) }
      return
    }
    data.withUnsafeBytes { (buffer + used).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    used += data.count
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
