import Foundation
import GRDB
import TerminalTesting
import TerminalUI
import Testing

extension ContactsInAPane {
  /// SIGKILL in the middle of a burst of saves loses nothing the user saw saved, and leaves a
  /// consistent database.
  ///
  /// The real `contacts` binary adds contacts "Burst 001", "Burst 002", … through its editor as
  /// fast as it acknowledges them (`a`, the name, Ctrl-S; the title bar says “Saved “Burst 001”” on
  /// the contact's detail; Esc back to the list). The keys are paced by the app's idle
  /// announcements, not sent in one write: the editor ignores keys while it saves, and a lone Esc
  /// needs its 25 ms to be told from Alt. After some saves have been acknowledged on screen, the
  /// next save's keys are sent and the process is killed at once with SIGKILL — before, during or
  /// after that save, as it happens. The database must then hold every acknowledged save, the
  /// burst's names must be a prefix of what was sent (no gaps, the unacknowledged save whole or
  /// absent), the account's contact count must match the rows, and SQLite's and the full-text
  /// index's integrity checks must pass.
  @Suite
  @MainActor
  struct DurabilityTests {
    static let seeded = SeededDatabase.contactCount

    @Test(arguments: [1, 6, 15])
    func acknowledgedSavesSurviveSIGKILL(acknowledgedBeforeKill: Int) async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      let pid = try await contacts.start()
      let pane = contacts.pane
      try await contacts.signIn()
      #expect(try await pane.screen().contains("Contacts (\(Self.seeded))"))

      let burst = (1...acknowledgedBeforeKill + 1).map { String(format: "Burst %03d", $0) }
      var acknowledged: [String] = []
      for name in burst.prefix(acknowledgedBeforeKill) {
        try await pane.press("a")
        try await pane.type(name)
        try await pane.press("C-s")
        try await pane.waitUntilIdle()
        let screen = try await pane.screen()
        guard screen.contains("Saved “\(name)”") else {
          Issue.record("\(name) was not acknowledged:\n\(screen)")
          return
        }
        acknowledged.append(name)
        try await pane.press("Escape")
        try await pane.waitUntilIdle()
      }
      // The next save, killed in flight.
      try await pane.press("a")
      try await pane.type(burst.last!)
      try await pane.press("C-s")
      kill(pid, SIGKILL)
      let outcome = try await pane.waitForExit()
      #expect(outcome.status == 128 + SIGKILL)

      let database = try contacts.openDatabase()
      let check = try await database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
      #expect(check == ["ok"])
      // Throws unless the full-text index matches the contact table exactly.
      try await database.write { db in
        try db.execute(sql: "INSERT INTO contact_search(contact_search) VALUES('integrity-check')")
      }
      let email = ContactsPane.email
      let (found, torn, rows, counted) = try await database.read { db in
        let found = try String.fetchAll(db, sql: "SELECT name FROM contact WHERE name LIKE 'Burst %' ORDER BY id")
        let torn = try Int.fetchOne(
          db, sql: "SELECT count(*) FROM contact WHERE name LIKE 'Burst %' AND (sortKey = '' OR updatedAt <= 0)")!
        let rows = try Int.fetchOne(db, sql: "SELECT count(*) FROM contact")!
        let counted = try Int.fetchOne(
          db, sql: "SELECT contactCount FROM account WHERE email = ?", arguments: [email])!
        return (found, torn, rows, counted)
      }
      print(
        "durability: \(burst.count) saves sent, \(acknowledged.count) acknowledged, \(found.count) in the database "
          + "after SIGKILL")
      #expect(acknowledged.count == acknowledgedBeforeKill)
      #expect(found.count >= acknowledged.count, "an acknowledged save was lost: \(found)")
      #expect(found == Array(burst.prefix(found.count)), "the saves in the database are not a prefix of the burst")
      #expect(torn == 0, "a saved row lacks its sort key or time")
      #expect(rows == Self.seeded + found.count)
      #expect(counted == rows, "account.contactCount disagrees with the rows")
    }
  }
}
