import CardDAV
import CardDAVTesting
import ContactsModel
import ContactsServices
import ContactsSync
import Foundation
import GRDB
import Testing
import VCardFormat

/// A contact moved to another address book (schema v11): here at once, on the server at the
/// next sync, which creates the card in the new book first and deletes the old copy only once
/// the new one's ETag is stored, so a sync stopped between the two, or failing, loses nothing
/// and leaves it in both books only until the next one.
@Suite struct MoveBetweenBooksEndToEndTests {
  /// The real client, stopped before any DELETE: a sync killed between the PUT that made the
  /// new copy and the DELETE of the old one.
  struct StopsBeforeDelete: ForwardingRemote {
    struct Stopped: Error, CustomStringConvertible {
      var description: String { "stopped before the DELETE (injected)" }
    }

    let client: CardDAVClient

    func delete(_ href: String, in book: URL, etag: String) async throws { throw Stopped() }
  }

  /// The real client, stopped right after its first DELETE went through: a sync killed after
  /// the server deleted a move's old copy and before this side recorded the move finished.
  struct StopsAfterDelete: ForwardingRemote {
    struct Stopped: Error, CustomStringConvertible {
      var description: String { "stopped after the DELETE (injected)" }
    }

    let client: CardDAVClient

    func delete(_ href: String, in book: URL, etag: String) async throws {
      try await client.delete(href, in: book, etag: etag)
      throw Stopped()
    }
  }

  /// A laptop linked to every book of `server` (Work and Shared made beside its own) with a
  /// contact of each of `names` (`Ann Here` at `ann@example.com`), synced once: all in the
  /// first book. The caller removes it.
  static func linkedLaptop(on server: DAVTestServer, adding names: [String] = ["Ann"]) async throws -> (
    books: SeveralBooksEndToEndTests.Books, laptop: SyncSide, contacts: [Contact]
  ) {
    let books = try await SeveralBooksEndToEndTests.makeBooks(on: server)
    let laptop = try await SyncSide.make(on: server, name: "laptop")
    var contacts: [Contact] = []
    for name in names {
      contacts.append(try await laptop.add("\(name) Here", email: "\(name.lowercased())@example.com"))
    }
    try await laptop.link(books.all)
    try await laptop.run()
    return (books, laptop, contacts)
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func aMovedContactIsCreatedThereFirstAndLeavesTheOldBookOnlyThen(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let books = try await SeveralBooksEndToEndTests.makeBooks(on: server)
      let laptop = try await SyncSide.make(on: server, name: "laptop")
      let desktop = try await SyncSide.make(on: server, name: "desktop")
      defer {
        laptop.remove()
        desktop.remove()
      }
      let ann = try await laptop.add("Ann Here", email: "ann@example.com")
      try await laptop.link(books.all)
      try await laptop.run()
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.all[0].url, on: server) == [ann.uid])

      // Moved here: in Work at once.
      let work = SyncBook.Key(account: laptop.account, number: 1)
      #expect(try await laptop.sync.move(contacts: [ann.id], to: work).names == ["Ann Here"])
      #expect(try SeveralBooksEndToEndTests.books(of: laptop)[ann.uid] == 1)
      #expect(try await laptop.contacts.contact(id: ann.id, account: laptop.account)?.book == 1)

