import Foundation
import TerminalTesting
import TerminalUI
import Testing

extension ContactsInAPane {
  /// The real `contacts` binary in a real pty (a tmux pane), on a seeded temporary database: what
  /// a user sees after signing in and scrolling, and the terminal given back intact with the
  /// right exit status on every way out.
  ///
  /// Nothing sleeps or polls: the app announces each idle frame on a FIFO
  /// (`TERMFLOW_READY_FIFO`, see ``TmuxPane``), after every effect its keys started has finished
  /// and tmux has provably drawn the frame, so each capture shows the settled screen.
  @Suite
  @MainActor
  struct ContactsPtyTests {
    enum ExitPath: String, CaseIterable, Sendable {
      case quitKey, controlC, sigint, sigterm, sighup, sigill, sigabrt

      var expectedStatus: Int32 {
        switch self {
        case .quitKey, .controlC: 0
        case .sigint: 128 + SIGINT
        case .sigterm: 128 + SIGTERM
        case .sighup: 128 + SIGHUP
        case .sigill: 128 + SIGILL
        case .sigabrt: 128 + SIGABRT
        }
      }
    }

    @Test func signInScrollAndQuit() async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      let names = try contacts.names()
      #expect(names.count == 300)
      try await contacts.start()
      let pane = contacts.pane
      #expect(try await pane.screen().contains("Address book › Sign in"))

      try await contacts.signIn()
      var list = try await listScreen(pane)
      #expect(list.title == "Contacts (300)")
      #expect(list.position == "1 of 300")
      let visible = list.rows.count
      #expect(visible == 20)
      var top = 0
      try expectRows(list, names: names, top: top)

      // Each step: the keys, the selection they lead to, and where the window's top must be.
      let steps: [(keys: [String], selected: Int, top: (Int, Int) -> Int)] = [
        (["j", "j", "j"], 3, { top, _ in top }),
        (["k"], 2, { top, _ in top }),
        // A page keeps one row of the last: the selection moves by `visible - 1`, to the bottom row.
        (["PageDown"], 2 + visible - 1, { _, selected in selected - visible + 1 }),
        (["G"], 299, { _, _ in 300 - visible }),
        (["k", "k"], 297, { top, _ in top }),
        (["g"], 0, { _, _ in 0 }),
      ]
      for step in steps {
        for key in step.keys { try await pane.press(key) }
        try await pane.waitUntilIdle()
        list = try await listScreen(pane)
        #expect(list.title == "Contacts (300)", "after \(step.keys)")
        #expect(list.position == "\(step.selected + 1) of 300", "after \(step.keys)")
        top = step.top(top, step.selected)
        try expectRows(list, names: names, top: top, after: step.keys)
      }

      try await pane.press("q")
      let outcome = try await pane.waitForExit()
      #expect(outcome.status == 0)
      try await expectRestored(pane, outcome)
    }

    /// At 120 columns the list stands beside the detail pane, which previews the selected
    /// contact. Scrolling the list a row at a time has the terminal move whole rows: the list
    /// must show the right rows, and the pane the selected contact, no line of it left over.
    @Test func scrollingBesideTheDetailPaneMovesTheListAndItsPreview() async throws {
      let contacts = try ContactsPane(size: Size(width: 120, height: 40))
      defer { contacts.close() }
      let names = try contacts.names()
      let emails = try contacts.column("email")
      try await contacts.start()
      try await contacts.signIn()
      let pane = contacts.pane
      let before = try await pane.capture()
      #expect(Self.preview(before).prefix(2) == ["Contact details", names[0]], "\(before.joined(separator: "\n"))")
      // 36 rows of the list are on screen; 45 Downs scroll it by 10 rows, 40 Ups back by 5.
      var selected = 0
      for (key, count, top) in [("Down", 45, 10), ("Up", 40, 5)] {
        for _ in 0..<count {
          try await pane.press(key)
          try await pane.waitUntilIdle()
        }
        selected += key == "Down" ? count : -count
        let screen = try await pane.capture()
        let preview = Self.preview(screen)
        #expect(preview.prefix(2) == ["Contact details", names[selected]], "after \(key) × \(count)")
        #expect(preview.contains("Email       \(emails[selected])"), "after \(key) × \(count)")
        #expect(preview.count == 6, "after \(key) × \(count):\n\(screen.joined(separator: "\n"))")
        let rows = Array(screen[3..<39])
        for (row, name) in zip(rows, names[top..<(top + rows.count)]) {
          #expect(row.hasPrefix(String(name.prefix(12))), "after \(key) × \(count): expected \(name), got \(row)")
        }
      }
      try await pane.press("q")
      #expect(try await pane.waitForExit().status == 0)
    }

    /// The right-hand pane's lines that are not blank: the name, then a line per field.
    private static func preview(_ lines: [String]) -> [String] {
      detailPane(lines).filter { !$0.isEmpty }
    }

