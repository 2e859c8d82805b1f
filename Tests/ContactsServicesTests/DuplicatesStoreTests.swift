import CardSync
import ContactsModel
import Foundation
import Testing

@testable import ContactsServices

/// Merging duplicates in the database: one transaction, undone in one; contacts kept apart
/// remembered across runs; sync told by the same marks as any save and delete.
@Suite struct DuplicatesStoreTests {
  /// Ada twice (one e-mail in common), and Grace.
  func twoAdas(_ fixture: TwoAccounts) async throws -> (ada: Contact, again: Contact, grace: Contact) {
    var first = ContactDraft(name: "Ada Lovelace", email: "ada@engines.example", company: "Engines")
    first.notes = "Met at the Royal Society"
    var second = ContactDraft(name: "Ada King", email: "ADA@engines.example", phone: "+44 20 7946 0001")
    second.notes = "Likes poetry"
    let ada = try await fixture.store.insert(first, account: fixture.ada)
    let again = try await fixture.store.insert(second, account: fixture.ada)
    let grace = try await fixture.store.insert(
      ContactDraft(name: "Grace Hopper", email: "grace@navy.example"), account: fixture.ada)
    return (ada, again, grace)
  }

  @Test func aMergeSavesTheSurvivorAndDeletesTheOtherTogether() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let (ada, again, grace) = try await twoAdas(fixture)
    #expect(try fixture.store.duplicateGroups(account: fixture.ada).map(\.ids) == [[ada.id, again.id]])

