import ContactsSync
import Glibc
import Testing

/// `--password-command`: `/bin/sh -c COMMAND`, its first line the password, its failures in
/// words, and nothing of ours reaching it but its three standard descriptors.
@Suite struct PasswordCommandTests {
  @Test func theFirstLineIsThePassword() async throws {
    #expect(try await PasswordCommand.run("printf 'first line\\nsecond\\n'") == "first line")
    #expect(try await PasswordCommand.run("printf 'no newline'") == "no newline")
  }

  /// What follows the first line is read to its end, so a command that prints a lot after its
  /// password finishes instead of blocking on a full pipe.
  @Test func muchPrintedAfterThePasswordIsDrained() async throws {
    let command = "printf 'pw\\n'; head -c 1000000 /dev/zero | tr '\\0' x; echo"
    #expect(try await PasswordCommand.run(command) == "pw")
  }

  @Test func standardErrorIsNotThePassword() async throws {
    #expect(try await PasswordCommand.run("echo 'a warning' >&2; echo pw") == "pw")
  }

  @Test func standardInputIsDevNull() async throws {
    #expect(try await PasswordCommand.run("readlink /proc/$$/fd/0") == "/dev/null")
  }

  @Test func aFailureSaysItsExitStatus() async {
    await #expect(throws: PasswordCommand.Failure.failed(status: 3)) {
      try await PasswordCommand.run("echo pw; exit 3")
    }
    #expect(
      PasswordCommand.Failure.failed(status: 3).description
        == "the password command failed (exit status 3); nothing was changed.")
  }

  @Test func aCommandEndedBySignalFailsWith128PlusTheSignal() async {
    await #expect(throws: PasswordCommand.Failure.failed(status: 128 + SIGTERM)) {
      try await PasswordCommand.run("kill -TERM $$")
    }
  }

  @Test func printingNothingIsNoPassword() async {
    await #expect(throws: PasswordCommand.Failure.printedNothing) { try await PasswordCommand.run("true") }
    await #expect(throws: PasswordCommand.Failure.printedNothing) { try await PasswordCommand.run("echo") }
    #expect(
      PasswordCommand.Failure.printedNothing.description
        == "the password command printed no password; nothing was changed.")
  }

  /// A descriptor this process holds without close-on-exec (as a `Pipe` of Foundation's is
  /// made) is not open in the command.
  @Test func noDescriptorOfOursReachesTheCommand() async throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    let open = try await PasswordCommand.run("ls /proc/$$/fd | tr '\\n' ' '").split(separator: " ").compactMap {
      Int32($0)
    }
    #expect(open.contains(0) && open.contains(1) && open.contains(2), "\(open)")
    #expect(!open.contains(ends[0]) && !open.contains(ends[1]), "\(open) holds \(ends)")
  }
}
