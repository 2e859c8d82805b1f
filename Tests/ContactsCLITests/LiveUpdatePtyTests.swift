import Foundation
import GRDB
import TerminalTesting
import TerminalUI
import Testing

extension ContactsInAPane {
  /// The real app in a pane while another process writes to its database: `contacts seed` in
  /// a second terminal adds contacts, and the open list shows them without a key being pressed,
  /// the selection still on its contact. Nothing sleeps: each step waits for the app to announce
  /// an idle frame (the FIFO read gives up after a minute only if the app never settles).
  @Suite
  @MainActor
  struct LiveUpdatePtyTests {
    @Test func contactsSeededByAnotherProcessShowUpInTheOpenList() async throws {
      let contacts = try ContactsPane()
      defer { contacts.close() }
      try await contacts.start()
      try await contacts.signIn()
      let pane = contacts.pane
      try await pane.press("j", "j", "j")
      try await pane.waitUntilIdle()
      var list = try #require(ListScreen(try await pane.capture()))
      #expect(list.title == "Contacts (300)")
      #expect(list.position == "4 of 300")
      let selected = try ids(contacts)[3]

      let path = contacts.databasePath
      let seeded = try await ContactsPane.run(["seed", "--db", path, "--count", "5"])
      #expect(seeded.status == 0, "\(seeded.output)")

      // No key is pressed: the app's own watch brings the change in.
      while list.title != "Contacts (305)" {
        try await pane.waitUntilIdle()
        list = try #require(ListScreen(try await pane.capture()))
      }
      let index = try #require(try ids(contacts).firstIndex(of: selected))
      #expect(list.position == "\(index + 1) of 305", "the selection stays on its contact")
      try await pane.press("q")
      #expect(try await pane.waitForExit().status == 0)
    }

    /// The demo account's contact ids in list order.
    private func ids(_ contacts: ContactsPane) throws -> [Int64] {
      try contacts.openDatabase().read { db in
        try Int64.fetchAll(
          db,
          sql: """
            SELECT contact.id FROM contact JOIN account ON account.id = contact.accountId
            WHERE account.email = ? ORDER BY contact.sortKey, contact.id
            """, arguments: [ContactsPane.email])
      }
    }
  }
}
