import CardDAV
import CardDAVTesting
import CardSync
import ContactsModel
import ContactsServices
import ContactsSync
import Foundation
import TestSupport
import Testing
import VCardFormat

/// vdirsyncer's state-machine test, against a real server: random creates, edits and deletes
/// on two databases and on the server, syncs in random order, some of them failing at a random
/// request (before it is sent, or after the server did it and the answer was lost). Afterwards
/// every side holds the same contacts, UIDs are unique, and no edit was lost.
///
/// Each side owns one field (the laptop the note, the desktop the organisation, the server's
/// other client the email), so changes never conflict, and every surviving contact must hold
/// each owner's last write since the contact was last deleted anywhere (a delete takes the
/// version it deleted with it; a concurrent edit brings back the editor's version). Seeded: a failure prints its seed, and `TERMFLOW_SYNC_SEED=N`
/// replays it; `TERMFLOW_SYNC_STEPS` sets the length (`make sync-soak` runs long ones).
@Suite struct RandomizedConvergenceTests {
  static let steps = ProcessInfo.processInfo.environment["TERMFLOW_SYNC_STEPS"].flatMap(Int.init) ?? 60
  static let seeds: [UInt64] =
    ProcessInfo.processInfo.environment["TERMFLOW_SYNC_SEED"].flatMap(UInt64.init).map { [$0] } ?? [2026, 7]

  @Test(arguments: DAVTestServer.Kind.allCases, seeds)
  func randomChangesAndFailedSyncsConverge(kind: DAVTestServer.Kind, seed: UInt64) async throws {
    try await DAVTestServer.withServer(kind) { server in
      var machine = try await SyncMachine(server: server, seed: seed)
      defer { machine.remove() }
      for step in 0..<Self.steps { try await machine.randomStep(step) }
      try await machine.settle()
      try await machine.checkConverged(seed: seed)
    }
  }
}

/// The two sides, the server, and what each owner last wrote.
struct SyncMachine {
  let server: DAVTestServer
  let laptop: SyncSide
  let desktop: SyncSide
  var random: SplitMix64
  /// The last note the laptop wrote, organisation the desktop wrote, email the server's other
  /// client wrote, by UID; a delete anywhere drops every claim on the contact.
  var notes: [String: String] = [:]
  var organizations: [String: String] = [:]
  var emails: [String: String] = [:]
  var log: [String] = []

  init(server: DAVTestServer, seed: UInt64) async throws {
    self.server = server
    laptop = try await SyncSide.make(on: server, name: "laptop")
    desktop = try await SyncSide.make(on: server, name: "desktop")
    random = SplitMix64(seed: seed)
    try await laptop.link()
    try await desktop.link()
  }

  func remove() {
    laptop.remove()
    desktop.remove()
  }

  mutating func randomStep(_ step: Int) async throws {
    let side = random.next() % 2 == 0 ? laptop : desktop
    let isLaptop = side.directory.url == laptop.directory.url
    switch random.next() % 10 {
    case 0, 1:
      let contact = try await side.add("\(isLaptop ? "L" : "D")\(step)")
      log.append("\(step): create \(contact.uid) on \(isLaptop ? "laptop" : "desktop")")
    case 2, 3:
      guard let contact = try await pick(side) else { return }
      let value = "\(isLaptop ? "note" : "org")-\(step)"
      try await side.edit(contact) { draft in
        if isLaptop { draft.notes = value } else { draft.organization = value }
      }
      if isLaptop { notes[contact.uid] = value } else { organizations[contact.uid] = value }
      log.append("\(step): edit \(contact.uid) on \(isLaptop ? "laptop" : "desktop") = \(value)")
    case 4:
      guard let contact = try await pick(side) else { return }
      try await side.delete(contact)
      forget(contact.uid)
      log.append("\(step): delete \(contact.uid) on \(isLaptop ? "laptop" : "desktop")")
    case 5:
      let view = ServerView(server: server)
      let cards = try await view.cards()
      guard !cards.isEmpty else { return }
      // By name, not href: hrefs come from random UIDs, names from the step that made them.
      let byName = cards.values.sorted { ($0.card.first("FN")?.text ?? "") < ($1.card.first("FN")?.text ?? "") }
      let entry = byName[Int(random.next() % UInt64(byName.count))]
      let uid = entry.card.first("UID")?.text ?? ""
      if random.next() % 4 == 0 {
        try await view.delete(uid: uid)
        forget(uid)
        log.append("\(step): delete \(uid) on the server")
      } else {
        var card = entry.card
        card.properties.removeAll { $0.hasName("EMAIL") }
        let email = "s\(step)@example.com"
        card.properties.append(VCardProperty(name: "EMAIL", text: email))
        try await view.put(uid: uid, VCardWriter(version: .v30).string(card))
        emails[uid] = email
        log.append("\(step): edit \(uid) on the server = \(email)")
      }
    default:
      let failing: Int? = random.next() % 3 == 0 ? Int(random.next() % 6) : nil
      let afterSending = random.next() % 2 == 0
      do {
        try await sync(side, failing: failing, afterSending: afterSending)
        log.append("\(step): sync \(isLaptop ? "laptop" : "desktop")")
      } catch is FailingRemote.Dropped {
        log.append("\(step): sync \(isLaptop ? "laptop" : "desktop") dropped at request \(failing ?? -1)")
      }
    }
  }

