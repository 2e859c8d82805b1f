import CardDAV
import CardDAVTesting
import Foundation
import GRDB
import Glibc
import Subprocess
import Testing
import VCardFormat

/// SIGKILL at many points of a first download and of an upload, each followed by a new run:
/// the last run converges with no duplicate, no lost card, and a sound database.
///
/// The kill points are progress points: the test watches the database (inotify, no polling
/// timer) and kills the real `contacts sync` process with SIGKILL as soon as it has stored the
/// next share of the cards, wherever it is then: inside a transaction, between requests, or
/// waiting for the server. Each run after a kill starts where the last one left off. CI runs a
/// short version; `make sync-kill` runs 10,000 cards down and 1,000 up with 50 kills each
/// (`TERMFLOW_SYNC_KILL_CARDS`, `TERMFLOW_SYNC_KILL_UPLOADS`, `TERMFLOW_SYNC_KILL_POINTS`).
@Suite struct SyncKillTests {
  static let environment = ProcessInfo.processInfo.environment
  static let downloadCards = environment["TERMFLOW_SYNC_KILL_CARDS"].flatMap(Int.init) ?? 1_000
  static let uploadCards = environment["TERMFLOW_SYNC_KILL_UPLOADS"].flatMap(Int.init) ?? 200
  static let killPoints = environment["TERMFLOW_SYNC_KILL_POINTS"].flatMap(Int.init) ?? 10

  static func card(_ index: Int) -> String {
    crlf(
      "BEGIN:VCARD", "VERSION:3.0", "UID:kill-\(index)", "N:Person;Number \(index);;;", "FN:Number \(index) Person",
      "EMAIL;TYPE=INTERNET:n\(index)@example.com", "TEL;TYPE=CELL:+1 555 \(String(format: "%06d", index))", "END:VCARD")
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func aFirstDownloadKilledAtManyPointsConverges(kind: DAVTestServer.Kind) async throws {
    let cards = (0..<Self.downloadCards).map {
      DAVTestServer.PreloadedCard(name: "kill-\($0).vcf", text: Self.card($0))
    }
    try await DAVTestServer.withServer(kind, preloading: cards) { server in
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      try await link(contacts, to: server)
      let kills = try await killRepeatedly(
        contacts, progress: "SELECT count(*) FROM contact", total: Self.downloadCards)
      let last = try await contacts.run(["sync"])
      #expect(last.status == 0, "\(last.errors)")
      try await expectConverged(contacts, server: server, count: Self.downloadCards, kills: kills)
    }
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func anUploadKilledAtManyPointsConverges(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let file = try contacts.file("up.vcf", (0..<Self.uploadCards).map(Self.card).joined())
      #expect(try await contacts.run(["import", file]).status == 0)
      try await link(contacts, to: server)
      let kills = try await killRepeatedly(
        contacts, progress: "SELECT count(*) FROM sync_item WHERE etag IS NOT NULL", total: Self.uploadCards)
      let last = try await contacts.run(["sync"])
      #expect(last.status == 0, "\(last.errors)")
      try await expectConverged(contacts, server: server, count: Self.uploadCards, kills: kills)
    }
  }

  func link(_ contacts: ContactsBinary, to server: DAVTestServer) async throws {
    let setup = try await contacts.run(
      [
        "sync", "setup", server.addressBookURL.absoluteString, "--username", server.credentials.username,
        "--password-command", "printf '%s\\n' '\(server.credentials.password)'",
      ])
    #expect(setup.status == 0, "\(setup.errors)")
  }

  /// Runs `contacts sync` again and again, killing each run with SIGKILL once `progress` (a
  /// count read from the database) passes the next of `killPoints` shares of `total`. Returns
  /// how many runs were killed.
  func killRepeatedly(_ contacts: ContactsBinary, progress: String, total: Int) async throws -> Int {
    let watch = try DirectoryWatch(contacts.directory.path)
    defer { watch.close() }
    let database = try DatabaseQueue(path: contacts.database, configuration: GRDB.Configuration())
    var kills = 0
    for point in 1...Self.killPoints {
      let target = total * point / (Self.killPoints + 1)
      let killed = try await Subprocess.run(
        .path(.init(ContactsBinary.path)), arguments: ["sync", "--db", contacts.database], input: .none,
        output: .discarded, error: .discarded
      ) { execution in
        let exit = execution.processIdentifier.processDescriptor
        try #require(exit >= 0, "no pidfd for the sync process (Linux 5.4 or later)")
        while !DirectoryWatch.hasEnded(exit) {
          let done = try await database.read { db in try Int.fetchOne(db, sql: progress) ?? 0 }
          if done >= target {
            try execution.send(signal: .kill)
            return true
          }
          watch.waitForChange(orEndOf: exit, timeoutMilliseconds: 1_000)
        }
        return false
      }.closureResult
      if killed { kills += 1 }
    }
    return kills
  }

  func expectConverged(_ contacts: ContactsBinary, server: DAVTestServer, count: Int, kills: Int) async throws {
    #expect(kills >= Self.killPoints / 2, "only \(kills) of \(Self.killPoints) runs were killed")
    print("sync-kill: \(kills) runs killed with SIGKILL over \(count) cards, then converged")
    let database = try DatabaseQueue(path: contacts.database)
    let (local, integrity, pending) = try await database.read { db in
      (
        try String.fetchAll(db, sql: "SELECT uid FROM contact"),
        try String.fetchOne(db, sql: "PRAGMA integrity_check"),
        try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_item WHERE dirty = 1") ?? -1
      )
    }
    #expect(integrity == "ok")
    #expect(local.count == count && Set(local).count == count)
    #expect(pending == 0)
    let remote = try await CardDAVClient.withClient(credentials: server.credentials) { client in
      var hrefs: [String] = []
      _ = try await client.listETags(server.addressBookURL) { hrefs.append($0.href) }
      var uids: [String] = []
      for batch in stride(from: 0, to: hrefs.count, by: 500) {
        try await client.multiget(server.addressBookURL, hrefs: Array(hrefs[batch..<min(batch + 500, hrefs.count)])) {
          if case .card(_, _, let text) = $0, let uid = VCardReader.read(text).first?.card?.first("UID")?.text {
            uids.append(uid)
          }
        }
      }
      return uids
    }
    #expect(remote.count == count && Set(remote) == Set(local), "the server has \(remote.count) cards")
  }
}

/// Changes in a directory, through inotify: a wait that wakes when a file in it is written.
final class DirectoryWatch {
  private let descriptor: Int32

  init(_ path: String) throws {
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0, inotify_add_watch(descriptor, path, UInt32(IN_MODIFY | IN_CREATE)) >= 0 else {
      throw ContactsBinary.Failure(description: "inotify: \(String(cString: strerror(errno)))")
    }
  }

  /// Waits until something in the directory changes, the process whose pidfd is `process`
  /// ends, or `timeoutMilliseconds` pass.
  func waitForChange(orEndOf process: Int32, timeoutMilliseconds: Int32) {
    var pollers = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: process, events: Int16(POLLIN), revents: 0),
    ]
    _ = poll(&pollers, 2, timeoutMilliseconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(descriptor, &buffer, buffer.count) > 0 {}
  }

  /// Whether the process whose pidfd is `process` has ended (a pidfd is readable once it has).
  static func hasEnded(_ process: Int32) -> Bool {
    var poller = pollfd(fd: process, events: Int16(POLLIN), revents: 0)
    return poll(&poller, 1, 0) == 1
  }

  func close() { Glibc.close(descriptor) }
}
