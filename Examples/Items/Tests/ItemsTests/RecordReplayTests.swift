import Foundation
import TermFlowTesting
import Testing

@testable import Items

/// A session of the app recorded through the framework's recording glue replays headless, its
/// effect answers taken from the log, to the same actions, last frame and state.
@MainActor
struct RecordReplayTests {
  @Test func aRecordedSessionReplaysToTheSameFramesAndState() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("items-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("session.jsonl").path
    let size = Size(width: 60, height: 12)

    let app = itemsApp(client: .immediate)
    let recorder = try SessionRecorder<ItemsAction>(
      path: path, header: SessionHeader(app: "Items", appVersion: "1", size: size, route: "items"))
    app.record(to: recorder)
    let driver = await HeadlessDriver(app, size: size)
    await driver.press(.down, .enter, .escape, .down, .character("d"), .enter)
    app.finishRecording(recorder, size: size)
    recorder.close()

    let log = try SessionLog<ItemsAction>.read(from: path)
    let replayed = itemsApp(client: .immediate, effects: .playedBack)
    let outcome = try SessionReplay(log: log).run(into: replayed.replayTarget()) { _, _ in }
    #expect(outcome.hadEnd)
    #expect(outcome.mismatches == [])
    #expect(replayed.store.state.items.map(\.name) == ["Ada Lovelace", "Grace Hopper", "李小龍"])
  }
}
