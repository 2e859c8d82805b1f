import Foundation
import Subprocess

/// A test server's process, started with its output read for the line that says it listens:
/// what the launches of Radicale and Xandikos, of Cyrus's script and of DAViCal's script share.
///
/// It runs through swift-subprocess, not Foundation's `Process` (whose `run()` crashed a CI run,
/// see Package.swift): posix_spawn with no descriptor of the test process but its three and no
/// signal blocked, its exit awaited without a thread of its own. Subprocess hands a running
/// process only to a closure, so a task of its own runs that closure for the server's whole
/// life: it feeds the output (stdout and stderr together) to ``ServerOutput`` as it comes and
/// stops the server when ``stop()`` asks. Nothing here waits; callers ask
/// ``ServerOutput/waitUntilReady()`` and decide what a server that ended first means for them
/// (a port taken, or a failure).
final class ServerProcess: Sendable {
  /// Its stdout and stderr together.
  let output: ServerOutput
  /// Its process id, for a signal sent when the test process exits (DAViCal's `atexit`).
  let processID: pid_t
  /// Settled true by ``stop()``, or false once the output has ended on its own.
  private let stopRequest: OneShot<Bool>
  /// The task that runs it: its exit status once it has exited and its output has ended.
  private let running: Task<TerminationStatus, any Error>

  private init(
    output: ServerOutput, processID: pid_t, stopRequest: OneShot<Bool>, running: Task<TerminationStatus, any Error>
  ) {
    self.output = output
    self.processID = processID
    self.stopRequest = stopRequest
    self.running = running
  }

  /// Starts `executable` with `arguments`, this process's environment with `environment` over
  /// it, and `directory` when given, as its working directory. A
  /// server that `stopsWhenInputEnds` (Cyrus's script) reads a pipe from us and is stopped by
  /// closing it; any other reads /dev/null and is stopped by SIGTERM.
  static func start(
    _ executable: URL, arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    stopsWhenInputEnds: Bool = false, readyMarker: String
  ) async throws -> ServerProcess {
    let configuration = Configuration(
      executable: .path(.init(executable.path)), arguments: Arguments(arguments),
      environment: .inherit.updating(
        Dictionary(
          uniqueKeysWithValues: environment.compactMap { key, value in
            Environment.Key(rawValue: key).map { ($0, value) }
          })),
      workingDirectory: directory.map { .init($0.path) })
    let output = ServerOutput(readyMarker: readyMarker)
    let stopRequest = OneShot<Bool>()
    let processID = OneShot<pid_t>()
    let running = Task { () throws -> TerminationStatus in
      do {
        if stopsWhenInputEnds {
          return try await run(configuration, input: .inputWriter, output: .sequence, error: .combinedWithOutput) {
            execution in
            processID.settle(.success(execution.processIdentifier.value))
            try await serve(execution.standardOutput, into: output, until: stopRequest) {
              try await execution.standardInputWriter.finish()
            }
          }.terminationStatus
        }
        return try await run(configuration, input: .none, output: .sequence, error: .combinedWithOutput) {
          execution in
          processID.settle(.success(execution.processIdentifier.value))
          try await serve(execution.standardOutput, into: output, until: stopRequest) {
            try execution.send(signal: .terminate)
          }
        }.terminationStatus
      } catch {
        // It never started (no closure ran), or its output could not be read.
        processID.settle(.failure(error))
        output.end()
        throw error
      }
    }
    return ServerProcess(
      output: output, processID: try await processID.value, stopRequest: stopRequest, running: running)
  }

  /// Feeds `sequence` to `output` until it ends, meanwhile doing `stop` if a stop is requested.
  private static func serve(
    _ sequence: SubprocessOutputSequence, into output: ServerOutput, until stopRequest: OneShot<Bool>,
    stop: @escaping @Sendable () async throws -> Void
  ) async throws {
    async let stopping: Void = {
      if (try? await stopRequest.value) == true { try? await stop() }
    }()
    for try await chunk in sequence {
      output.append(chunk.withUnsafeBytes { String(decoding: $0, as: UTF8.self) })
    }
    output.end()
    stopRequest.settle(.success(false))
    await stopping
  }

  /// Stops the server (its input closed, or SIGTERM) unless it has ended already, and waits
  /// until it has exited and its output has ended; its exit status (nil if it never ran).
  @discardableResult
  func stop() async -> TerminationStatus? {
    stopRequest.settle(.success(true))
    return await ended()
  }

  /// Waits, without asking it to stop, until it has exited and its output has ended.
  @discardableResult
  func ended() async -> TerminationStatus? {
    try? await running.value
  }
}
