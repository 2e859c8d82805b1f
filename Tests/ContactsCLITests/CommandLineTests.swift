import Foundation
import Testing

/// The `contacts` binary's non-interactive commands, run as a user would run them.
struct CommandLineTests {
  /// Runs `contacts ARGUMENTS` (they name their own `--db`): its exit status, and what it
  /// wrote to standard output and standard error, one after the other.
  private func run(_ arguments: [String], input: String = "") async throws -> (status: Int32, output: String) {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    let run = try await binary.run(arguments, input: input, withDatabase: false)
    return (run.status, run.output + run.errors)
  }

  private func temporaryDatabase() throws -> (path: String, cleanUp: () -> Void) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return (
      directory.appendingPathComponent("db/contacts.sqlite").path,
      { try? FileManager.default.removeItem(at: directory) }
    )
  }

  @Test func seedCreatesTheDemoAccountAndAddsContacts() async throws {
    let (path, cleanUp) = try temporaryDatabase()
    defer { cleanUp() }
    let first = try await run(["seed", "--db", path, "--count", "1500"])
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("demo@example.com has 1500"))
    let second = try await run(["seed", "--db", path, "--count", "500"])
    #expect(second.output.contains("demo@example.com has 2000"), "running again adds more")
  }

  @Test func userAddReadsThePasswordFromStdinWhenNotATerminal() async throws {
    let (path, cleanUp) = try temporaryDatabase()
    defer { cleanUp() }
    let created = try await run(["user", "add", "--db", path, "ada@example.com"], input: "analytical-engine\n")
    #expect(created.status == 0, "\(created.output)")
    #expect(created.output.contains("Created ada@example.com."))
    #expect(!created.output.contains("analytical-engine"))
    let again = try await run(["user", "add", "--db", path, "ada@example.com"], input: "analytical-engine\n")
    #expect(again.status != 0)
    #expect(again.output.contains("An account with this email already exists"))
    let short = try await run(["user", "add", "--db", path, "grace@example.com"], input: "short\n")
    #expect(short.output.contains("Use at least 8 characters"))
  }

  @Test func aBrokenDatabaseFileGetsAClearMessage() async throws {
    let (path, cleanUp) = try temporaryDatabase()
    defer { cleanUp() }
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: path))
    let result = try await run(["seed", "--db", path, "--count", "1"])
    #expect(result.status != 0)
    #expect(result.output.contains("is not a contacts database"), "\(result.output)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: 0x42, count: 8192))
  }

  @Test func anUnknownOrMalformedRouteIsRefusedBeforeTheTerminalIsTouched() async throws {
    let (path, cleanUp) = try temporaryDatabase()
    defer { cleanUp() }
    for (route, message) in [
      ("settings", "There is no route “settings”"), ("contacts//2", "“contacts//2” is not a route"),
      ("contacts/abc/edit", "There is no route “contacts/abc/edit”"),
    ] {
      let result = try await run(["--db", path, "--route", route])
      #expect(result.status == 64, "\(route): \(result.output)")
      #expect(result.output.contains(message), "\(result.output)")
      #expect(result.output.contains("contacts/<id>/edit"), "the message lists the routes")
      #expect(!result.output.contains("\u{1B}["), "nothing was drawn")
    }
  }

  @Test func helpAndVersionWorkEverywhere() async throws {
    for arguments in [["--help"], ["seed", "--help"], ["user", "add", "--help"], ["--version"]] {
      let result = try await run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(!result.output.isEmpty)
    }
  }
}
