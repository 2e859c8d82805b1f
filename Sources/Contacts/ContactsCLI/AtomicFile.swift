import Foundation
import Glibc

/// A file written whole or not at all: the bytes go to a temporary file beside it, which is
/// flushed to disk and renamed over the target, so a reader (or a crash) never sees half of it.
struct AtomicFile: ~Copyable {
  let path: String
  private let temporaryPath: String
  private let descriptor: Int32
  private var isFinished = false

  /// Creates the temporary file; `mode` is the new file's permissions.
  init(path: String, mode: mode_t = 0o644) throws {
    self.path = path
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    temporaryPath = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).tmp"
    descriptor = Glibc.open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno))).") }
  }

  /// Appends `bytes`; a full disk or any other failure throws, and the target is left as it was.
  func write(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw Self.failure(path)
      }
      offset += written
    }
  }

  /// Flushes and renames the file into place.
  consuming func commit() throws {
    guard fsync(descriptor) == 0 else { throw Self.failure(path) }
    close(descriptor)
    isFinished = true
    guard rename(temporaryPath, path) == 0 else {
      unlink(temporaryPath)
      throw Self.failure(path)
    }
  }

  private static func failure(_ path: String) -> CommandFailure {
    let reason = errno == ENOSPC || errno == EDQUOT ? "the disk is full" : String(cString: strerror(errno))
    return CommandFailure("could not write \(path): \(reason). Nothing was changed there.")
  }

  deinit {
    guard !isFinished else { return }
    close(descriptor)
    unlink(temporaryPath)
  }
}
