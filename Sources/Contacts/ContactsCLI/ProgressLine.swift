import Foundation
import Glibc

/// A line of progress that rewrites itself in place on a terminal, and writes nothing when the
/// output is a file or a pipe (a log should not fill with carriage returns). Seeding, importing
/// and upgrading share it; it may be written from any thread.
final class ProgressLine: @unchecked Sendable {
  private let handle: FileHandle
  let isTerminal: Bool
  private let lock = NSLock()
  private var isShowing = false

  /// On standard error by default; `seed` shows its progress on standard output.
  init(standardOutput: Bool = false) {
    handle = standardOutput ? .standardOutput : .standardError
    isTerminal = isatty(standardOutput ? STDOUT_FILENO : STDERR_FILENO) == 1
  }

  /// Replaces the line with `text`.
  func show(_ text: String) {
    guard isTerminal else { return }
    lock.withLock {
      handle.write(Data("\r\u{1B}[K  \(text)".utf8))
      isShowing = true
    }
  }

  /// Clears the line, before anything else is written.
  func clear() {
    lock.withLock {
      guard isShowing else { return }
      handle.write(Data("\r\u{1B}[K".utf8))
      isShowing = false
    }
  }
}
