import Subprocess

/// A command that prints a server password (`pass show dav`, `secret-tool lookup …`), run by
/// `/bin/sh -c` at each sync so that nothing is stored: its first line is the password, its
/// standard error goes to ours, its standard input is /dev/null.
///
/// Started through swift-subprocess (posix_spawn; no descriptor of ours but the three reaches
/// it, no signal blocked), not Foundation's `Process`, whose `run()` crashes now and then on
/// this toolchain (see Package.swift).
public enum PasswordCommand {
  /// Why the command gave no password, in words (never its output).
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case cannotRun(String)
    /// Its exit status; 128 + n when signal n ended it, as a shell says.
    case failed(status: Int32)
    case printedNothing

    public var description: String {
      switch self {
      case .cannotRun(let reason): "cannot run the password command: \(reason)"
      case .failed(let status): "the password command failed (exit status \(status)); nothing was changed."
      case .printedNothing: "the password command printed no password; nothing was changed."
      }
    }
  }

  /// The first line `command` prints. The rest of what it prints is read and dropped, so a
  /// command that prints more never blocks on a full pipe.
  public static func run(_ command: String) async throws(Failure) -> String {
    let status: TerminationStatus
    let firstLine: [UInt8]
    do {
      let result = try await Subprocess.run(
        .path("/bin/sh"), arguments: ["-c", command], input: .none, output: .sequence,
        error: .currentStandardError
      ) { execution in
        var firstLine: [UInt8] = []
        var lineEnded = false
        for try await chunk in execution.standardOutput where !lineEnded {
          chunk.withUnsafeBytes { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: "\n"))
            firstLine += bytes[..<(end ?? bytes.endIndex)]
            lineEnded = end != nil
          }
        }
        return firstLine
      }
      (status, firstLine) = (result.terminationStatus, result.closureResult)
    } catch {
      throw .cannotRun("\(error)")
    }
    switch status {
    case .exited(0): break
    case .exited(let status): throw .failed(status: status)
    case .signaled(let signal): throw .failed(status: 128 + signal)
    }
    let line = String(decoding: firstLine, as: UTF8.self)
    guard !line.isEmpty else { throw .printedNothing }
    return line
  }
}