    /// The right-hand pane of a split screen: each line's text after the last divider.
    private static func detailPane(_ lines: [String]) -> [String] {
      lines.dropFirst().dropLast().map { line in
        String(line.split(separator: "│", omittingEmptySubsequences: false).last ?? "")
          .trimmingCharacters(in: .whitespaces)
      }
    }

    /// Under a locale that is not UTF-8 (`LC_ALL=C`, common over ssh) every character still
    /// comes out: the header's `›` and the names outside ASCII.
    @Test func aNonUTF8LocaleStillShowsEveryCharacter() async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      let names = try contacts.names()
      try await contacts.start(environment: ["LC_ALL": "C"])
      let pane = contacts.pane
      #expect(try await pane.screen().contains("Address book › Sign in"))
      try await contacts.signIn()
      let list = try await listScreen(pane)
      #expect(list.rows.contains { !$0.allSatisfy(\.isASCII) }, "no name outside ASCII on screen: \(list.rows)")
      try expectRows(list, names: names, top: 0)
      try await pane.press("q")
      let outcome = try await pane.waitForExit()
      #expect(outcome.status == 0)
      try await expectRestored(pane, outcome)
    }

    /// A config file with a mistake is refused before the terminal is taken: every problem with
    /// its file, line and column on stderr, exit status 78, the tty and the screen untouched.
    @Test func aConfigFileWithAMistakeIsRefusedBeforeTheTerminalIsTaken() async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      let pane = contacts.pane
      let config = pane.path("mistaken.toml")
      _ = FileManager.default.createFile(
        atPath: config, contents: Data("theme = \"dark\"\n[keys.list]\nadd = \"Ctrl-Banana\"\n".utf8))
      try await pane.launch(
        [try TmuxPane.executable(named: "contacts"), "--db", contacts.databasePath, "--config", config],
        environment: ["XDG_STATE_HOME": contacts.stateDirectory])
      let outcome = try await pane.waitForExit()
      #expect(outcome.status == 78)
      let errors = pane.standardError()
      #expect(
        errors.hasPrefix("contacts: the config file is refused:\n\(config):3:1: “add”: \"Ctrl-Banana\" is not a key"))
      #expect(outcome.sttyBefore == outcome.sttyAfter, "tty modes changed")
      let screen = try await pane.capture()
      #expect(screen.allSatisfy { $0.isEmpty }, "\(screen.joined(separator: "\n"))")
    }

    /// A terminal that cannot place the cursor (`TERM=dumb`) is refused before anything is
    /// drawn: one line on stderr, exit status 1, the tty as it was.
    @Test func aTerminalThatCannotPlaceTheCursorIsRefused() async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      let pane = contacts.pane
      try await pane.launch(
        [try TmuxPane.executable(named: "contacts"), "--db", contacts.databasePath],
        environment: ["TERM": "dumb", "XDG_STATE_HOME": contacts.stateDirectory])
      let outcome = try await pane.waitForExit()
      #expect(outcome.status == 1)
      #expect(
        pane.standardError()
          == "Error: the terminal type 'dumb' cannot place the cursor, which a full-screen app needs.\n")
      #expect(outcome.sttyBefore == outcome.sttyAfter, "tty modes changed")
      let screen = try await pane.capture()
      #expect(screen.allSatisfy { $0.isEmpty }, "\(screen.joined(separator: "\n"))")
    }

    /// The mouse in tmux: the wheel over the list moves the selection, a click selects a row,
    /// a double click (two presses at once) opens it, and the help bar's Esc goes back.
    @Test func theWheelAndClicksInTmux() async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      let names = try contacts.names()
      try await contacts.start()
      let pane = contacts.pane
      try await contacts.signIn()
      // Row 4 of the screen (1-based in the report) is the list's first row.
      let wheelDown = "\u{1B}[<65;10;4M"
      try await pane.sendMouse(wheelDown, wheelDown, wheelDown)
      try await pane.waitUntilIdle()
      #expect(try await listScreen(pane).position == "4 of 300")
      try await pane.sendMouse("\u{1B}[<0;10;10M", "\u{1B}[<0;10;10m")
      try await pane.waitUntilIdle()
      #expect(try await listScreen(pane).position == "7 of 300")
      try await pane.sendMouse("\u{1B}[<0;10;10M", "\u{1B}[<0;10;10m", "\u{1B}[<0;10;10M", "\u{1B}[<0;10;10m")
      try await pane.waitUntilIdle()
      let detail = try await pane.screen()
      #expect(detail.contains("Contacts › \(names[6].prefix(12))"), "\(detail)")
      let help = try #require(try await pane.capture().last)
      let back = try #require(help.range(of: "Esc Back"))
      let column = help.distance(from: help.startIndex, to: back.lowerBound) + 2
      try await pane.sendMouse("\u{1B}[<0;\(column);24M", "\u{1B}[<0;\(column);24m")
      try await pane.waitUntilIdle()
      #expect(try await listScreen(pane).position == "7 of 300")
      // A drag from that row two rows down (1002 reports the motion with the button held).
      try await pane.sendMouse("\u{1B}[<0;12;10M", "\u{1B}[<32;12;11M", "\u{1B}[<32;12;12M", "\u{1B}[<0;12;12m")
      try await pane.waitUntilIdle()
      #expect(try await listScreen(pane).position == "9 of 300")
      try await pane.press("q")
      let outcome = try await pane.waitForExit()
      #expect(outcome.status == 0)
      try await expectRestored(pane, outcome)
    }

    @Test(arguments: ExitPath.allCases)
    func theTerminalIsRestored(after path: ExitPath) async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      let pid = try await contacts.start()
      let pane = contacts.pane
      try await contacts.signIn()
      #expect(try await pane.screen().contains("Contacts (300)"))
      #expect(try await pane.display("#{alternate_on}") == "1")
      #expect(try await pane.display("#{mouse_any_flag}#{mouse_sgr_flag}") == "11", "the app asked for the mouse")
      switch path {
      case .quitKey: try await pane.press("q")
      case .controlC: try await pane.press("C-c")
      case .sigint: kill(pid, SIGINT)
      case .sigterm: kill(pid, SIGTERM)
      case .sighup: kill(pid, SIGHUP)
      // The app has no key that traps: a fatal signal sent from outside takes the crash path.
      case .sigill: kill(pid, SIGILL)
      case .sigabrt: kill(pid, SIGABRT)
      }
      let outcome = try await pane.waitForExit()
      #expect(outcome.status == path.expectedStatus, "stderr: \(pane.standardError())")
      try await expectRestored(pane, outcome)
    }

    /// A crash leaves the session log and says how to replay it; the log replays and its
    /// actions check out.
    @Test func aCrashLeavesAReplayableSessionLog() async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      let pid = try await contacts.start()
      try await contacts.signIn()
      try await contacts.pane.press("j")
      try await contacts.pane.press("j")
      // Killed once it has read the keys, not while they are still in the terminal's queue (on
      // a loaded machine a signal sent at once can arrive first).
      try await contacts.pane.waitUntilIdle()
      kill(pid, SIGSEGV)
      let outcome = try await contacts.pane.waitForExit()
      #expect(outcome.status == 128 + SIGSEGV)
      let stderr = contacts.pane.standardError()
      #expect(
        stderr.contains("contacts crashed. The session up to the crash is in \(contacts.sessionLog)"), "\(stderr)")
      #expect(stderr.contains("Replay it with: contacts replay \(contacts.sessionLog)"))
      let log = try String(contentsOfFile: contacts.sessionLog, encoding: .utf8)
      #expect(!log.contains(ContactsPane.password))
      #expect(log.contains(#"{"input":{"key":"j"}}"#))

      let replay = try await ContactsPane.run([
        "replay", contacts.sessionLog, "--verify", "--frames", contacts.pane.path("frames"),
      ])
      #expect(replay.status == 0, "\(replay.output)")
      #expect(replay.output.contains("Verified:"))
      let frames = try FileManager.default.contentsOfDirectory(atPath: contacts.pane.path("frames"))
      #expect(frames.count > 30)
    }

    @Test func aNormalExitRemovesTheSessionLog() async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      try await contacts.start()
      try await contacts.signIn()
      #expect(FileManager.default.fileExists(atPath: contacts.sessionLog))
      try await contacts.pane.press("q")
      #expect(try await contacts.pane.waitForExit().status == 0)
      #expect(!FileManager.default.fileExists(atPath: contacts.sessionLog))
    }

    private func listScreen(_ pane: TmuxPane) async throws -> ListScreen {
      let lines = try await pane.capture()
      return try #require(ListScreen(lines), "not the list:\n\(lines.joined(separator: "\n"))")
    }

    private func expectRestored(_ pane: TmuxPane, _ outcome: TmuxPane.Outcome) async throws {
      #expect(outcome.sttyBefore == outcome.sttyAfter, "tty modes changed")
      #expect(try await pane.display("#{alternate_on}") == "0", "still on the alternate screen")
      #expect(try await pane.display("#{cursor_flag}") == "1", "cursor left hidden")
      #expect(try await pane.display("#{keypad_flag}#{keypad_cursor_flag}") == "00", "keypad modes left on")
      #expect(try await pane.display("#{mouse_any_flag}#{mouse_sgr_flag}") == "00", "mouse reporting left on")
    }

    /// The rows on screen are `names[top...]`, in order, each name as its column shows it.
    private func expectRows(_ list: ListScreen, names: [String], top: Int, after keys: [String] = []) throws {
      let expected = names[top..<min(names.count, top + list.rows.count)]
      #expect(list.rows.count == expected.count, "after \(keys)")
      for (row, name) in zip(list.rows, expected) {
        // The name column is 30 cells wide at 80 columns; a short prefix identifies the row.
        #expect(row.hasPrefix(String(name.prefix(12))), "after \(keys): expected \(name), the row shows \(row)")
      }
    }
  }
}
