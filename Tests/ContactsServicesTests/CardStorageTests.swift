import ContactsModel
import Foundation
import GRDB
import TestSupport
import Testing
import VCardFormat

@testable import ContactsServices

/// Schema v5: whole cards and UIDs; imports that find what they made; saves that notice a
/// newer revision.
@Suite struct CardStorageTests {
  @Test func aVersion4DatabaseIsUpgradedLosingNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    try await makeDatabase(
      at: path, upTo: "v4: names found by their plain letters",
      rows: """
        INSERT INTO account (email, passwordHash, createdAt) VALUES ('a@example.com', 'x', 0);
        INSERT INTO contact (accountId, name, sortKey, email, phone, phoneWords, company, address, notes, updatedAt)
        VALUES
          (1, 'Ada Lovelace', 'ada lovelace', 'ada@example.com', '+44 20', '4420 20', 'Engines', '12 Square', 'Hi', 100),
          (1, 'Grace', 'grace', '', '', '', '', '', '', 200);
        """)
    let fractions = Fractions()
    var upgrades: [ContactsDatabase.Upgrade] = []
    let database = try ContactsDatabase.open(
      at: path, willUpgrade: { upgrades.append($0) }, upgradeProgress: { fractions.add($0) })
    // v5 on is pending: v5's rate (8M contacts a minute) and v10's (5M), not the index rebuilds' (2M).
    #expect(
      upgrades == [
        ContactsDatabase.Upgrade(contacts: 2, estimatedSeconds: 2.0 / 1_000_000 * (1.0 / 8 + 1.0 / 5) * 60)
      ])
    #expect(fractions.values.last == 1)
    let uids = try await database.writer.read { db in try String.fetchAll(db, sql: "SELECT uid FROM contact") }
    #expect(uids.count == 2 && Set(uids).count == 2)
    #expect(uids.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() })
    let store = ContactStore(database: database)
    let ada = try #require(try await store.page(account: 1, after: nil, limit: 5).first)
    #expect(ada.name == "Ada Lovelace" && ada.email == "ada@example.com" && ada.phone == "+44 20")
    #expect(ada.company == "Engines" && ada.address == "12 Square" && ada.notes == "Hi")
    #expect(ada.revision == Date(timeIntervalSince1970: 100) && uids.contains(ada.uid))
    // Its card, made from its columns, exports with the same UID; a save keeps it.
    var draft = ContactDraft(ada)
    draft.title = "Countess"
    let saved = try await store.update(id: ada.id, with: draft, account: 1)
    #expect(saved.uid == ada.uid && saved.title == "Countess" && saved.email == "ada@example.com")
    #expect(try await store.search(account: 1, query: "lovelace", limit: 5).contacts == [saved])
    try await database.checkSearchIndex()
  }

  @Test func importFindsCardsByUIDOrContentAndKeepsTheirRevision() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let withUID = try card("BEGIN:VCARD\nVERSION:4.0\nUID:u-1\nFN:Ada\nREV:20200102T030405Z\nEND:VCARD\n")
    let withoutUID = try card("BEGIN:VCARD\nVERSION:3.0\nFN:Grace\nEMAIL:g@example.com\nEND:VCARD\n")
    #expect(try await fixture.store.importCards([withUID, withoutUID], account: fixture.ada) == ImportTally(added: 2))
    #expect(
      try await fixture.store.importCards([withoutUID, withUID], account: fixture.ada) == ImportTally(unchanged: 2))
    let contacts = try await fixture.store.page(account: fixture.ada, after: nil, limit: 5)
    #expect(contacts.map(\.name) == ["Ada", "Grace"])
    #expect(contacts[0].revision == Date(timeIntervalSince1970: 1_577_934_245))
    #expect(contacts[1].uid == ContactUID.derived(from: withoutUID))
    var renamed = withUID
    renamed.properties[2] = VCardProperty(name: "FN", text: "Ada Lovelace")
    #expect(try await fixture.store.importCards([renamed], account: fixture.ada) == ImportTally(updated: 1))
    #expect(try await fixture.store.count(account: fixture.ada) == 2)
    // The other account has none of them, and the same cards are new there.
    #expect(try await fixture.store.importCards([withUID], account: fixture.grace) == ImportTally(added: 1))
  }

  @Test func aSaveFromAnOlderRevisionIsRefused() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let ada = try await fixture.store.insert(ContactDraft(name: "Ada"), account: fixture.ada)
    var elsewhere = ContactDraft(ada)
    elsewhere.title = "Countess"
    let newer = try await fixture.store.update(id: ada.id, with: elsewhere, account: fixture.ada)
    #expect(newer.revision! > ada.revision!)
    var mine = ContactDraft(ada)
    mine.notes = "mine"
    await #expect(throws: ContactStore.StoreError.changedElsewhere(current: newer)) {
      try await fixture.store.update(id: ada.id, with: mine, account: fixture.ada, startedFrom: ada.revision)
    }
    let kept = try await fixture.store.update(
      id: ada.id, with: mine, account: fixture.ada, startedFrom: newer.revision)
    #expect(kept.notes == "mine" && kept.title == "", "the draft is the whole form: its title is empty")
  }

  @Test func searchFindsEveryEmailPhoneNicknameAndTheOrganisation() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    var draft = ContactDraft(name: "Grace Hopper", email: "grace@navy.example", phone: "+1 555 0100")
    draft.emails.append(ContactDraft.Entry("hopper@harvard.example", label: "work"))
    draft.phones.append(ContactDraft.Entry("+44 20 7946 0018"))
    draft.nickname = "Amazing Grace, Grandma COBOL"
    draft.organization = "Ünivac"
    let grace = try await fixture.store.insert(draft, account: fixture.ada)
    _ = try await fixture.store.insert(ContactDraft(name: "Someone Else"), account: fixture.ada)
    for query in ["harvard", "amazing", "grandma", "7946", "+44 20 79", "univac", "navy", "555 0100"] {
      #expect(
        try await fixture.store.search(account: fixture.ada, query: query, limit: 5).contacts == [grace], "\(query)")
    }
    // Taking the second email away takes it out of the search.
    var fewer = ContactDraft(grace)
    fewer.emails.removeLast()
    _ = try await fixture.store.update(id: grace.id, with: fewer, account: fixture.ada)
    #expect(try await fixture.store.search(account: fixture.ada, query: "harvard", limit: 5).total == 0)
  }

  private func card(_ text: String) throws -> VCard {
    try #require(VCardReader.read(text).first?.card)
  }
}

/// Progress fractions as an upgrade reports them.
final class Fractions: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [Double] = []
  var values: [Double] { lock.withLock { list } }
  func add(_ value: Double) { lock.withLock { list.append(value) } }
}
