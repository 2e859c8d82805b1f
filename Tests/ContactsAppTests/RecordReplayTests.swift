import ContactsCore
import ContactsLive
import ContactsModel
import ContactsTesting
import Flow
import Foundation
import SessionRecording
import TerminalUI
import TestSupport
import Testing

/// A session recorded from the real app over a real database replays headless — effects
/// answered from the log, no database — to the same frames, actions and state.
@MainActor
struct RecordReplayTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Signs up, adds a contact, searches, edits, resizes, signs out and signs in again,
  /// recording all of it; returns the driver and the log's path.
  private func recordJourney() async throws -> (AppDriver, String) {
    let logPath = directory.path("session.jsonl")
    let app = try await AppDriver(
      databasePath: directory.path("contacts.sqlite"), size: Size(width: 100, height: 30), recordingTo: logPath)
    await app.press(.ctrl("n"))
    await app.type("grace@navy.example")
    await app.press(.tab)
    await app.type("cobol-1959")
    await app.press(.tab)
    await app.paste("cobol-1959")
    await app.press(.enter)
    await app.press(.character("a"))
    await app.type("Zoë Ångström")
    await app.press(.tab)
    await app.type("zoe@example.com")
    await app.press(.ctrl("s"), .escape)
    await app.press(.character("/"))
    await app.type("zoe")
    await app.press(.enter, .enter, .character("e"))
    await app.type(" Jr")
    await app.resize(to: Size(width: 140, height: 30))
    await app.press(.ctrl("s"), .escape, .character("S"), .enter, .tab)
    await app.type("cobol-1959")
    await app.press(.enter)
    #expect(app.state.signedIn?.browser.count == .loaded(1))
    app.finishRecording()
    return (app, logPath)
  }

  private func replay(_ path: String) throws -> (SessionReplay<AppState, AppAction>.Outcome, [String]) {
    let log = try SessionLog<AppAction>.read(from: path)
    let app = try ContactsApp.replaying(log)
    var frames: [String] = []
    let outcome = try SessionReplay(log: log).run(into: app.replayTarget) { _, frame in
      frames.append(FrameText.render(frame))
    }
    return (outcome, frames)
  }

  @Test func aRecordedJourneyReplaysToTheSameFramesActionsAndState() async throws {
    defer { directory.remove() }
    let (app, path) = try await recordJourney()
    let (outcome, frames) = try replay(path)
    #expect(outcome.mismatches.isEmpty, "\(outcome.mismatches.joined(separator: "\n"))")
    #expect(outcome.hadEnd)
    #expect(frames.last == FrameText.render(app.frame()))
    #expect(frames.last?.contains("Zoë Ångström Jr") == true)

    // Twice: the same bytes.
    let (_, again) = try replay(path)
    #expect(again == frames)
  }

  @Test func passwordsNeverReachTheLog() async throws {
    defer { directory.remove() }
    let (_, path) = try await recordJourney()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("cobol"))
    // Typed and pasted: the same number of placeholders.
    #expect(text.contains(#"{"input":{"paste":"••••••••••"}}"#))
    #expect(text.contains("grace@navy.example"))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test func aReplayOfAnAlteredRecordingFailsVerification() async throws {
    defer { directory.remove() }
    let (_, path) = try await recordJourney()
    // The database "answers" a different name on the first save.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    let saved = try #require(lines.firstIndex { $0.hasPrefix(#"{"effect":{"editor""#) && $0.contains("saved") })
    var altered = lines
    altered[saved] = altered[saved].replacingOccurrences(of: "Zoë Ångström", with: "Zoe Angstrom")
    try (altered.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

    let (outcome, _) = try replay(path)
    #expect(!outcome.mismatches.isEmpty)
    #expect(outcome.mismatches.contains { $0.contains("Zoe Angstrom") })
  }

  @Test func aLogCutShortByAKillStillReplays() async throws {
    defer { directory.remove() }
    let (_, path) = try await recordJourney()
    var data = try Data(contentsOf: URL(fileURLWithPath: path))
    // Drop the end line and half of the line before it, as a kill mid-write would.
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast(2)
    let last = lines.removeLast()
    data = Data(lines.joined(separator: [0x0A])) + [0x0A] + Data(last.prefix(last.count / 2))
    let log = try SessionLog<AppAction>.parse(data)
    #expect(log.wasCutShort)
    let app = try ContactsApp.replaying(log)
    let outcome = try SessionReplay(log: log).run(into: app.replayTarget) { _, _ in }
    #expect(!outcome.hadEnd)
    #expect(outcome.mismatches.isEmpty, "\(outcome.mismatches)")
  }

  /// Replays the log `lines` make, headless.
  private func replay(lines: some Sequence<String>) throws -> SessionReplay<AppState, AppAction>.Outcome {
    let log = try SessionLog<AppAction>.parse(Data((lines.joined(separator: "\n") + "\n").utf8))
    let app = try ContactsApp.replaying(log)
    return try SessionReplay(log: log).run(into: app.replayTarget) { _, _ in }
  }

  @Test func aLogEndingBeforeItsLastActionsStillVerifies() async throws {
    defer { directory.remove() }
    let (_, path) = try await recordJourney()
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    // A crash right after a key: its input is in the log, the actions it led to are not.
    let lastInput = try #require(lines.lastIndex { $0.hasPrefix(#"{"input""#) })
    #expect(lines[(lastInput + 1)...].contains { $0.hasPrefix(#"{"action""#) })
    let outcome = try replay(lines: lines[...lastInput])
    #expect(!outcome.hadEnd)
    #expect(outcome.mismatches.isEmpty, "\(outcome.mismatches)")
  }

  @Test func aLogCutShortStillCatchesADifferentAction() async throws {
    defer { directory.remove() }
    let (_, path) = try await recordJourney()
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let lastInput = try #require(lines.lastIndex { $0.hasPrefix(#"{"input""#) })
    lines = Array(lines[...lastInput])
    // An action the app did make, recorded as something else.
    let typed = try #require(lines.firstIndex { $0.hasPrefix(#"{"action""#) && $0.contains("Zo") })
    lines[typed] = lines[typed].replacingOccurrences(of: "Zo", with: "Xo")
    let outcome = try replay(lines: lines)
    #expect(outcome.mismatches.contains { $0.contains("Xo") }, "\(outcome.mismatches)")
  }

  @Test func theRecorderKeepsLinesInOrderWhenActionsWaitForTheFlush() throws {
    defer { directory.remove() }
    let path = directory.path("order.jsonl")
    let recorder = try SessionRecorder<AppAction>(
      path: path, header: SessionHeader(app: "test", appVersion: "0", size: Size(width: 80, height: 24), route: "/"))
    recorder.record(.input(.input(.key(.character("a")))))
    recorder.record(.action(.tick))
    recorder.record(.input(.input(.key(.character("b")))))
    recorder.record(.action(.tick))
    recorder.record(.effect(.started))
    recorder.record(.action(.tick))
    recorder.flush()
    recorder.record(.input(.tick))
    recorder.close()
    let kinds = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map {
      String($0.dropFirst(2).prefix { $0 != "\"" })
    }
    #expect(kinds == ["input", "action", "input", "action", "effect", "action", "input"])
  }
  /// Lines bigger in all than the recorder's buffer (1 MB): each written once, in order.
  @Test func theRecorderWritesEachLineOnceWhenItsBufferFillsUp() throws {
    defer { directory.remove() }
    let path = directory.path("big.jsonl")
    let recorder = try SessionRecorder<AppAction>(
      path: path, header: SessionHeader(app: "test", appVersion: "0", size: Size(width: 80, height: 24), route: "/"))
    let pastes = (0..<8).map { String(repeating: Character(String($0)), count: 300_000) }
    for paste in pastes {
      recorder.record(.input(.input(.key(.character("v")))))
      recorder.record(.action(.signIn(.form(.paste(paste)))))
    }
    recorder.close()
    let log = try SessionLog<AppAction>.read(from: path)
    #expect(log.entries.count == 16)
    let recorded = log.entries.compactMap { entry -> String? in
      guard case .action(.signIn(.form(.paste(let text)))) = entry else { return nil }
      return text
    }
    #expect(recorded == pastes)
  }
}