    let merged = ContactMerge.merged(ada, again, takingFromOther: [.notes])
    let saved = try await fixture.store.merge(merged, survivor: ada, other: again, account: fixture.ada)
    #expect(saved.id == ada.id && saved.uid == ada.uid)
    #expect(try #require(saved.revision) > ada.revision!)
    let stored = try #require(try await fixture.store.contact(id: ada.id, account: fixture.ada))
    #expect(stored == saved)
    #expect(stored.notes == "Likes poetry" && stored.name == "Ada Lovelace")
    #expect(stored.phones.map(\.value) == ["+44 20 7946 0001"])
    #expect(ContactMerge.mergedUIDs(of: stored) == [again.uid])
    #expect(try await fixture.store.contact(id: again.id, account: fixture.ada) == nil)
    #expect(try await fixture.store.count(account: fixture.ada) == 2)
    #expect(try await fixture.store.contact(id: grace.id, account: fixture.ada) == grace)
    #expect(try fixture.store.duplicateGroups(account: fixture.ada).isEmpty)
  }

  /// An export from before a merge, imported after it: the merged-away card goes into the
  /// survivor (what it adds is kept), and the duplicate does not come back.
  @Test func anOldExportOfAMergedContactGoesIntoItsSurvivor() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let (ada, again, grace) = try await twoAdas(fixture)
    let oldExport = [ada.vCard, again.vCard, grace.vCard]
    let saved = try await fixture.store.merge(
      ContactMerge.merged(ada, again), survivor: ada, other: again, account: fixture.ada)

    #expect(
      try await fixture.store.importCards(oldExport, account: fixture.ada)
        == ImportTally(unchanged: 2, intoSurvivors: 1))
    #expect(try await fixture.store.count(account: fixture.ada) == 2)
    // Ada's own card from before the merge did not replace her: what the merge gathered stays.
    #expect(try await fixture.store.contact(id: ada.id, account: fixture.ada) == saved)
    #expect(try fixture.store.duplicateGroups(account: fixture.ada).isEmpty)

    // A newer card of the merged-away one adds what it has new; the survivor's name stays.
    var newer = again
    newer.phones.append(ContactEntry("+44 20 7946 0999", types: ["work"]))
    let merged = try fixture.store.mergedUIDs(account: fixture.ada)
    #expect(merged.survivor(of: again.uid) == ada.uid && merged.survivor(of: grace.uid) == nil)
    #expect(
      try await fixture.store.importCards([newer.vCard], account: fixture.ada, merged: merged)
        == ImportTally(intoSurvivors: 1))
    let grown = try #require(try await fixture.store.contact(id: ada.id, account: fixture.ada))
    #expect(grown.name == "Ada Lovelace" && grown.phones.map(\.value).contains("+44 20 7946 0999"))
    #expect(try await fixture.store.count(account: fixture.ada) == 2)
    // Again: nothing new, nothing written.
    #expect(try await fixture.store.importCards([newer.vCard], account: fixture.ada) == ImportTally(intoSurvivors: 1))
    #expect(try await fixture.store.contact(id: ada.id, account: fixture.ada) == grown)

    // Ada's card edited later by a program that dropped the record replaces her, as any newer
    // card does.
    var edited = ada
    edited.name = "Augusta Ada Lovelace"
    edited.revision = grown.revision!.addingTimeInterval(60)
    #expect(try await fixture.store.importCards([edited.vCard], account: fixture.ada) == ImportTally(updated: 1))
    #expect(try await fixture.store.contact(id: ada.id, account: fixture.ada)?.name == "Augusta Ada Lovelace")
  }

  @Test func aMergeOfAContactChangedMeanwhileChangesNothing() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let (ada, again, _) = try await twoAdas(fixture)
    // The other changed after the screen read it: neither side is written.
    var draft = ContactDraft(again)
    draft.title = "Countess"
    _ = try await fixture.store.update(id: again.id, with: draft, account: fixture.ada)
    await #expect(throws: ContactStore.StoreError.self) {
      try await fixture.store.merge(
        ContactMerge.merged(ada, again), survivor: ada, other: again, account: fixture.ada)
    }
    #expect(try await fixture.store.contact(id: ada.id, account: fixture.ada) == ada)
    #expect(try await fixture.store.contact(id: again.id, account: fixture.ada)?.title == "Countess")
  }

  @Test func undoBringsBothBackAsTheyWere() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let (ada, again, _) = try await twoAdas(fixture)
    let merged = try await fixture.store.merge(
      ContactMerge.merged(ada, again, takingFromOther: [.name]), survivor: ada, other: again, account: fixture.ada)
    let (survivor, other) = try await fixture.store.undoMerge(
      merged, survivor: ada, other: again, account: fixture.ada)
    #expect(survivor.id == ada.id && other.uid == again.uid && other.id != again.id)
    let storedAda = try #require(try await fixture.store.contact(id: ada.id, account: fixture.ada))
    let storedAgain = try #require(try await fixture.store.contact(id: other.id, account: fixture.ada))
    #expect(storedAda.vCard.properties.filter { $0.name != "REV" } == ada.vCard.properties.filter { $0.name != "REV" })
    #expect(
      storedAgain.vCard.properties.filter { $0.name != "REV" } == again.vCard.properties.filter { $0.name != "REV" })
    #expect(try await fixture.store.count(account: fixture.ada) == 3)
    #expect(try fixture.store.duplicateGroups(account: fixture.ada).map(\.ids) == [[ada.id, other.id]])

    // An undo after the merged contact changed elsewhere is refused, and changes nothing.
    let mergedAgain = try await fixture.store.merge(
      ContactMerge.merged(storedAda, storedAgain), survivor: storedAda, other: storedAgain, account: fixture.ada)
    var draft = ContactDraft(mergedAgain)
    draft.title = "Countess"
    let edited = try await fixture.store.update(id: ada.id, with: draft, account: fixture.ada)
    await #expect(throws: ContactStore.StoreError.self) {
      try await fixture.store.undoMerge(mergedAgain, survivor: storedAda, other: storedAgain, account: fixture.ada)
    }
    #expect(try await fixture.store.contact(id: ada.id, account: fixture.ada) == edited)
    #expect(try await fixture.store.count(account: fixture.ada) == 2)
  }

  @Test func contactsKeptApartAreNeverProposedAgainEvenAfterARestart() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let (ada, again, _) = try await twoAdas(fixture)
    try await fixture.store.keepApart(again.uid, ada.uid, account: fixture.ada)
    try await fixture.store.keepApart(ada.uid, again.uid, account: fixture.ada)  // once is enough
    #expect(try fixture.store.duplicateGroups(account: fixture.ada).isEmpty)

    // Another run of the program: a new connection to the same file.
    let reopened = ContactStore(database: try ContactsDatabase.open(at: fixture.database.path))
    #expect(try reopened.duplicateGroups(account: fixture.ada).isEmpty)
    // Grace's account knows nothing of Ada's choice (nor has these contacts).
    #expect(try reopened.duplicateGroups(account: fixture.grace).isEmpty)
    // A third record matching both brings them back together, as its duplicates.
    let third = try await reopened.insert(
      ContactDraft(name: "A. King", email: "ada@engines.example"), account: fixture.ada)
    #expect(try reopened.duplicateGroups(account: fixture.ada).map(\.ids) == [[ada.id, again.id, third.id]])
  }

  @Test func withSyncAMergeSendsTheSurvivorAndDeletesTheOtherByItsETag() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let (ada, again, _) = try await twoAdas(fixture)
    let sync = SyncStore(database: fixture.database)
    try await sync.saveLink(
      SyncLink(
        account: fixture.ada, addressBook: URL(string: "http://127.0.0.1:5232/ada/book/")!, username: "ada",
        password: .command("echo x"), cardVersion: "4.0"))
    // Both on the server already.
    for departure in try await sync.departures(book: fixture.adaBook, after: nil, limit: 10) {
      let card = try #require(departure.card)
      let href = "/ada/book/\(departure.uid).vcf"
      try await sync.willSend(departure, href: href, fingerprint: CardFingerprint.of(card), account: fixture.ada)
      try await sync.sent(
        departure, href: href, etag: "\"\(departure.uid)\"", fingerprint: CardFingerprint.of(card),
        account: fixture.ada)
    }
    #expect(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).isEmpty)

    _ = try await fixture.store.merge(
      ContactMerge.merged(ada, again), survivor: ada, other: again, account: fixture.ada)
    let departures = try await sync.departures(book: fixture.adaBook, after: nil, limit: 10)
    let survivor = try #require(departures.first { $0.uid == ada.uid })
    let tombstone = try #require(departures.first { $0.uid == again.uid })
    #expect(departures.count == 2)
    #expect(survivor.etag == "\"\(ada.uid)\"" && survivor.card != nil)
    #expect(tombstone.etag == "\"\(again.uid)\"" && tombstone.card == nil)
  }
}
