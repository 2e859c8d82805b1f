import Synchronization
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a crashing process still writes: the session log's pending lines, then a note on
/// stderr saying where the log is and how to replay it.
///
/// Runs in a crash signal handler, after `TerminalRestore` has given the terminal back, so it
/// only reads values set up beforehand (a file descriptor, a buffer, a message) and calls
/// `write`.
enum CrashReport {
  private static let file = Atomic<Int32>(-1)
  private static let pendingBase = Atomic<UInt>(0)
  private static let pendingLength = Atomic<Int>(0)
  private static let messageBase = Atomic<UInt>(0)
  private static let messageLength = Atomic<Int>(0)

  /// Makes `file` and its pending bytes the ones a crash writes out, with `message` for stderr.
  static func register(file descriptor: Int32, pending: UnsafeMutableRawPointer, message: String) {
    var bytes = Array(message.utf8)
    let copy = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
    bytes.withUnsafeMutableBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    pendingLength.store(0, ordering: .sequentiallyConsistent)
    pendingBase.store(UInt(bitPattern: pending), ordering: .sequentiallyConsistent)
    messageLength.store(bytes.count, ordering: .sequentiallyConsistent)
    let oldMessage = messageBase.exchange(UInt(bitPattern: copy), ordering: .sequentiallyConsistent)
    file.store(descriptor, ordering: .sequentiallyConsistent)
    UnsafeMutableRawPointer(bitPattern: oldMessage)?.deallocate()
    TerminalRestore.afterRestoringOnCrash = { CrashReport.writeOut() }
  }

  /// Forgets the registration made for `descriptor` (a log that was closed).
  static func unregister(file descriptor: Int32) {
    guard file.compareExchange(expected: descriptor, desired: -1, ordering: .sequentiallyConsistent).exchanged
    else { return }
    pendingLength.store(0, ordering: .sequentiallyConsistent)
    pendingBase.store(0, ordering: .sequentiallyConsistent)
  }

  /// The registered log's pending bytes now end at `length`.
  static func pendingChanged(file descriptor: Int32, length: Int) {
    guard file.load(ordering: .relaxed) == descriptor else { return }
    pendingLength.store(length, ordering: .sequentiallyConsistent)
  }

  /// Writes the pending bytes and the message: async-signal-safe.
  static func writeOut() {
    let descriptor = file.exchange(-1, ordering: .sequentiallyConsistent)
    guard descriptor >= 0 else { return }
    let length = pendingLength.load(ordering: .sequentiallyConsistent)
    if length > 0, let base = UnsafeRawPointer(bitPattern: pendingBase.load(ordering: .sequentiallyConsistent)) {
      var written = 0
      while written < length {
        let count = write(descriptor, base + written, length - written)
        if count <= 0 { break }
        written += count
      }
    }
    if let message = UnsafeRawPointer(bitPattern: messageBase.load(ordering: .sequentiallyConsistent)) {
      _ = write(STDERR_FILENO, message, messageLength.load(ordering: .sequentiallyConsistent))
    }
  }
}
