import CardSync
import ContactsModel
import Foundation
import GRDB
import TestSupport
import Testing
import VCardFormat

@testable import ContactsServices

/// Schema v6: what a sync remembers, kept by triggers as contacts change, and the transactions
/// that move a contact and its sync state together.
@Suite struct SyncStoreTests {
  static let book = URL(string: "http://127.0.0.1:5232/ada/book/")!

  func linked() async throws -> (TwoAccounts, SyncStore) {
    let fixture = try await TwoAccounts.make()
    let sync = SyncStore(database: fixture.database)
    try await sync.saveLink(
      SyncLink(
        account: fixture.ada, addressBook: Self.book, username: "ada", password: .command("echo x"), cardVersion: "3.0")
    )
    return (fixture, sync)
  }

  func items(_ fixture: TwoAccounts) async throws -> [Row] {
    try fixture.database.writer.read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM sync_item ORDER BY uid")
    }
  }

  @Test func linkingMarksEveryContactToSendAndOnlyTheLinkedAccountsChangesAreTracked() async throws {
    let fixture = try await TwoAccounts.make()
    defer { fixture.directory.remove() }
    let before = try await fixture.store.insert(ContactDraft(name: "Before"), account: fixture.ada)
    _ = try await fixture.store.insert(ContactDraft(name: "Grace's"), account: fixture.grace)
    let sync = SyncStore(database: fixture.database)
    try await sync.saveLink(
      SyncLink(
        account: fixture.ada, addressBook: Self.book, username: "ada", password: .command("echo x"), cardVersion: "3.0")
    )
    let after = try await fixture.store.insert(ContactDraft(name: "After"), account: fixture.ada)
    _ = try await fixture.store.insert(ContactDraft(name: "Grace's second"), account: fixture.grace)
    let rows = try await items(fixture)
    #expect(Set(rows.map { $0["uid"] as String }) == [before.uid, after.uid])
    #expect(rows.allSatisfy { $0["dirty"] as Int == 1 })
    let departures = try await sync.departures(book: fixture.adaBook, after: nil, limit: 10)
    #expect(Set(departures.map(\.uid)) == [before.uid, after.uid])
    #expect(departures.allSatisfy { $0.etag == nil && $0.card != nil })
  }

  @Test func aSentContactIsCleanUntilItChangesAndItsDeleteLeavesATombstone() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    let ann = try await fixture.store.insert(ContactDraft(name: "Ann", email: "ann@example.com"), account: fixture.ada)
    let departure = try #require(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).first)
    let card = try #require(departure.card)
    try await sync.willSend(
      departure, href: "/ada/book/ann.vcf", fingerprint: CardFingerprint.of(card), account: fixture.ada)
    try await sync.sent(
      departure, href: "/ada/book/ann.vcf", etag: "\"e1\"", fingerprint: CardFingerprint.of(card), account: fixture.ada)
    #expect(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).isEmpty)

    var draft = ContactDraft(name: "Ann", email: "ann@work.example")
    draft.name = "Ann"
    _ = try await fixture.store.update(id: ann.id, with: draft, account: fixture.ada)
    let edited = try #require(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).first)
    #expect(edited.etag == "\"e1\"" && edited.href == "/ada/book/ann.vcf" && edited.card != nil)

    try await fixture.store.delete(id: ann.id, account: fixture.ada)
    let tombstone = try #require(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).first)
    #expect(tombstone.card == nil && tombstone.etag == "\"e1\"")
    try await sync.deletedOnServer(uid: ann.uid, account: fixture.ada)
    #expect(try await items(fixture).isEmpty)
  }

  @Test func seededContactsOfALinkedAccountAreToSendThoughTheSeederWritesWithoutTriggers() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    try await Seeder(database: fixture.database, accounts: fixture.accounts).addContacts(25, to: fixture.ada)
    try await Seeder(database: fixture.database, accounts: fixture.accounts).addContacts(5, to: fixture.grace)
    #expect(try await sync.departures(book: fixture.adaBook, after: nil, limit: 100).count == 25)
    #expect(try await items(fixture).count == 25)
  }

  @Test func aContactDeletedBeforeItWasEverSentLeavesNothingToDo() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    let ann = try await fixture.store.insert(ContactDraft(name: "Ann"), account: fixture.ada)
    try await fixture.store.delete(id: ann.id, account: fixture.ada)
    #expect(try await items(fixture).isEmpty)
    #expect(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).isEmpty)
  }

  @Test func aContactThatChangedWhileItWasBeingSentStaysToSend() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    let ann = try await fixture.store.insert(ContactDraft(name: "Ann"), account: fixture.ada)
    let departure = try #require(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).first)
    _ = try await fixture.store.update(id: ann.id, with: ContactDraft(name: "Ann Smith"), account: fixture.ada)
    try await sync.sent(departure, href: "/ada/book/a.vcf", etag: "\"e1\"", fingerprint: "f", account: fixture.ada)
    let again = try #require(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).first)
    #expect(again.etag == "\"e1\"")
  }

  @Test func serverCardsAreStoredCleanAndTheirRemovalDeletesThem() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    let text =
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:bob\r\nN:Smith;Bob;;;\r\nFN:Bob Smith\r\nEMAIL;TYPE=work:bob@example.com\r\nEND:VCARD\r\n"
    let tally = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/book/bob.vcf", etag: "\"b1\"", text: text)], book: fixture.adaBook)
    #expect(tally.received == 1)
    let bob = try #require(try await fixture.store.page(account: fixture.ada, after: nil, limit: 5).first)
    #expect(bob.name == "Bob Smith" && bob.email == "bob@example.com" && bob.uid == "bob")
    #expect(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).isEmpty)

    // The same card again (a sync run twice, or killed after storing it) changes nothing.
    let again = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/book/bob.vcf", etag: "\"b1\"", text: text)], book: fixture.adaBook)
    #expect(again.received == 0)

    try await sync.startListing(book: fixture.adaBook)
    try sync.addToListing([ListingEntry(href: "/ada/book/bob.vcf", etag: nil, isRemoved: true)], book: fixture.adaBook)
    #expect(try await sync.emptySide(book: fixture.adaBook, complete: false) == .server(lost: 1))
    let removed = try await sync.applyRemovals(book: fixture.adaBook, complete: false)
    #expect(removed.deletedHere == 1)
    #expect(try await fixture.store.count(account: fixture.ada) == 0)
    #expect(try await items(fixture).isEmpty)
  }

  @Test func aBatchOfNewCardsIsWrittenTogetherAsIfOneByOne() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    // Contacts here already: one the server also has (by UID), one only here, both to send.
    let here = try await fixture.store.insert(ContactDraft(name: "Mia Here"), account: fixture.ada)
    _ = try await fixture.store.insert(ContactDraft(name: "Zed Local"), account: fixture.ada)
    func card(_ uid: String, _ name: String) -> String {
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nEMAIL:\(uid)@example.com\r\nEND:VCARD\r\n"
    }
    // In href order, not name order; one UID twice (at two hrefs), and the contact made here.
    var cards = (0..<100).map { index in
      RemoteCard(
        href: "/ada/book/\(String(format: "%03d", index)).vcf", etag: "\"e\(index)\"",
        text: card("u\(index)", "Person \((index * 37) % 100)"))
    }
    cards.append(RemoteCard(href: "/ada/book/dup.vcf", etag: "\"d\"", text: card("u5", "Someone Else")))
    cards.append(RemoteCard(href: "/ada/book/here.vcf", etag: "\"h\"", text: card(here.uid, "Mia There")))
    // One of them could not be read before.
    _ = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/book/007.vcf", etag: "\"x\"", text: "BEGIN:VCARD\r\nnot a card")], book: fixture.adaBook)
    let tally = try await sync.applyArrivals(cards, book: fixture.adaBook)
    #expect(tally.received == 100 && tally.unreadable == 1 && tally.conflicts == 1)
    // The only problem left is the UID at two hrefs.
    #expect(try await sync.status(account: fixture.ada)?.problems == 1)

    let names = try await fixture.store.page(account: fixture.ada, after: nil, limit: 200).map(\.name)
    #expect(names.count == 102 && Set(names).count == 102)
    #expect(names == names.sorted { ContactStore.sortKey(for: $0) < ContactStore.sortKey(for: $1) })
    #expect(try await fixture.store.count(account: fixture.ada) == 102)
    let found = try await fixture.store.search(account: fixture.ada, query: "person 42", limit: 5)
    #expect(found.contacts.map(\.name) == ["Person 42"])
    let rows = try await items(fixture)
    #expect(rows.filter { ($0["dirty"] as Int) == 0 && ($0["etag"] as String?) != nil }.count == 100)
    // Only the two contacts made here are to send (one waits for the user's choice).
    #expect(try await sync.departures(book: fixture.adaBook, after: nil, limit: 200).count == 1)

    // The triggers are back: a contact added afterwards is marked, listed and found.
    _ = try await fixture.store.insert(ContactDraft(name: "Person 42b"), account: fixture.ada)
    #expect(try await sync.departures(book: fixture.adaBook, after: nil, limit: 200).count == 2)
    #expect(try await fixture.store.count(account: fixture.ada) == 103)
    let after = try await fixture.store.search(account: fixture.ada, query: "person 42", limit: 5)
    #expect(after.contacts.map(\.name) == ["Person 42", "Person 42b"])
  }

  /// A batch of new contacts is written with the connection's triggers off; whatever happens
  /// in it, they are on again afterwards, so the next contact written is marked, counted and
  /// found as always.
  @Test func theTriggersAreOnAgainAfterABatchThatFailed() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    struct Failed: Error {}
    #expect(throws: Failed.self) {
      try fixture.database.writer.write { db in
        try SyncStore.withoutTriggers(db) { throw Failed() }
      }
    }
    _ = try await fixture.store.insert(ContactDraft(name: "Ann After"), account: fixture.ada)
    #expect(
      try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).map { $0.card?.first("FN")?.text } == [
        "Ann After"
      ])
    #expect(try await fixture.store.count(account: fixture.ada) == 1)
    #expect(
      try await fixture.store.search(account: fixture.ada, query: "ann", limit: 5).contacts.map(\.name) == ["Ann After"]
    )
  }

  /// A listing batch is written in href order whatever order the server listed in; an href
  /// listed twice keeps what was listed last.
  @Test func aListingBatchKeepsTheLastEntryOfAnHrefListedTwice() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    try await sync.startListing(book: fixture.adaBook)
    let hrefs = (0..<50).map { "/ada/book/\(($0 * 37) % 50).vcf" }
    try sync.addToListing(
      hrefs.map { ListingEntry(href: $0, etag: "\"first\"") } + [ListingEntry(href: hrefs[7], etag: "\"second\"")]
        + [ListingEntry(href: hrefs[9], etag: "\"third\""), ListingEntry(href: hrefs[9], etag: "\"fourth\"")],
      book: fixture.adaBook)
    let listed = try fixture.database.writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT href, etag FROM sync_listing WHERE accountId = ? ORDER BY href", arguments: [fixture.ada])
    }
    #expect(listed.map { $0["href"] as String } == hrefs.sorted())
    let etags = Dictionary(uniqueKeysWithValues: listed.map { ($0["href"] as String, $0["etag"] as String) })
    #expect(etags[hrefs[7]] == "\"second\"" && etags[hrefs[9]] == "\"fourth\"" && etags[hrefs[8]] == "\"first\"")
    #expect(try await sync.hrefsToFetch(book: fixture.adaBook, after: nil, limit: 100) == hrefs.sorted())
  }

  /// A card taken from the server is stored once (schema v8): the contact's card is the
  /// server's text as it came, and its clean item stores no base. The first change here keeps
  /// the card it replaces as the base, so a three-way merge and a delete against the server's
  /// version decide as when the base was stored twice. One by one (3 cards) and together (40).
  @Test(arguments: [3, 40])
  func aServerCardIsStoredOnceAndItsFirstChangeHereKeepsItAsTheBase(count: Int) async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    func text(_ index: Int, email: String? = nil, note: String = "Met at the station") -> String {
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:once-\(index)\r\nN:Once;Person \(index);;;\r\nFN:Person \(index) Once\r\n"
        + "EMAIL;TYPE=INTERNET:\(email ?? "p\(index)@example.com")\r\nTEL;TYPE=CELL:+1 555 \(index)\r\n"
        + "NOTE:\(note)\\, card \(index)\r\nX-CUSTOM;X-PARAM=kept:value \(index)\r\nEND:VCARD\r\n"
    }
    let remote = { (index: Int, etag: String, text: String) in
      RemoteCard(href: "/ada/book/once-\(index).vcf", etag: "\"\(etag)\"", text: text)
    }
    let tally = try await sync.applyArrivals((0..<count).map { remote($0, "e\($0)", text($0)) }, book: fixture.adaBook)
    #expect(tally.received == count)
    func stored(_ index: Int) async throws -> (card: String?, base: String?, dirty: Int?) {
      try await fixture.database.writer.read { db in
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT c.card, s.base, s.dirty FROM sync_item s LEFT JOIN contact c ON c.accountId = s.accountId AND c.uid = s.uid
            WHERE s.accountId = ? AND s.uid = ?
            """, arguments: [fixture.ada, "once-\(index)"])
        return (row?["card"], row?["base"], row?["dirty"])
      }
    }
    for index in 0..<count {
      let row = try await stored(index)
      #expect(row.card == text(index) && row.base == nil && row.dirty == 0)
    }
    let contacts = try await fixture.store.page(account: fixture.ada, after: nil, limit: 100)
    func contact(_ index: Int) throws -> Contact { try #require(contacts.first { $0.uid == "once-\(index)" }) }
    #expect(try contact(0).email == "p0@example.com" && contact(0).notes == "Met at the station, card 0")
    #expect(try contact(0).kept.map(\.name) == ["X-CUSTOM"])

    // Changed here: the email of 0 (its card rewritten), 1 deleted. Each item keeps the
    // server's text as its base.
    var draft = ContactDraft(try contact(0))
    draft.emails[0].value = "p0@here.example"
    _ = try await fixture.store.update(id: try contact(0).id, with: draft, account: fixture.ada)
    try await fixture.store.delete(id: try contact(1).id, account: fixture.ada)
    let edited = try await stored(0)
    #expect(edited.base == text(0) && edited.dirty == 1 && edited.card != text(0))
    let deleted = try await stored(1)
    #expect(deleted.card == nil && deleted.base == text(1) && deleted.dirty == 1)

    // The server changed 0's note (merged with the email changed here, against the base), sent
    // 1 again unchanged (the delete stands), and changed 2's email (taken: stored once again).
    let changes = try await sync.applyArrivals(
      [
        remote(0, "f0", text(0, note: "Met in Paris")), remote(1, "f1", text(1)),
        remote(2, "f2", text(2, email: "p2@there.example")),
      ], book: fixture.adaBook)
    #expect(changes.merged == 1 && changes.conflicts == 0 && changes.received == 1)
    let after = try await fixture.store.page(account: fixture.ada, after: nil, limit: 100)
    let merged = try #require(after.first { $0.uid == "once-0" })
    #expect(merged.email == "p0@here.example" && merged.notes == "Met in Paris, card 0")
    #expect(!after.contains { $0.uid == "once-1" })
    #expect(after.first { $0.uid == "once-2" }?.email == "p2@there.example")
    let taken = try await stored(2)
    #expect(taken.card == text(2, email: "p2@there.example") && taken.base == nil && taken.dirty == 0)
    let departures = try await sync.departures(book: fixture.adaBook, after: nil, limit: 10)
    #expect(departures.map(\.uid) == ["once-0", "once-1"] && departures.map { $0.card == nil } == [false, true])
  }

  /// Upgrading to v8 changes only the triggers: an item synced before it keeps the base it
  /// stored through the contact's first change, where an item with no base of its own takes the
  /// card the change replaced.
  @Test func aDatabaseSyncedBeforeV8KeepsItsStoredBases() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    let card = { (name: String) in
      "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:\(name.lowercased())\r\nFN:\(name)\r\nEND:VCARD\r\n"
    }
    try await makeDatabase(
      at: path, upTo: "v7: contacts kept apart as not duplicates",
      rows: """
        INSERT INTO account (email, passwordHash, createdAt) VALUES ('a@example.com', 'x', 0);
        INSERT INTO sync_link (accountId, addressBookURL, username, passwordCommand, cardVersion, createdAt)
        VALUES (1, 'http://127.0.0.1:5232/a/book/', 'a', 'echo x', '3.0', 0);
        INSERT INTO sync_item (accountId, uid, href, etag, base, dirty) VALUES
          (1, 'kept', '/a/book/kept.vcf', '"k"', 'the base stored', 0), (1, 'taken', '/a/book/taken.vcf', '"t"', NULL, 0);
        INSERT INTO contact (accountId, name, sortKey, updatedAt, uid, card) VALUES
          (1, 'Kept', 'kept', 100, 'kept', '\(card("Kept"))'), (1, 'Taken', 'taken', 100, 'taken', '\(card("Taken"))');
        """)
    let database = try ContactsDatabase.open(at: path)
    let store = ContactStore(database: database)
    let ids = try await database.writer.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM contact") }
    #expect(ids.count == 2)
    for id in ids {
      _ = try await store.update(id: id, with: ContactDraft(name: "Edited \(id)"), account: 1)
    }
    let bases = try await database.writer.read { db in
      try Row.fetchAll(db, sql: "SELECT uid, base, dirty FROM sync_item ORDER BY uid").map {
        [$0["uid"], $0["base"], String($0["dirty"] as Int)] as [String?]
      }
    }
    #expect(bases == [["kept", "the base stored", "1"], ["taken", card("Taken"), "1"]])
  }

  /// Batches that keep landing in the same gap of list keys (a book arriving in random list
  /// order) use it up within a few batches: the account's keys are spread afresh and every
  /// batch is still written together, in list order, and found by search.
  @Test func batchesThatKeepSplittingOneGapSpreadTheKeysAfresh() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    _ = try await fixture.store.insert(ContactDraft(name: "Bb Neighbour"), account: fixture.ada)
    _ = try await fixture.store.insert(ContactDraft(name: "A First"), account: fixture.ada)
    // Batch k's names sort after batch k-1's and before "Bb": each batch splits what is left
    // of the same gap 41 ways, so the usual gap (2^16) runs out at the fourth.
    for batch in 1...8 {
      let prefix = "B" + String(repeating: "a", count: batch)
      let cards = (0..<40).map { index in
        RemoteCard(
          href: "/ada/book/\(batch)-\(index).vcf", etag: "\"\(batch)-\(index)\"",
          text: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(batch)-\(index)\r\nFN:\(prefix) \(index + 10)\r\nEND:VCARD\r\n")
      }
      #expect(try await sync.applyArrivals(cards.shuffled(), book: fixture.adaBook).received == 40)
    }
    let (byKey, byList, firstKey) = try await fixture.database.writer.read { db in
      (
        try String.fetchAll(
          db, sql: "SELECT name FROM contact WHERE accountId = ? ORDER BY listKey", arguments: [fixture.ada]),
        try String.fetchAll(
          db, sql: "SELECT name FROM contact WHERE accountId = ? ORDER BY sortKey, id", arguments: [fixture.ada]),
        try Int64.fetchOne(db, sql: "SELECT min(listKey) FROM contact WHERE accountId = ?", arguments: [fixture.ada])
          ?? 0
      )
    }
    #expect(byKey.count == 322 && byKey == byList)
    // Spread afresh (the triggers' one-at-a-time renumbering keeps the usual gap).
    #expect(firstKey - (fixture.ada << ContactsSchema.accountKeyBits) > ContactsSchema.listKeyGap)
    try await fixture.database.checkSearchIndex()
    let found = try await fixture.store.search(account: fixture.ada, query: "baaaaaaaa 49", limit: 5)
    #expect(found.contacts.map(\.name) == ["Baaaaaaaa 49"])
  }

  /// A long stretch of a whole-book download is read and written a chunk at a time: every
  /// chunk is asked for once, in order, and all of it lands.
  @Test func aLongStretchIsReadAndWrittenAChunkAtATime() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    let texts = (0..<100).map { index in
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:s\(index)\r\nFN:Stretch \(index)\r\nEND:VCARD\r\n"
    }
    var asked: [Range<Int>] = []
    let tally = try sync.applyArrivalsNow(texts.count, chunk: 32, book: fixture.adaBook) { range in
      asked.append(range)
      return range.map { RemoteCard(href: "/ada/book/s\($0).vcf", etag: "\"s\($0)\"", text: texts[$0]) }
    }
    #expect(asked == [0..<32, 32..<64, 64..<96, 96..<100])
    #expect(tally.received == 100)
    #expect(try await fixture.store.count(account: fixture.ada) == 100)
    #expect(try await items(fixture).filter { ($0["etag"] as String?) != nil }.count == 100)
  }

  /// A stretch writes its new contacts' search-index entries once, at its end
  /// (`PendingSearchRows`), or earlier when a card must be written on its own or the list keys
  /// spread afresh: the index then holds exactly what writing each card on its own (through the
  /// triggers) gives it, word for word, and agrees with the contacts' columns.
  @Test func aStretchsSearchEntriesAreThoseOfItsCardsWrittenOneByOne() async throws {
    // Chunks of 40 whose names all sort between "A First" and "Bb Neighbour", each chunk's
    // after the last's: each splits what is left of the same gap, so the keys are spread afresh
    // mid-stretch. The second chunk also holds a card of a contact made here (decided on its
    // own); half the third cannot be read, too few are left to be written together (each is
    // written on its own, through the triggers); the last is written together.
    var texts: [String] = []
    for chunk in 1...6 {
      let prefix = "B" + String(repeating: "a", count: chunk)
      for index in 0..<40 {
        let uid = "\(chunk)-\(index)"
        texts.append(
          chunk == 3 && index.isMultiple(of: 2)
            ? "BEGIN:VCARD\r\nnot a card \(uid)"
            : "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(prefix) Müller \(index + 10)\r\n"
              + "EMAIL:w\(uid)@example.com\r\nTEL:+33 1 \(index)\(chunk)\r\nORG:Firma \(index % 7)\r\nEND:VCARD\r\n")
      }
    }
    texts[55] = texts[55].replacingOccurrences(of: "UID:2-15", with: "UID:made-here")
    let hrefs = texts.indices.map { "/ada/book/\($0).vcf" }

    /// The index's words with the contact each belongs to (by name: list keys differ).
    func words(_ fixture: TwoAccounts) async throws -> [String] {
      try await fixture.database.writer.write { db in
        try db.execute(sql: "CREATE VIRTUAL TABLE temp.words USING fts5vocab(main, contact_search, 'instance')")
        defer { try? db.execute(sql: "DROP TABLE temp.words") }
        return try String.fetchAll(
          db,
          sql: """
            SELECT words.term || ' ' || contact.name FROM temp.words JOIN contact ON contact.listKey = words.doc
            ORDER BY 1
            """)
      }
    }
    func prepared() async throws -> (TwoAccounts, SyncStore) {
      let (fixture, sync) = try await linked()
      _ = try await fixture.store.insert(ContactDraft(name: "Bb Neighbour"), account: fixture.ada)
      _ = try await fixture.store.insert(ContactDraft(name: "A First"), account: fixture.ada)
      let here = Contact(uid: "made-here", revision: Date(timeIntervalSince1970: 1), name: "Made Here")
      _ = try await fixture.database.writer.write { db in
        try ContactStore.insert(here, account: fixture.ada, text: nil, db)
      }
      return (fixture, sync)
    }

    let (together, stretch) = try await prepared()
    defer { together.directory.remove() }
    let tally = try stretch.applyArrivalsNow(texts.count, chunk: 40, book: together.adaBook) { range in
      range.map { RemoteCard(href: hrefs[$0], etag: "\"\($0)\"", text: texts[$0]) }
    }
    // Every readable card but the one of the contact made here (changed on both sides) is new.
    #expect(tally.received == texts.count - 21 && tally.unreadable == 20)
    let firstKey = try await together.database.writer.read { db in
      try Int64.fetchOne(db, sql: "SELECT min(listKey) FROM contact WHERE accountId = ?", arguments: [together.ada])
    }
    // Spread afresh (the triggers' one-at-a-time renumbering keeps the usual gap).
    #expect((firstKey ?? 0) - (together.ada << ContactsSchema.accountKeyBits) > ContactsSchema.listKeyGap)

    let (oneByOne, single) = try await prepared()
    defer { oneByOne.directory.remove() }
    for index in texts.indices {
      _ = try await single.applyArrivals(
        [RemoteCard(href: hrefs[index], etag: "\"\(index)\"", text: texts[index])], book: oneByOne.adaBook)
    }

    let written = try await words(together)
    #expect(written.count > texts.count * 4)
    #expect(written == (try await words(oneByOne)))
    try await together.database.checkSearchIndex()
    let found = try await together.store.search(account: together.ada, query: "baaaaaa muller 49", limit: 5)
    #expect(found.contacts.map(\.name) == ["Baaaaaa Müller 49"])
  }

  /// A whole-book download asks which of hundreds of hrefs it already holds, and at which
  /// ETag, in one statement (`SQLStringList`): hrefs of any shape are found, and only those.
  @Test func heldETagsAreTheItemsOwnForHundredsOfHrefsOfAnyShape() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    let shapes = ["plain", "with space", "quote\"d", "back\\slash", "tab\tand\u{1}", "é😀", "a,b;c", "[\"]"]
    let cards = (0..<300).map { index in
      RemoteCard(
        href: "/ada/book/\(shapes[index % shapes.count])-\(index).vcf", etag: "\"e\(index)\"",
        text: "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:h\(index)\r\nFN:Held \(index)\r\nEND:VCARD\r\n")
    }
    #expect(try await sync.applyArrivals(cards, book: fixture.adaBook).received == 300)
    let unknown = (0..<400).map { "/ada/book/\(shapes[$0 % shapes.count])-unknown-\($0).vcf" }
    let asked = (cards.map(\.href) + unknown).shuffled()
    let held = try sync.heldETags(asked, book: fixture.adaBook)
    #expect(held == Dictionary(uniqueKeysWithValues: cards.map { ($0.href, $0.etag) }))
    #expect(try sync.heldETags(unknown, book: fixture.adaBook).isEmpty)
    // Grace's account holds none of Ada's.
    #expect(try sync.heldETags(asked, book: SyncBook.Key(account: fixture.grace, number: 0)).isEmpty)
  }

  /// The JSON a list of strings is handed to SQLite as holds the same strings: each compares
  /// equal to itself bound as an argument, in its place, and nothing else does.
  @Test func aListOfStringsReachesSQLiteUnchanged() throws {
    let strings = [
      "", "plain", "\"", "\\", "\\\"", "\u{1}", "\u{1F}", "\u{7F}", "line\nbreak\r\n", "tab\t",
      "/slash/", "é", "e\u{301}", "漢字", "👩‍👩‍👧", "\u{2028}\u{2029}", "]", "[\"a\",\"b\"]",
    ]
    let json = try SQLStringList.json(strings)
    try DatabaseQueue().read { db in
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM json_each(?)", arguments: [json]) == strings.count)
      for (index, string) in strings.enumerated() {
        let places = try Int.fetchAll(
          db, sql: "SELECT key FROM json_each(?) WHERE value = ?", arguments: [json, string])
        #expect(places == [index], "\(string.debugDescription)")
        #expect(
          try Int.fetchOne(
            db, sql: "SELECT count(*) FROM json_each(?) WHERE value = ?", arguments: [json, string + "x"])
            == 0)
      }
    }
    // SQLite's JSON would end the string there: refused, not compared wrongly.
    #expect(throws: SQLStringList.HoldsNUL.self) { try SQLStringList.json(["fine", "a\u{0}b"]) }
  }

  @Test func anUnreadableServerCardIsReportedAndLeftAlone() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    let tally = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/book/x.vcf", etag: "\"x\"", text: "BEGIN:VCARD\r\nthis is not a card")],
      book: fixture.adaBook)
    #expect(tally.unreadable == 1)
    #expect(try await sync.status(account: fixture.ada)?.problems == 1)
    #expect(try await fixture.store.count(account: fixture.ada) == 0)
  }

  @Test func aConflictWaitsForTheUserAndEachChoiceSettlesIt() async throws {
    for choice in ConflictChoice.allCases {
      let (fixture, sync) = try await linked()
      defer { fixture.directory.remove() }
      let base = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:cy\r\nFN:Cy\r\nEMAIL:cy@example.com\r\nEND:VCARD\r\n"
      _ = try await sync.applyArrivals(
        [RemoteCard(href: "/ada/book/cy.vcf", etag: "\"c1\"", text: base)], book: fixture.adaBook)
      let cy = try #require(try await fixture.store.page(account: fixture.ada, after: nil, limit: 5).first)
      _ = try await fixture.store.update(
        id: cy.id, with: ContactDraft(name: "Cy", email: "cy@here.example"), account: fixture.ada)
      let theirs = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:cy\r\nFN:Cy\r\nEMAIL:cy@there.example\r\nEND:VCARD\r\n"
      let tally = try await sync.applyArrivals(
        [RemoteCard(href: "/ada/book/cy.vcf", etag: "\"c2\"", text: theirs)], book: fixture.adaBook)
      #expect(tally.conflicts == 1)
      let conflict = try #require(try await sync.conflicts(account: fixture.ada).first)
      #expect(conflict.mine.email == "cy@here.example" && conflict.theirs.email == "cy@there.example")
      // Waiting for the user: not sent.
      #expect(try await sync.departures(book: fixture.adaBook, after: nil, limit: 10).isEmpty)

      try await sync.resolve(uid: "cy", keeping: choice, account: fixture.ada)
      #expect(try await sync.conflicts(account: fixture.ada).isEmpty)
      let contacts = try await fixture.store.page(account: fixture.ada, after: nil, limit: 5)
      let departures = try await sync.departures(book: fixture.adaBook, after: nil, limit: 10)
      switch choice {
      case .mine:
        #expect(contacts.map(\.email) == ["cy@here.example"])
        #expect(departures.map(\.uid) == ["cy"] && departures.first?.etag == "\"c2\"")
      case .theirs:
        #expect(contacts.map(\.email) == ["cy@there.example"])
        #expect(departures.isEmpty)
      case .both:
        #expect(Set(contacts.map(\.email)) == ["cy@here.example", "cy@there.example"])
        #expect(departures.count == 1 && departures.first?.uid != "cy" && departures.first?.etag == nil)
      }
    }
  }

  @Test func forgettingTheLinkKeepsTheContacts() async throws {
    let (fixture, sync) = try await linked()
    defer { fixture.directory.remove() }
    _ = try await fixture.store.insert(ContactDraft(name: "Ann"), account: fixture.ada)
    try await sync.forget(account: fixture.ada)
    #expect(try await sync.link(account: fixture.ada) == nil)
    #expect(try await items(fixture).isEmpty)
    #expect(try await fixture.store.count(account: fixture.ada) == 1)
  }

  @Test func aSealedPasswordOpensOnlyWithTheAccountPassword() throws {
    let sealed = try SealedPassword.seal("server secret", accountPassword: "analytical", rounds: 1_000)
    #expect(try sealed.open(accountPassword: "analytical") == "server secret")
    #expect(throws: SealedPassword.OpenError.wrongAccountPassword) { try sealed.open(accountPassword: "wrong") }
    #expect(!"\(sealed)".contains("server secret") && !String(decoding: sealed.box, as: UTF8.self).contains("server"))
  }
}