      // A sync stopped before the DELETE: the card is in both books, nothing lost.
      await #expect(throws: (any Error).self) { try await laptop.run(through: { StopsBeforeDelete(client: $0) }) }
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.work, on: server) == ["wes", ann.uid])
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.all[0].url, on: server) == [ann.uid])

      // The next sync finishes: Ann only in Work, said, and no card in two books.
      let finished = try await laptop.run()
      #expect(finished.moved == 1 && finished.unreadable == 0 && finished.changedWhileMoving.isEmpty)
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.work, on: server) == ["wes", ann.uid])
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.all[0].url, on: server).isEmpty)
      #expect(try await laptop.contact(named: "Ann Here")?.email == "ann@example.com")

      // Another database finds her in Work; a sync with nothing to do moves nothing.
      try await desktop.link(books.all)
      try await desktop.run()
      #expect(try SeveralBooksEndToEndTests.books(of: desktop)[ann.uid] == 1)
      let noOp = try await laptop.run()
      #expect(noOp.moved == 0 && noOp.sent == 0 && noOp.received == 0 && noOp.unreadable == 0)
    }
  }

  /// A contact moved back to the book it is leaving before the move finished: Ann before
  /// anything was sent (the move is undone: nothing goes to Work), Bea after the sync put her
  /// in Work and stopped before the DELETE (the move turns round: her Work copy is deleted once
  /// her old copy is stored again). Each ends in her first book, once.
  @Test(arguments: DAVTestServer.Kind.allCases)
  func aMoveBackUndoesOrTurnsRoundThePendingMove(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let (books, laptop, contacts) = try await Self.linkedLaptop(on: server, adding: ["Ann", "Bea"])
      defer { laptop.remove() }
      let (ann, bea) = (contacts[0], contacts[1])
      let home = SyncBook.Key(account: laptop.account, number: 0)
      let work = SyncBook.Key(account: laptop.account, number: 1)

      _ = try await laptop.sync.move(contacts: [ann.id, bea.id], to: work)
      #expect(try await laptop.sync.move(contacts: [ann.id], to: home).names == ["Ann Here"])
      await #expect(throws: (any Error).self) { try await laptop.run(through: { StopsBeforeDelete(client: $0) }) }
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.work, on: server) == ["wes", bea.uid])
      #expect(try SeveralBooksEndToEndTests.books(of: laptop)[ann.uid] == 0)

      #expect(try await laptop.sync.move(contacts: [bea.id], to: home).names == ["Bea Here"])
      #expect(try SeveralBooksEndToEndTests.books(of: laptop)[bea.uid] == 0)
      let back = try await laptop.run()
      #expect(back.moved == 1 && back.conflicts == 0 && back.unreadable == 0, "\(back)")
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.work, on: server) == ["wes"])
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.all[0].url, on: server) == [ann.uid, bea.uid])
      let noOp = try await laptop.run()
      #expect(noOp.moved == 0 && noOp.sent == 0 && noOp.received == 0 && noOp.deletedHere == 0)

      // Another database finds each once, in the first book, as it was.
      let fresh = try await SyncSide.make(on: server, name: "fresh")
      defer { fresh.remove() }
      try await fresh.link(books.all)
      try await fresh.run()
      let placed = try SeveralBooksEndToEndTests.books(of: fresh)
      #expect(placed[ann.uid] == 0 && placed[bea.uid] == 0 && placed.count == 5)
      #expect(try await fresh.contact(named: "Bea Here")?.email == "bea@example.com")
    }
  }

  /// A move back that lands after the server deleted the move's old copy but before this side
  /// recorded the move finished: the move turns round, so the old copy is to be stored again at
  /// the ETag it had, which the server answers with 412 or 404, since it is gone. The card is
  /// created there anew, the Work copy deleted after, and Ann ends in her first book, once.
  @Test(arguments: DAVTestServer.Kind.allCases)
  func aMoveBackAfterTheOldCopyWasDeletedStoresItAgain(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let (books, laptop, contacts) = try await Self.linkedLaptop(on: server)
      defer { laptop.remove() }
      let ann = contacts[0]
      let home = SyncBook.Key(account: laptop.account, number: 0)
      let work = SyncBook.Key(account: laptop.account, number: 1)

      _ = try await laptop.sync.move(contacts: [ann.id], to: work)
      await #expect(throws: StopsAfterDelete.Stopped.self) {
        try await laptop.run(through: { StopsAfterDelete(client: $0) })
      }
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.work, on: server) == ["wes", ann.uid])
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.all[0].url, on: server).isEmpty)
      #expect(try await laptop.sync.movesToFinish(account: laptop.account).map(\.uid) == [ann.uid])

      #expect(try await laptop.sync.move(contacts: [ann.id], to: home) == BookMoveOutcome(names: ["Ann Here"]))
      let back = try await laptop.run()
      #expect(back.conflicts == 0 && back.unreadable == 0 && back.changedWhileMoving.isEmpty, "\(back)")
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.work, on: server) == ["wes"])
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.all[0].url, on: server) == [ann.uid])
      #expect(try await laptop.contact(named: "Ann Here")?.email == "ann@example.com")
      #expect(try SeveralBooksEndToEndTests.books(of: laptop)[ann.uid] == 0)
      let noOp = try await laptop.run()
      #expect(noOp.moved == 0 && noOp.sent == 0 && noOp.received == 0 && noOp.deletedHere == 0, "\(noOp)")
      #expect(try await laptop.sync.movesToFinish(account: laptop.account).isEmpty)
    }
  }

  /// Another client changes the old copy while the move waits: the newer version (here the
  /// server's, by its REV) is kept, goes to the new book, and the old copy is deleted after.
  @Test(arguments: DAVTestServer.Kind.allCases)
  func anOldCopyChangedMeanwhileKeepsTheNewerVersion(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let (books, laptop, contacts) = try await Self.linkedLaptop(on: server)
      defer { laptop.remove() }
      let ann = contacts[0]
      _ = try await laptop.sync.move(contacts: [ann.id], to: SyncBook.Key(account: laptop.account, number: 1))

      // Edited elsewhere in the old book, later than here.
      try await CardDAVClient.withClient(credentials: server.credentials) { client in
        var members: [RemoteETag] = []
        _ = try await client.listETags(books.all[0].url) { members.append($0) }
        let old = try #require(members.first)
        let edited = """
          BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(ann.uid)\r\nFN:Ann Here\r\nN:Here;Ann;;;\r\n\
          EMAIL:ann@elsewhere.example\r\nREV:20990101T000000Z\r\nEND:VCARD\r\n
          """
        _ = try await client.put(
          old.href, in: books.all[0].url, card: Array(edited.utf8), condition: .replace(etag: old.etag))
      }
      let first = try await laptop.run()
      #expect(first.changedWhileMoving.count == 1 && first.moved == 0)
      #expect(first.changedWhileMoving.first?.contains("the server's newer version is kept") == true)
      #expect(try await laptop.contact(named: "Ann Here")?.email == "ann@elsewhere.example")
      let second = try await laptop.run()
      #expect(second.moved == 1)
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.all[0].url, on: server).isEmpty)
      #expect(try await SeveralBooksEndToEndTests.uids(in: books.work, on: server) == ["wes", ann.uid])
      let fresh = try await SyncSide.make(on: server, name: "fresh")
      defer { fresh.remove() }
      try await fresh.link(books.all)
      try await fresh.run()
      #expect(try await fresh.contact(named: "Ann Here")?.email == "ann@elsewhere.example")
    }
  }
}
