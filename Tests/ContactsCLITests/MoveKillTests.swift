import CardDAV
import CardDAVTesting
import Foundation
import GRDB
import Testing
import VCardFormat

/// SIGKILL at many points of a sync that moves contacts from one address book to another, each
/// followed by a new run: the last run converges with every moved card exactly once on the
/// server, in the new book, nothing pending here, and a sound database.
///
/// A move is a PUT in the new book, then a DELETE of the old copy once the new one's ETag is
/// stored here. The kill points are progress points over both halves (a new copy's ETag stored,
/// then a move finished), so the kills fall before, between and after the PUTs and the DELETEs
/// (`SyncKillTests.killRepeatedly`). CI runs a short version; `make sync-kill` moves 1,000 with
/// 50 kills (`TERMFLOW_SYNC_KILL_MOVES`, `TERMFLOW_SYNC_KILL_POINTS`).
@Suite struct MoveKillTests {
  static let movedCards = SyncKillTests.environment["TERMFLOW_SYNC_KILL_MOVES"].flatMap(Int.init) ?? 100

  static func card(_ index: Int) -> String {
    crlf(
      "BEGIN:VCARD", "VERSION:3.0", "UID:move-\(index)", "N:Mover;Number \(index);;;", "FN:Number \(index) Mover",
      "EMAIL;TYPE=INTERNET:m\(index)@example.com", "END:VCARD")
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func aMoveBetweenBooksKilledAtManyPointsConverges(kind: DAVTestServer.Kind) async throws {
    let cards = (0..<Self.movedCards).map {
      DAVTestServer.PreloadedCard(name: "move-\($0).vcf", text: Self.card($0))
    }
    try await DAVTestServer.withServer(kind, preloading: cards) { server in
      let work = try await CardDAVClient.withClient(credentials: server.credentials) { client in
        try await client.createAddressBook(in: server.homeSetURL, segment: "work", displayName: "Work").url
      }
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      let home = server.addressBookURL.absoluteString
      let setup = try await contacts.run(
        [
          "sync", "setup", server.homeSetURL.absoluteString, "--username", server.credentials.username,
          "--address-book", home, "--address-book", work.absoluteString,
          "--password-command", "printf '%s\\n' '\(server.credentials.password)'",
        ])
      #expect(setup.status == 0, "\(setup.errors)")
      let first = try await contacts.run(["sync"])
      #expect(first.status == 0, "\(first.errors)")
      let move = try await contacts.run(["sync", "move", "--from", home, "--to", work.absoluteString])
      #expect(move.status == 0, "\(move.errors)")
      #expect(move.output.contains("Moved \(Self.movedCards) contacts from"), "\(move.output)")

      let target = try await DatabaseQueue(path: contacts.database).read { db in
        try Int.fetchOne(db, sql: "SELECT DISTINCT book FROM sync_item WHERE movedFrom IS NOT NULL")
      }
      let newBook = try #require(target)
      // A new copy whose ETag is stored, then a move finished: two steps a card.
      let progress = """
        SELECT (SELECT count(*) FROM sync_item WHERE book = \(newBook) AND etag IS NOT NULL)
          + (SELECT count(*) FROM sync_item WHERE book = \(newBook) AND movedHref IS NULL)
        """
      let kills = try await SyncKillTests().killRepeatedly(contacts, progress: progress, total: 2 * Self.movedCards)
      let last = try await contacts.run(["sync"])
      #expect(last.status == 0, "\(last.errors)")
      #expect(kills >= SyncKillTests.killPoints / 2, "only \(kills) of \(SyncKillTests.killPoints) runs were killed")
      print("sync-kill: \(kills) runs killed with SIGKILL over a move of \(Self.movedCards) cards, then converged")

      let database = try DatabaseQueue(path: contacts.database)
      let (integrity, local, unfinished) = try await database.read { db in
        (
          try String.fetchOne(db, sql: "PRAGMA integrity_check"),
          try Int.fetchAll(db, sql: "SELECT s.book FROM contact c JOIN sync_item s ON s.uid = c.uid"),
          try Int.fetchOne(
            db,
            sql: """
              SELECT count(*) FROM sync_item WHERE dirty = 1 OR movedHref IS NOT NULL OR etag IS NULL
                OR pendingCard IS NOT NULL
              """) ?? -1
        )
      }
      #expect(integrity == "ok")
      #expect(local.count == Self.movedCards && local.allSatisfy { $0 == newBook }, "here: \(local.count)")
      #expect(unfinished == 0)
      let left = try await Self.uids(in: server.addressBookURL, on: server)
      let there = try await Self.uids(in: work, on: server)
      #expect(left.isEmpty, "\(left.count) cards left in the old book")
      #expect(there.count == Self.movedCards && Set(there) == Set(cards.map { "\($0.name.dropLast(4))" }))
      let again = try await contacts.run(["sync"])
      #expect(again.status == 0 && again.output.contains(": 0 sent, 0 received, 0 deleted here"), "\(again.output)")
    }
  }

  /// The UIDs of the cards in `book` on the server, once for each card (a UID held twice is
  /// listed twice).
  static func uids(in book: URL, on server: DAVTestServer) async throws -> [String] {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      var hrefs: [String] = []
      _ = try await client.listETags(book) { hrefs.append($0.href) }
      var uids: [String] = []
      for batch in stride(from: 0, to: hrefs.count, by: 500) {
        try await client.multiget(book, hrefs: Array(hrefs[batch..<min(batch + 500, hrefs.count)])) {
          if case .card(_, _, let text) = $0, let uid = VCardReader.read(text).first?.card?.first("UID")?.text {
            uids.append(uid)
          }
        }
      }
      return uids
    }
  }
}
