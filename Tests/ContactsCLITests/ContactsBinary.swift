import Foundation
import Subprocess

/// The built `contacts` binary, run as a user runs it: arguments, standard input, and what it
/// wrote to standard output and standard error, each on its own, with its exit status. Run
/// through swift-subprocess, not Foundation's `Process` (see Package.swift).
struct ContactsBinary: Sendable {
  struct Run: Sendable {
    var status: Int32
    var output: String
    var errors: String
  }

  /// A temporary directory with a database in it, removed by `cleanUp`.
  let directory: URL
  var database: String { directory.appendingPathComponent("contacts.sqlite").path }
  /// `XDG_CONFIG_HOME` for the commands run: `contacts/config.toml` in it is their config file.
  var configDirectory: String { directory.appendingPathComponent("config").path }

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func cleanUp() {
    try? FileManager.default.removeItem(at: directory)
  }

  static var path: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("contacts").path
  }

  /// A file in the directory with `text` in it; its path.
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  func file(_ name: String, _ text: String) throws -> String {
    try file(name, Array(text.utf8))
  }

  /// Runs `contacts ARGUMENTS --db <database>` (the database is added for every command), with
  /// `environment` over this process's.
  func run(
    _ arguments: [String], input: String = "", withDatabase: Bool = true, environment: [String: String] = [:]
  ) async throws -> Run {
    // The config file is the directory's own (none unless a test writes one), never the user's.
    let added = ["XDG_CONFIG_HOME": configDirectory].merging(environment) { $1 }
    let result = try await Subprocess.run(
      .path(.init(Self.path)), arguments: Arguments(arguments + (withDatabase ? ["--db", database] : [])),
      environment: .inherit.updating(
        Dictionary(
          uniqueKeysWithValues: added.compactMap { key, value in Environment.Key(rawValue: key).map { ($0, value) } })),
      input: .string(input), output: .string(limit: .max), error: .string(limit: .max))
    let status: Int32
    switch result.terminationStatus {
    case .exited(let code): status = code
    case .signaled(let signal): status = 128 + signal
    }
    return Run(status: status, output: result.standardOutput, errors: result.standardError)
  }

  /// Writes `text` as the config file the commands read.
  func writeConfig(_ text: String) throws {
    let directory = URL(fileURLWithPath: configDirectory).appendingPathComponent("contacts")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: directory.appendingPathComponent("config.toml"))
  }

  /// Creates the account `email`.
  func addAccount(_ email: String = "ada@example.com") async throws {
    let run = try await run(["user", "add", email], input: "analytical-engine\n")
    guard run.status == 0 else { throw Failure(description: "user add failed: \(run.errors)") }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }
}

/// Lines joined with CRLF, and a final CRLF: a vCard file as clients write them.
func crlf(_ lines: String...) -> String {
  lines.joined(separator: "\r\n") + "\r\n"
}
