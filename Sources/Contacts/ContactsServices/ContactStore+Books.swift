public import ContactsModel
import Foundation
import GRDB

extension ContactStore {
  /// The address books of the account's sync link, in the link's order (none when it is not
  /// linked): what the list's book column, its filter and the detail's "Book" line name.
  public func books(account: Int64) async throws -> [ContactBook] {
    try await database.writer.read { db in
      try Row.fetchAll(
        db, sql: "SELECT number, url, name, goneSince FROM sync_book WHERE accountId = ? ORDER BY number",
        arguments: [account]
      ).map { row in
        let url: String = row["url"]
        let name: String? = row["name"]
        return ContactBook(
          number: row["number"], name: URL(string: url).map { SyncBook.title(name: name, url: $0) } ?? url,
          isGone: row["goneSince"] as Double? != nil)
      }
    }
  }
}
