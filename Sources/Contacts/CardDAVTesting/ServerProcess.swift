import Foundation

/// A test server's process, started with its output read for the line that says it listens:
/// what the launches of Radicale and Xandikos, of Cyrus's script and of DAViCal's script share.
/// Nothing here waits; callers ask ``ServerOutput/waitUntilReady()`` and decide what a server
/// that ended first means for them (a port taken, or a failure).
struct ServerProcess: Sendable {
  let process: Process
  /// Its stdout and stderr together.
  let output: ServerOutput
  let exit: ProcessExit
  /// The pipe to its standard input, for a server that stops when that ends (Cyrus's script);
  /// nil for one that reads nothing (its input is /dev/null) and is stopped by SIGTERM.
  let input: Pipe?

  /// Starts `executable` with `arguments` (and `environment` and `directory` when given).
  static func start(
    _ executable: URL, arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
    stopsWhenInputEnds: Bool = false, readyMarker: String
  ) throws -> ServerProcess {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    let input = stopsWhenInputEnds ? Pipe() : nil
    process.standardInput = input ?? FileHandle.nullDevice
    let output = ServerOutput(reading: pipe, readyMarker: readyMarker)
    let exit = ProcessExit()
    process.terminationHandler = { _ in exit.happened() }
    try process.run()
    try? pipe.fileHandleForWriting.close()
    try? input?.fileHandleForReading.close()
    return ServerProcess(process: process, output: output, exit: exit, input: input)
  }
}
