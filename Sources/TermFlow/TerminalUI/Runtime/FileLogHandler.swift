public import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A swift-log handler that appends lines to a file: while a full-screen app owns the terminal,
/// logs must never reach the screen.
///
/// Lines look like `2026-11-22T07:20:01Z info termflow.store: message key=value`. Writes go
/// straight to the file descriptor (`O_APPEND`), one `write` per line, so concurrent loggers
/// never interleave within a line.
public struct FileLogHandler: LogHandler {
  public var logLevel: Logger.Level
  public var metadata: Logger.Metadata = [:]
  private let label: String
  private let file: LogFile

  /// Opens (creating with mode 0600) the log at `path`; nil when it cannot be written.
  public static func open(path: String) -> (@Sendable (String) -> FileLogHandler)? {
    guard let file = LogFile(path: path) else { return nil }
    let level = getenv("TERMFLOW_LOG_LEVEL").flatMap { Logger.Level(rawValue: String(cString: $0)) } ?? .info
    return { label in FileLogHandler(label: label, file: file, level: level) }
  }

  private init(label: String, file: LogFile, level: Logger.Level) {
    self.label = label
    self.file = file
    self.logLevel = level
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    var line = "\(Self.timestamp()) \(event.level) \(label): \(event.message)"
    let merged = metadata.merging(event.metadata ?? [:]) { $1 }
    for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
    file.append(line + "\n")
  }

  private static func timestamp() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var buffer = [UInt8](repeating: 0, count: 32)
    let length = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.withMemoryRebound(to: CChar.self) { strftime($0.baseAddress, $0.count, "%Y-%m-%dT%H:%M:%SZ", &parts) }
    }
    return String(decoding: buffer.prefix(length), as: UTF8.self)
  }
}

/// The open log file, shared by every handler made from it.
final class LogFile: Sendable {
  private let descriptor: Int32

  init?(path: String) {
    descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
  }

  deinit { close(descriptor) }

  func append(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
  }
}
