import CardDAVTesting
import CardSync
import ContactsModel
import ContactsServices
import Testing

/// A merge on a side that syncs, against a real Radicale on 127.0.0.1: the survivor replaces its
/// card, the other's is deleted by its ETag, and a delete the server refuses (the card changed
/// there meanwhile) brings the card back here to be merged again, losing nothing.
@Suite struct MergeSyncTests {
  /// A side linked to the server with Ann twice (one e-mail in common), both on the server.
  func twoAnns(on server: DAVTestServer) async throws -> (SyncSide, ann: Contact, again: Contact) {
    let laptop = try await SyncSide.make(on: server, name: "laptop")
    try await laptop.link()
    let ann = try await laptop.add("Ann Smith", email: "ann@example.org", notes: "the first")
    let again = try await laptop.add("Ann B. Smith", email: "ANN@example.org", phone: "+44 20 7946 0002")
    try await laptop.run()
    #expect(try await ServerView(server: server).hrefs().count == 2)
    // As the Duplicates screen reads them: after the sync stored them.
    let all = try await laptop.all()
    return (laptop, try #require(all[ann.uid]), try #require(all[again.uid]))
  }

  @Test func aMergeReplacesTheSurvivorAndDeletesTheOtherThere() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let (laptop, ann, again) = try await twoAnns(on: server)
      defer { laptop.remove() }
      _ = try await laptop.contacts.merge(
        ContactMerge.merged(ann, again), survivor: ann, other: again, account: laptop.account)
      let run = try await laptop.run()
      #expect(run.sent == 1 && run.deletedThere == 1)
      let cards = try await ServerView(server: server).cards()
      #expect(cards.count == 1)
      let survivor = try #require(cards.values.first?.card)
      #expect(survivor.first("UID")?.text == ann.uid)
      #expect(survivor.first(ContactMerge.mergedUIDProperty)?.text == again.uid)
      #expect(survivor.properties.filter { $0.name == "EMAIL" }.count == 1)
      #expect(survivor.first("TEL")?.text == "+44 20 7946 0002")
      #expect(try await ServerView(server: server).fingerprints() == laptop.fingerprints())
    }
  }

  @Test func aDeleteTheServerRefusesBringsTheOtherBackToMergeAgain() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let (laptop, ann, again) = try await twoAnns(on: server)
      defer { laptop.remove() }
      _ = try await laptop.contacts.merge(
        ContactMerge.merged(ann, again), survivor: ann, other: again, account: laptop.account)
      // Meanwhile a phone edits the other on the server: its ETag moves, the delete gets a 412.
      try await ServerView(server: server).put(
        uid: again.uid, card30(uid: again.uid, name: "Ann B. Smith", email: "ann@example.org", note: "edited there"))
      try await laptop.run()
      let all = try await laptop.all()
      // Nothing lost: the survivor merged, the other back with the phone's edit, both on the server.
      #expect(all.count == 2)
      #expect(all[again.uid]?.notes == "edited there")
      #expect(ContactMerge.mergedUIDs(of: try #require(all[ann.uid])) == [again.uid])
      #expect(try await ServerView(server: server).fingerprints() == laptop.fingerprints())
      // And it is proposed again.
      let groups = try laptop.contacts.duplicateGroups(account: laptop.account)
      #expect(groups.map { Set($0.ids) } == [Set([ann.id, try #require(all[again.uid]).id])])
    }
  }
}
