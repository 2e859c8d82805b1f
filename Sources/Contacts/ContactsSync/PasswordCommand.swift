import Foundation

/// A command that prints a server password (`pass show dav`, `secret-tool lookup …`), run by
/// `/bin/sh -c` at each sync so that nothing is stored: its first line is the password, its
/// standard error goes to ours.
public enum PasswordCommand {
  /// Why the command gave no password, in words (never its output).
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case cannotRun(String)
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

  /// The first line `command` prints.
  public static func run(_ command: String) throws(Failure) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw .cannotRun(error.localizedDescription)
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw .failed(status: process.terminationStatus) }
    let text = String(decoding: data, as: UTF8.self)
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    guard !line.isEmpty else { throw .printedNothing }
    return line
  }
}
