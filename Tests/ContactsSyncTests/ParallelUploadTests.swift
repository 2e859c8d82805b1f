import CardDAV
import CardDAVTesting
import ContactsSync
import Foundation
import Synchronization
import Testing

/// Uploads go a few at a time, never more than `parallelUploads`, each item's state written as
/// its answer arrives: a server that takes one write at a time gets the rest one at a time, a
/// failure mid-upload lets the others finish, and the next sync converges with no duplicate and
/// nothing lost.
@Suite struct ParallelUploadTests {
  @Test(.timeLimit(.minutes(20)), arguments: [1, 3])
  func uploadsGoAFewAtATimeAndNoMore(parallel: Int) async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let side = try await SyncSide.make(on: server)
      defer { side.remove() }
      for index in 0..<10 { try await side.add("Person \(index)") }
      try await side.link()
      let watch = UploadWatch(gate: parallel)
      let summary = try await side.run(through: { CountingRemote($0, watch: watch) }) {
        $0.parallelUploads = parallel
      }
      // The first `parallel` uploads each wait until that many are under way: more than one at
      // a time is seen, not hoped for; and never more than allowed. (Were fewer ever under way,
      // they would wait for good: the time limit, generous for a loaded machine, makes that a
      // failure.)
      #expect(watch.mostAtOnce == parallel)
      #expect(summary.sent == 10)
      #expect(try await ServerView(server: server).hrefs().count == 10)
      #expect(try await side.run().sent == 0)
    }
  }

  @Test func aServerThatTakesOneWriteAtATimeGetsTheRestOneAtATime() async throws {
    // Xandikos answers 423 Locked to a write while another is under way.
    try await DAVTestServer.withServer(.xandikos) { server in
      let side = try await SyncSide.make(on: server)
      defer { side.remove() }
      for index in 0..<12 { try await side.add("Person \(index)") }
      try await side.link()
      let summary = try await side.run(configure: { $0.parallelUploads = 4 })
      #expect(summary.sent == 12 && summary.refused.isEmpty, "\(summary.refused)")
      #expect(try await ServerView(server: server).hrefs().count == 12)
      #expect(try await side.run().sent == 0)
    }
  }

  @Test(arguments: [false, true])
  func aFailureMidUploadLetsTheOthersFinishAndTheNextSyncConverges(afterSending: Bool) async throws {
    try await DAVTestServer.withServer(.xandikos) { server in
      let side = try await SyncSide.make(on: server)
      defer { side.remove() }
      for index in 0..<12 { try await side.add("Person \(index)") }
      try await side.link()
      // Call 0 lists; the fifth upload fails, with four others under way.
      await #expect(throws: FailingRemote.Dropped.self) {
        try await side.run(through: { FailingRemote($0, failing: 5, afterSending: afterSending) }) {
          $0.parallelUploads = 4
        }
      }
      let kept = try await side.sync.status(account: side.account)
      #expect((kept?.pending ?? 0) < 12, "the uploads that were answered are written")
      let next = try await side.run()
      #expect(next.sent <= 12 && next.refused.isEmpty)
      let onServer = try await ServerView(server: server).fingerprints()
      #expect(onServer.count == 12)
      #expect(try await side.fingerprints() == onServer)
      #expect(try await side.run().sent == 0)
    }
  }
}

/// How many uploads are under way at once, the most seen; the first `gate` wait until that many
/// are under way together.
final class UploadWatch: Sendable {
  private struct State {
    var running = 0
    var most = 0
    var arrived = 0
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let gate: Int
  private let state = Mutex(State())

  init(gate: Int) { self.gate = gate }

  var mostAtOnce: Int { state.withLock { $0.most } }

  func started() async {
    let mustWait = state.withLock { state in
      state.running += 1
      state.most = max(state.most, state.running)
      state.arrived += 1
      return state.arrived < gate
    }
    if mustWait {
      await withCheckedContinuation { continuation in
        let release = state.withLock { state in
          // The gate may have filled between the two locks.
          if state.arrived >= gate { return true }
          state.waiting.append(continuation)
          return false
        }
        if release { continuation.resume() }
      }
    } else {
      let waiting = state.withLock { state in
        defer { state.waiting = [] }
        return state.waiting
      }
      for continuation in waiting { continuation.resume() }
    }
  }

  func ended() {
    state.withLock { $0.running -= 1 }
  }
}

/// The real client, with every PUT watched.
struct CountingRemote: ForwardingRemote {
  let client: CardDAVClient
  let watch: UploadWatch

  init(_ client: CardDAVClient, watch: UploadWatch) {
    self.client = client
    self.watch = watch
  }

  func put(_ href: String, in book: URL, card: [UInt8], condition: PutCondition) async throws -> String? {
    await watch.started()
    defer { watch.ended() }
    return try await client.put(href, in: book, card: card, condition: condition)
  }
}
