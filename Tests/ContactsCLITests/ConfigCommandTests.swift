import Foundation
import Testing

/// The config file as the commands read it: `contacts config`, the database and account it
/// names, `--config`, and a file with a mistake stopping every command with its place.
struct ConfigCommandTests {
  /// Writes `text` as the config file the binary's commands read (`$XDG_CONFIG_HOME/contacts`).
  private func writeConfig(_ text: String, for binary: ContactsBinary) throws -> String {
    let directory = binary.configDirectory + "/contacts"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/config.toml"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func thePrintedDefaultIsAFileThatIsFine() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    let none = try await binary.run(["config"], withDatabase: false)
    #expect(none.status == 0)
    #expect(none.output.hasSuffix("contacts/config.toml does not exist: the defaults apply.\n"), "\(none.output)")

    let printed = try await binary.run(["config", "--print-default"], withDatabase: false)
    #expect(printed.status == 0)
    #expect(printed.output.contains("[keys.list]"))
    let path = try writeConfig(printed.output, for: binary)
    let checked = try await binary.run(["config"], withDatabase: false)
    #expect(checked.output == "\(path): fine.\n", "\(checked.output)\(checked.errors)")
  }

  @Test func theFileNamesTheDatabaseAndTheAccountAndOptionsBeatIt() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount("ada@example.com")
    try await binary.addAccount("grace@example.com")
    let ambiguous = try await binary.run(["export"])
    #expect(ambiguous.status != 0)
    #expect(ambiguous.errors.contains("2 accounts"), "\(ambiguous.errors)")

    _ = try writeConfig("account = \"grace@example.com\"\ndatabase = \"elsewhere.sqlite\"\n", for: binary)
    #expect(try await binary.run(["export"]).status == 0, "--db beats the file's database; the file names the account")
    let missing = try await binary.run(["export", "--account", "alan@example.com"])
    #expect(missing.errors.contains("no account alan@example.com"), "--account beats the file")

    // Without --db, the file's database (relative to the file) is the one used.
    let created = try await binary.run(
      ["user", "add", "alan@example.com"], input: "turing-machine\n", withDatabase: false)
    #expect(created.status == 0, "\(created.errors)")
    #expect(FileManager.default.fileExists(atPath: binary.configDirectory + "/contacts/elsewhere.sqlite"))
  }

  @Test func aFileWithAMistakeStopsEveryCommandWithItsPlace() async throws {
    let binary = try ContactsBinary()
    defer { binary.cleanUp() }
    try await binary.addAccount()
    let path = try writeConfig("[sync]\ninterval = -1\n", for: binary)
    for arguments in [["export"], ["query", "ada"], ["config"]] {
      let run = try await binary.run(arguments, withDatabase: arguments != ["config"])
      #expect(run.status == 78, "\(arguments)")
      #expect(
        run.errors == "contacts: the config file is refused:\n\(path):2:1: “interval” must be a whole number of "
          + "minutes from 0 (off) to 1440, like interval = 5\n", "\(arguments)")
      #expect(run.output.isEmpty)
    }
    let absent = try await binary.run(["export", "--config", binary.directory.appendingPathComponent("nope.toml").path])
    #expect(absent.status == 78)
    #expect(absent.errors.contains("nope.toml: there is no such file"), "\(absent.errors)")
  }
}
