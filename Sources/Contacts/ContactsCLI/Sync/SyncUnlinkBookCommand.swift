import ArgumentParser
import ContactsServices

/// `contacts sync unlink-book NAME`: a book the server no longer has, unlinked, its contacts
/// kept here only.
struct SyncUnlinkBookCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unlink-book",
    abstract: "Unlink an address book the server no longer has, keeping its contacts here only.",
    discussion: """
      Its contacts stay in this database, synced nowhere (`contacts sync move --from NAME --to \
      OTHER` sends them to another book instead). A book the server still has is refused; \
      `contacts sync forget` unlinks every book.
      """)

  @OptionGroup var options: AccountOptions

  @Argument(help: ArgumentHelp("The address book: its name, last path segment or URL.", valueName: "NAME"))
  var addressBook: String

  func run() async throws {
    let (database, account) = try await options.open()
    let store = SyncStore(database: database)
    let link = try await ServerPassword.link(of: account, in: store)
    let book = try link.book(named: addressBook, of: account.email, nothing: "changed")
    guard link.books.count > 1 else {
      throw CommandFailure(
        "\(book.title) is the account's only book: `contacts sync forget` unlinks the account. Nothing was changed.")
    }
    do {
      let kept = try await store.unlinkGoneBook(book.key)
      print(
        "Unlinked \(book.title): its \(kept) \(kept == 1 ? "contact stays" : "contacts stay") here, synced nowhere.")
    } catch SyncStoreError.bookNotGone {
      throw CommandFailure("\(SyncStoreError.bookNotGone) Nothing was changed.")
    }
  }
}
