import ArgumentParser
import ContactsServices

/// `contacts sync default NAME`: which linked address book new contacts go to.
struct SyncDefaultBookCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "default",
    abstract: "Choose the linked address book new contacts go to.",
    discussion: """
      Set-up makes the first book the default (the first named with --address-book, else the \
      first the server lists); `contacts sync status` marks it with *. Contacts already made stay \
      in their books.
      """)

  @OptionGroup var options: AccountOptions

  @Argument(help: ArgumentHelp("The address book: its name, last path segment or URL.", valueName: "NAME"))
  var addressBook: String

  func run() async throws {
    let (database, account) = try await options.open()
    let store = SyncStore(database: database)
    let link = try await ServerPassword.link(of: account, in: store)
    let book = try link.book(named: addressBook, of: account.email, nothing: "changed")
    guard book.goneSince == nil else {
      throw CommandFailure("\(book.title) is gone from the server; choose a book it has. Nothing was changed.")
    }
    try await store.makeDefault(book.key)
    print("New contacts of \(account.email) go to \(book.title) (\(book.url.absoluteString)) from now on.")
  }
}
