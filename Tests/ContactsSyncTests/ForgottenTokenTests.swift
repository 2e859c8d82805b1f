import CardDAV
import CardDAVTesting
import ContactsModel
import ContactsSync
import Foundation
import Testing

/// A server that forgets sync tokens cannot hide a deletion. DAViCal deletes its tokens a week
/// after a newer one and then answers an old token with every card it has, not with RFC 6578's
/// 403 `valid-sync-token`; made to forget here exactly as its own clean-up does
/// (`DAVTestServer.forgetSyncTokens`).
@Suite struct ForgottenTokenTests {
  @Test func aCardDeletedThereWhileTheTokenWasForgottenIsDeletedHere() async throws {
    try await DAVTestServer.withServer(.davical) { server in
      let side = try await SyncSide.synced(on: server, adding: ["Ann", "Bob", "Cy", "Dee"])
      defer { side.remove() }
      let all = try await side.all()
      let uid = { (name: String) in all.values.first { $0.name == name }!.uid }
      let view = ServerView(server: server)
      try await view.delete(uid: uid("Bob"))
      // Dee is deleted there and edited here: the edit wins, as after any deletion there.
      try await view.delete(uid: uid("Dee"))
      try await side.edit(try #require(try await side.contact(named: "Dee"))) { $0.notes = "edited here" }
      try await server.forgetSyncTokens()

      let after = try await side.run()
      #expect(after.deletedHere == 1 && after.sent == 1)
      #expect(try await side.all().values.map(\.name).sorted() == ["Ann", "Cy", "Dee"])
      #expect(try await side.fingerprints() == view.fingerprints())
      // The token the full listing brought serves the next sync again: a change is one request.
      let noOp = try await side.run()
      #expect(noOp.requests == 1 && noOp.deletedHere == 0 && noOp.sent == 0)
    }
  }

  /// A server that forgot the token and now holds only cards changed since lists nothing at
  /// the ETag held here, so its every-member answer looks like a listing of changes: the card
  /// it left out, asked for, is gone, and the book is listed whole.
  @Test func aServerThatForgotAndHoldsOnlyChangedCardsStillShowsTheDeletion() async throws {
    try await DAVTestServer.withServer(.davical) { server in
      let side = try await SyncSide.synced(on: server, adding: ["Ann", "Bob"])
      defer { side.remove() }
      let all = try await side.all()
      let uid = { (name: String) in all.values.first { $0.name == name }!.uid }
      let view = ServerView(server: server)
      try await view.delete(uid: uid("Bob"))
      try await view.put(uid: uid("Ann"), card30(uid: uid("Ann"), name: "Ann", note: "edited there"))
      try await server.forgetSyncTokens()

      let after = try await side.run()
      #expect(after.deletedHere == 1 && after.received == 1)
      #expect(try await side.all().values.map(\.name) == ["Ann"])
      #expect(try await side.contact(named: "Ann")?.notes == "edited there")
      #expect(try await side.fingerprints() == view.fingerprints())
    }
  }

  /// A server that forgot the token and holds no card at all answers with nothing: its token is
  /// not the one kept, so a card held here is asked for, and the empty server is named before
  /// anything here is deleted, as for any server that is suddenly empty.
  @Test func aServerThatForgotAndHoldsNothingIsNamedAsEmpty() async throws {
    try await DAVTestServer.withServer(.davical) { server in
      let side = try await SyncSide.synced(on: server, adding: ["Ann", "Bob"])
      defer { side.remove() }
      try await ServerView(server: server).empty()
      try await server.forgetSyncTokens()

      await #expect(throws: SyncEngine.Failure.emptySide(.server(lost: 2))) { try await side.run() }
      #expect(try await side.all().count == 2)
      #expect(try await side.run(force: true).deletedHere == 2)
      #expect(try await side.all().isEmpty)
    }
  }

  /// The way of losing a card: a deletion there hidden by a forgotten token, then
  /// `sync forget` and `sync setup`, whose first sync sends every contact here as new. The
  /// deletion is applied before, so nothing is there to send back.
  @Test func relinkingAfterAForgottenTokenDoesNotBringADeletedCardBack() async throws {
    try await DAVTestServer.withServer(.davical) { server in
      let side = try await SyncSide.synced(on: server, adding: ["Ann", "Bob"])
      defer { side.remove() }
      let bob = try #require(try await side.contact(named: "Bob"))
      try await ServerView(server: server).delete(uid: bob.uid)
      try await server.forgetSyncTokens()
      #expect(try await side.run().deletedHere == 1)

      try await side.sync.forget(account: side.account)
      try await side.link()
      let relinked = try await side.run()
      #expect(relinked.sent == 0 && relinked.deletedHere == 0)
      #expect(try await ServerView(server: server).fingerprints().count == 1)
      #expect(try await side.all().values.map(\.name) == ["Ann"])
    }
  }

  /// A card DAViCal holds twice under one UID (it takes a second PUT of a UID at another href):
  /// every sync says so until the second one is gone, and then says nothing.
  @Test func aCardHeldTwiceIsReportedByEverySyncUntilItIsGone() async throws {
    try await DAVTestServer.withServer(.davical) { server in
      let side = try await SyncSide.synced(on: server, adding: ["Ann"])
      defer { side.remove() }
      let ann = try #require(try await side.contact(named: "Ann"))
      let copy = server.addressBookURL.path() + "ann-copy.vcf"
      try await CardDAVClient.withClient(credentials: server.credentials) { client in
        _ = try await client.put(
          copy, in: server.addressBookURL, card: Array(card30(uid: ann.uid, name: "Ann Copy").utf8), condition: .create)
      }
      for _ in 0..<3 {
        let summary = try await side.run()
        #expect(summary.unreadable == 1 && summary.needsAttention)
        #expect(try await side.sync.problems(account: side.account).map(\.href) == [copy])
      }
      let stored = try #require(try await ServerView(server: server).cards()[copy])
      try await CardDAVClient.withClient(credentials: server.credentials) { client in
        try await client.delete(copy, in: server.addressBookURL, etag: stored.etag)
      }
      let cleared = try await side.run()
      #expect(cleared.unreadable == 0 && !cleared.needsAttention)
      #expect(try await side.sync.problems(account: side.account).isEmpty)
      #expect(try await side.sync.status(account: side.account)?.problems == 0)
      #expect(try await side.all().values.map(\.name) == ["Ann"])
    }
  }
}