  mutating func forget(_ uid: String) {
    notes[uid] = nil
    organizations[uid] = nil
    emails[uid] = nil
  }

  mutating func pick(_ side: SyncSide) async throws -> Contact? {
    // By name: names come from the step that made them, UIDs are random.
    let all = try await side.all().values.sorted { $0.name < $1.name }
    guard !all.isEmpty else { return nil }
    return all[Int(random.next() % UInt64(all.count))]
  }

  @discardableResult
  func sync(_ side: SyncSide, failing: Int? = nil, afterSending: Bool = false) async throws -> SyncSummary {
    guard let link = try await side.sync.link(account: side.account) else { throw SyncTestError("not linked") }
    return try await CardDAVClient.withClient(credentials: server.credentials) { client in
      let remote = FailingRemote(client, failing: failing, afterSending: afterSending)
      do {
        return try await SyncEngine(store: side.sync, client: remote, link: link).run()
      } catch SyncEngine.Failure.emptySide {
        // Every contact of one side is gone: refused, as it should be; the user then forces it.
        let forced = FailingRemote(client, failing: nil, afterSending: false)
        return try await SyncEngine(store: side.sync, client: forced, link: link).run(force: true)
      }
    }
  }

  /// Syncs both sides without failures until neither has anything left to do.
  mutating func settle() async throws {
    for _ in 0..<6 {
      let first = try await sync(laptop)
      let second = try await sync(desktop)
      let quiet = [first, second].allSatisfy {
        $0.sent == 0 && $0.received == 0 && $0.deletedHere == 0 && $0.deletedThere == 0 && $0.merged == 0
      }
      if quiet { return }
    }
    Issue.record("the sides did not settle after 6 rounds:\n\(log.joined(separator: "\n"))")
  }

  func checkConverged(seed: UInt64) async throws {
    let context = "seed \(seed):\n" + log.joined(separator: "\n")
    let serverCards = try await ServerView(server: server).cards()
    let serverUIDs = serverCards.values.map { $0.card.first("UID")?.text ?? "" }
    #expect(Set(serverUIDs).count == serverUIDs.count, "duplicate UIDs on the server; \(context)")
    let expected = try await ServerView(server: server).fingerprints()
    let serverTexts = Dictionary(
      serverCards.values.map { ($0.card.first("UID")?.text ?? "", VCardWriter().string($0.card)) },
      uniquingKeysWith: { first, _ in first })
    for (name, side) in [("laptop", laptop), ("desktop", desktop)] {
      let found = try await side.fingerprints()
      let differing = Set(found.keys).union(expected.keys).filter { found[$0] != expected[$0] }.sorted()
      let contacts = try await side.all()
      let described = differing.map { uid in
        "\(uid): here \(contacts[uid].map { VCardWriter().string($0.vCard) } ?? "none") server \(serverTexts[uid] ?? "none")"
      }
      #expect(
        differing.isEmpty,
        "the \(name) differs from the server: \(described.joined(separator: "\n")); \(context)")
    }
    for side in [laptop, desktop] {
      let conflicts = try await side.sync.conflicts(account: side.account)
      let described = conflicts.map { conflict in
        "\(conflict.uid): here \(VCardWriter().string(conflict.mine.vCard)) server \(VCardWriter().string(conflict.theirs.vCard))"
      }
      #expect(conflicts.isEmpty, "conflicts: \(described.joined(separator: "\n")); \(context)")
    }
    for (uid, contact) in try await laptop.all() {
      if let note = notes[uid] { #expect(contact.notes == note, "the laptop's note on \(uid) was lost; \(context)") }
      if let organization = organizations[uid] {
        #expect(contact.company == organization, "the desktop's organisation on \(uid) was lost; \(context)")
      }
      if let email = emails[uid] {
        #expect(contact.email == email, "the server's email on \(uid) was lost; \(context)")
      }
    }
  }
}
