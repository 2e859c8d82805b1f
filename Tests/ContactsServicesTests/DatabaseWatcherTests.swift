import ContactsModel
import Foundation
import TestSupport
import Testing

@testable import ContactsServices

/// The watch over the database files: another connection's commit (as `contacts import` in a
/// second terminal makes) is reported; the app's own commits are checked and ignored, so the
/// reload they would start can never start another. No sleeps: each step awaits the watcher's
/// own report. The time limit only stops a broken watcher from hanging the run: generous, since
/// on two loaded cores, beside the suites whose tests wait on processes, the watcher's tasks have
/// taken four minutes to be run (it was one minute, and failed so).
@Suite(.timeLimit(.minutes(5)))
struct DatabaseWatcherTests {
  @Test func anotherConnectionsCommitIsReportedAndOurOwnIsNot() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("contacts.sqlite")
    let database = try ContactsDatabase.open(at: path)
    let ada = try await AccountService(database: database, hasher: .fastForTesting)
      .createAccount(email: "ada@example.com", password: "analytical").id

    let (checks, reportCheck) = AsyncStream.makeStream(of: Bool.self)
    var checked = checks.makeAsyncIterator()
    var changes = DatabaseWatcher.changes(of: database, checked: { reportCheck.yield($0) }).makeAsyncIterator()

    // The app's own save: the files change, the check finds no other connection's commit.
    _ = try await ContactStore(database: database).insert(ContactDraft(name: "Ada Lovelace"), account: ada)
    #expect(await checked.next() == false)

    // Another connection saves: reported.
    let other = try ContactsDatabase.open(at: path)
    _ = try await ContactStore(database: other).insert(ContactDraft(name: "Grace Hopper"), account: ada)
    var outcome = await checked.next()
    // The own save's second look may come first.
    while outcome == false { outcome = await checked.next() }
    #expect(outcome == true)
    #expect(await changes.next() != nil)
    #expect(try await ContactStore(database: database).count(account: ada) == 2)
  }

  @Test func aDatabaseInAnUnwatchableDirectoryGivesAStreamThatEnds() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try ContactsDatabase.open(at: directory.path("contacts.sqlite"))
    directory.remove()
    var changes = DatabaseWatcher.changes(of: database).makeAsyncIterator()
    #expect(await changes.next() == nil)
  }
}
