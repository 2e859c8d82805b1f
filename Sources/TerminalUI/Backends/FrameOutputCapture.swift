#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gathers what is written to the terminal while one frame is drawn, so that the frame reaches
/// it in one `write(2)`, synchronized-output marks and all.
///
/// ncurses writes each refresh with a `write` of its own on its output descriptor, and some
/// calls (showing the cursor) write at once: a frame whose rows scroll, with the marks of DEC
/// mode 2026 around it, took four writes, each a wake-up of the terminal for part of a frame.
/// ncurses has no way to hold its output back, so for the length of a frame the descriptor it
/// writes to is pointed at an anonymous file instead (`dup2`), then back at the terminal, and
/// what the file gathered goes out in one piece. The descriptor is the terminal again before
/// anything else can use it; should the process die in between, the crash handlers point it
/// back first (`TerminalRestore`).
final class FrameOutputCapture {
  /// The descriptor ncurses writes to (and sets the tty's modes through, outside frames).
  let descriptor: Int32
  /// Another descriptor of the same terminal: where frames go while `descriptor` is redirected.
  let terminal: Int32
  private let file: UnsafeMutablePointer<FILE>
  private var buffer: [UInt8] = []
  /// Whether `descriptor` points at the file.
  private(set) var isCapturing = false

  /// Captures what is written to `descriptor` (a terminal) during frames; nil when no
  /// anonymous file can be made (frames are then written piece by piece, as ncurses does).
  init?(descriptor: Int32) {
    guard let file = tmpfile() else { return nil }
    let terminal = dup(descriptor)
    guard terminal >= 0 else {
      fclose(file)
      return nil
    }
    self.file = file
    self.descriptor = descriptor
    self.terminal = terminal
  }

  deinit {
    if isCapturing { dup2(terminal, descriptor) }
    close(terminal)
    fclose(file)
  }

  /// From now on, what is written to `descriptor` is gathered.
  func start() {
    guard !isCapturing else { return }
    lseek(fileno(file), 0, SEEK_SET)
    isCapturing = dup2(fileno(file), descriptor) >= 0
  }

  /// Points `descriptor` back at the terminal and writes what was gathered there in one
  /// `write`, between `prefix` and `suffix` (when anything was gathered, or they say
  /// something). Returns the bytes written.
  @discardableResult
  func finish(prefix: String = "", suffix: String = "") -> Int {
    guard isCapturing else { return 0 }
    dup2(terminal, descriptor)
    isCapturing = false
    let gathered = max(0, Int(lseek(fileno(file), 0, SEEK_CUR)))
    let total = prefix.utf8.count + gathered + suffix.utf8.count
    guard total > 0 else { return 0 }
    if buffer.count < total { buffer = [UInt8](repeating: 0, count: total) }
    return buffer.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      var end = 0
      for byte in prefix.utf8 {
        base[end] = byte
        end += 1
      }
      var read = 0
      while read < gathered {
        let count = pread(fileno(file), base + end + read, gathered - read, off_t(read))
        guard count > 0 else { break }
        read += count
      }
      end += read
      for byte in suffix.utf8 {
        base[end] = byte
        end += 1
      }
      var written = 0
      while written < end {
        let count = write(terminal, base + written, end - written)
        if count > 0 {
          written += count
        } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
          continue
        } else {
          break
        }
      }
      return written
    }
  }
}
