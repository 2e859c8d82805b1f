import ContactsCore
import ContactsLive
import ContactsTesting
import Foundation
import SessionRecording
import TerminalUI
import TestSupport
import Testing

/// A session recorded with a config file (the user's keys, list columns and theme, on a
/// 16-colour terminal) replays to the same actions, last frame and state: the header carries
/// what the replay needs of the config. A header from before, without them, still replays.
@MainActor
struct ConfiguredReplayTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  private static let keys: [String: [String: [Key]]] = [
    "list": [
      "add": [.character("n")], "move-vi": [.character("w"), .character("s"), .character("<"), .character(">")],
    ],
    "editor": ["cancel": [.ctrl("g")]],
  ]

  /// Signs in, moves down with `s`, adds with `n` and cancels with Ctrl-G, all keys of the
  /// user's; returns the driver and the log's path.
  private func recordConfiguredSession() async throws -> (AppDriver, String) {
    let path = directory.path("configured.jsonl")
    let app = try await AppDriver(
      databasePath: directory.path("contacts.sqlite"), size: Size(width: 80, height: 24), recordingTo: path,
      keyBindings: Self.keys, listColumns: [.phone, .name], theme: "light")
    app.app.wireframe.colorDepth = .ansi16
    try await app.seedAda()
    await app.signIn(email: adaEmail, password: adaPassword)
    await app.press(.character("s"), .character("s"), .character("n"))
    #expect(app.state.appRoute == .newContact, "n adds")
    await app.press(.ctrl("g"))
    #expect(app.state.appRoute == .contacts, "Ctrl-G cancels")
    #expect(app.state.signedIn?.browser.window.selected == 2, "s moves down")
    app.finishRecording()
    return (app, path)
  }

  private func replay(_ log: SessionLog<AppAction>) throws -> (SessionReplay<AppState, AppAction>.Outcome, String?) {
    let app = try ContactsApp.replaying(log)
    var last: String?
    let outcome = try SessionReplay(log: log).run(into: app.replayTarget) { _, frame in
      last = FrameText.render(frame)
    }
    return (outcome, last)
  }

  @Test func aSessionRecordedWithTheUsersKeysColumnsAndThemeReplays() async throws {
    defer { directory.remove() }
    let (app, path) = try await recordConfiguredSession()
    let log = try SessionLog<AppAction>.read(from: path)
    #expect(log.header.keyBindings == Self.keys)
    #expect(log.header.settings == ["columns": "phone,name", "theme": "light"])
    let (outcome, last) = try replay(log)
    #expect(outcome.hadEnd)
    #expect(outcome.mismatches.isEmpty, "\(outcome.mismatches.joined(separator: "\n"))")
    #expect(last == FrameText.render(app.frame()))
    let header = try #require(app.frame().lines.first { $0.contains("Name") })
    #expect(!header.contains("Email"), "the user's columns: \(header)")

    // The same log with a header as older versions wrote it (no keys, no settings, no colour
    // depth at the end): read, replayed with the defaults, and found to differ, since the
    // session was not recorded with them. What makes it replay is the header.
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[0] = lines[0].replacing(#/,"keyBindings":\{.*?\}\}/#, with: "")
      .replacing(#/,"settings":\{[^}]*\}/#, with: "")
    #expect(!lines[0].contains("keyBindings") && !lines[0].contains("settings"), "\(lines[0])")
    let old = try SessionLog<AppAction>.parse(Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(old.header.keyBindings == nil)
    #expect(old.header.settings == nil)
    let (withoutConfig, _) = try replay(old)
    #expect(!withoutConfig.mismatches.isEmpty, "the declared keys do other things")
  }

  @Test func aLogWithAnOldHeaderStillReplays() async throws {
    defer { directory.remove() }
    let path = directory.path("plain.jsonl")
    let app = try await AppDriver(
      databasePath: directory.path("contacts.sqlite"), size: Size(width: 80, height: 24), recordingTo: path)
    try await app.seedAda()
    await app.signIn(email: adaEmail, password: adaPassword)
    await app.press(.character("j"), .character("a"), .escape)
    app.finishRecording()
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(!lines[0].contains("keyBindings") && !lines[0].contains("settings"), "defaults are not written")
    // The end line as older versions wrote it: no colour depth.
    let end = try #require(lines.indices.last)
    lines[end] = lines[end].replacing(#/"colorDepth":\d+,/#, with: "")
    #expect(!lines[end].contains("colorDepth"))
    let log = try SessionLog<AppAction>.parse(Data((lines.joined(separator: "\n") + "\n").utf8))
    let (outcome, last) = try replay(log)
    #expect(outcome.hadEnd)
    #expect(outcome.mismatches.isEmpty, "\(outcome.mismatches.joined(separator: "\n"))")
    #expect(last == FrameText.render(app.frame()))
  }
}
