import CardSync
import ContactsModel
import Foundation
import GRDB
import TestSupport
import Testing

@testable import ContactsServices

/// Schema v11: a contact moved to another book, all of a move or none of it, with the old copy
/// kept until the new one is stored; what cannot be moved is said.
@Suite struct BookMoveTests {
  /// Ada linked to Personal (default) and Work on one server and Far on another, Ann sent to
  /// Personal (href and ETag kept), Bea made here and never sent.
  func ada() async throws -> (TwoAccounts, SyncStore, ann: Contact, bea: Contact) {
    let fixture = try await TwoAccounts.make()
    let sync = SyncStore(database: fixture.database)
    try await sync.saveLink(
      SyncLink(
        account: fixture.ada, username: "ada", password: .command("echo x"),
        linking: [
          "http://127.0.0.1:5232/ada/personal/", "http://127.0.0.1:5232/ada/work/", "http://127.0.0.2:5232/ada/far/",
        ].map { SyncLink.NewBook(url: URL(string: $0)!, cardVersion: "4.0") }))
    _ = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/personal/ann.vcf", etag: "\"a1\"", text: SyncBooksTests.card("ann", "Ann"))],
      book: fixture.adaBook)
    let ann = try #require(try await fixture.store.page(account: fixture.ada, after: nil, limit: 1).first)
    let bea = try await fixture.store.insert(ContactDraft(name: "Bea"), account: fixture.ada)
    return (fixture, sync, ann, bea)
  }

  func item(_ uid: String, _ fixture: TwoAccounts) async throws -> Row? {
    try fixture.database.writer.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM sync_item WHERE uid = ?", arguments: [uid])
    }
  }

  @Test func aSentContactKeepsItsOldCopyAndOneNeverSentJustMoves() async throws {
    let (fixture, sync, ann, bea) = try await ada()
    defer { fixture.directory.remove() }
    let work = SyncBook.Key(account: fixture.ada, number: 1)
    #expect(try await sync.move(contacts: [ann.id, bea.id], to: work) == BookMoveOutcome(names: ["Ann", "Bea"]))
    let moved = try #require(try await item(ann.uid, fixture))
    #expect(moved["book"] as Int == 1 && moved["movedFrom"] as Int? == 0)
    #expect(moved["movedHref"] as String? == "/ada/personal/ann.vcf" && moved["movedETag"] as String? == "\"a1\"")
    #expect(moved["href"] as String? == nil && moved["etag"] as String? == nil && moved["dirty"] as Bool == true)
    let plain = try #require(try await item(bea.uid, fixture))
    #expect(plain["book"] as Int == 1 && plain["movedFrom"] as Int? == nil)
    #expect(try await fixture.store.count(account: fixture.ada, book: 1) == 2)
    // Nothing to finish before the new copy is stored; then the old one is to delete.
    #expect(try await sync.movesToFinish(account: fixture.ada).isEmpty)
    try await fixture.database.writer.write { db in
      try db.execute(
        sql: "UPDATE sync_item SET href = '/ada/work/ann.vcf', etag = '\"w1\"', dirty = 0 WHERE uid = ?",
        arguments: [ann.uid])
    }
    let pending = try await sync.movesToFinish(account: fixture.ada)
    #expect(pending == [PendingMove(uid: ann.uid, name: "Ann", from: 0, href: "/ada/personal/ann.vcf", etag: "\"a1\"")])
    // A listing of the old book does not bring the old copy back as a card.
    let tally = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/personal/ann.vcf", etag: "\"a2\"", text: SyncBooksTests.card("ann", "Ann"))],
      book: fixture.adaBook)
    #expect(tally == ArrivalTally())
    #expect(try await sync.problems(account: fixture.ada).isEmpty)
    try await sync.finishedMove(uid: ann.uid, account: fixture.ada)
    #expect(try await sync.movesToFinish(account: fixture.ada).isEmpty)
  }

  /// Moved back before the sync sent anything to the new book: the move is undone, the item
  /// the old copy's again (sent once more, at the old copy's ETag).
  @Test func aMoveBackBeforeAnythingWasSentCancelsTheMove() async throws {
    let (fixture, sync, ann, _) = try await ada()
    defer { fixture.directory.remove() }
    let before = try #require(try await item(ann.uid, fixture))
    _ = try await sync.move(contacts: [ann.id], to: SyncBook.Key(account: fixture.ada, number: 1))
    #expect(
      try await sync.move(contacts: [ann.id], to: fixture.adaBook) == BookMoveOutcome(names: ["Ann"], undone: ["Ann"]))
    let back = try #require(try await item(ann.uid, fixture))
    #expect(back["book"] as Int == 0 && back["movedFrom"] as Int? == nil && back["movedHref"] as String? == nil)
    #expect(back["href"] as String? == before["href"] as String? && back["etag"] as String? == "\"a1\"")
    #expect(back["dirty"] as Bool == true && back["pendingCard"] as String? == nil)
    #expect(try await fixture.store.count(account: fixture.ada, book: 0) == 2)
    #expect(try await sync.movesToFinish(account: fixture.ada).isEmpty)
  }

  /// Moved back once the new copy may be on the server (its href named, its answer stored or
  /// not): the move turns round, the old copy kept and the new one to delete once the old is
  /// stored again.
  @Test(arguments: [nil, "\"w1\""])
  func aMoveBackAfterTheNewCopyWentOutTurnsTheMoveRound(newETag: String?) async throws {
    let (fixture, sync, ann, _) = try await ada()
    defer { fixture.directory.remove() }
    _ = try await sync.move(contacts: [ann.id], to: SyncBook.Key(account: fixture.ada, number: 1))
    try await fixture.database.writer.write { db in
      try db.execute(
        sql: "UPDATE sync_item SET href = '/ada/work/ann.vcf', etag = ?, pendingCard = ?, dirty = ? WHERE uid = ?",
        arguments: [newETag, newETag == nil ? "card" : nil, newETag == nil, ann.uid])
    }
    #expect(try await sync.move(contacts: [ann.id], to: fixture.adaBook) == BookMoveOutcome(names: ["Ann"]))
    let back = try #require(try await item(ann.uid, fixture))
    #expect(back["book"] as Int == 0 && back["href"] as String? == "/ada/personal/ann.vcf")
    #expect(back["etag"] as String? == "\"a1\"" && back["dirty"] as Bool == true)
    #expect(back["movedFrom"] as Int? == 1 && back["movedHref"] as String? == "/ada/work/ann.vcf")
    #expect(back["movedETag"] as String? == newETag && back["pendingCard"] as String? == nil)
    // Nothing deleted before the old copy is stored again; then the new copy is the one to go.
    #expect(try await sync.movesToFinish(account: fixture.ada).isEmpty)
    try await fixture.database.writer.write { db in
      try db.execute(sql: "UPDATE sync_item SET etag = '\"a2\"', dirty = 0 WHERE uid = ?", arguments: [ann.uid])
    }
    #expect(
      try await sync.movesToFinish(account: fixture.ada) == [
        PendingMove(uid: ann.uid, name: "Ann", from: 1, href: "/ada/work/ann.vcf", etag: newETag)
      ])
  }

  @Test func whatCannotBeMovedIsSaidAndNothingMoves() async throws {
    let (fixture, sync, ann, bea) = try await ada()
    defer { fixture.directory.remove() }
    let account = fixture.ada
    await #expect(throws: BookMoveError.noSuchBook) {
      try await sync.move(contacts: [ann.id], to: SyncBook.Key(account: account, number: 9))
    }
    await #expect(throws: BookMoveError.otherServer(from: "personal", to: "far")) {
      try await sync.move(contacts: [bea.id, ann.id], to: SyncBook.Key(account: account, number: 2))
    }
    // All or none: Bea, first, did not move either.
    #expect(try await item(bea.uid, fixture)?["book"] as Int? == 0)
    try await sync.markGone(SyncBook.Key(account: account, number: 1))
    await #expect(throws: BookMoveError.bookGone("work")) {
      try await sync.move(contacts: [ann.id], to: SyncBook.Key(account: account, number: 1))
    }
    try await fixture.database.writer.write { db in
      try db.execute(sql: "UPDATE sync_book SET goneSince = NULL")
      try db.execute(sql: "UPDATE sync_item SET conflictCard = 'x' WHERE uid = ?", arguments: [ann.uid])
    }
    await #expect(throws: BookMoveError.inConflict("Ann")) {
      try await sync.move(contacts: [ann.id], to: SyncBook.Key(account: account, number: 1))
    }
    try await fixture.database.writer.write { db in
      try db.execute(sql: "UPDATE sync_item SET conflictCard = NULL")
    }
    _ = try await sync.move(contacts: [ann.id], to: SyncBook.Key(account: account, number: 1))
    // On to a third book while moving: a sync finishes the first move before.
    await #expect(throws: BookMoveError.stillMoving("Ann")) {
      try await sync.move(contacts: [ann.id], to: SyncBook.Key(account: account, number: 2))
    }
    let grace = try await fixture.store.insert(ContactDraft(name: "Grace"), account: fixture.grace)
    // An account with no link has no book to move to.
    await #expect(throws: BookMoveError.noSuchBook) {
      try await sync.move(contacts: [grace.id], to: SyncBook.Key(account: fixture.grace, number: 0))
    }
    #expect(BookMoveError.otherServer(from: "A", to: "B").description.contains("different servers"))
  }

  /// Upgrading to v11 changes only the schema: the items are as they were, moving nowhere.
  @Test func aDatabaseFromV10HasNoMoveUnderWay() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    try await makeDatabase(
      at: path, upTo: "v10: each contact's address book, indexed for the list",
      rows: """
        INSERT INTO account (email, passwordHash, createdAt) VALUES ('a@example.com', 'x', 0);
        INSERT INTO sync_link (accountId, username, passwordCommand, createdAt) VALUES (1, 'a', 'echo x', 0);
        INSERT INTO sync_book (accountId, number, url, cardVersion, isDefault)
        VALUES (1, 0, 'http://127.0.0.1:5232/a/home/', '4.0', 1);
        INSERT INTO contact (accountId, name, sortKey, updatedAt, uid, card) VALUES (1, 'Kept', 'kept', 100, 'kept', NULL);
        UPDATE sync_item SET href = '/a/home/kept.vcf', etag = '"k"', dirty = 0;
        """)
    let database = try ContactsDatabase.open(at: path)
    let row = try database.writer.read { db in try Row.fetchOne(db, sql: "SELECT * FROM sync_item") }
    #expect(row?["href"] as String? == "/a/home/kept.vcf" && row?["movedFrom"] as Int? == nil)
    #expect(try await SyncStore(database: database).movesToFinish(account: 1).isEmpty)
  }
}
