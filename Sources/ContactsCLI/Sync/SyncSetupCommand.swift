import ArgumentParser
import CardDAV
import ContactsServices
import Foundation
import Glibc

/// `contacts sync setup URL --username NAME`: finds the address books, links one.
struct SyncSetupCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "setup",
    abstract: "Link the account to an address book on a CardDAV server.",
    discussion: """
      URL may be the server's address (https://dav.example.com: the address book is found through \
      /.well-known/carddav and your principal) or the address book's own. The server password is \
      stored sealed under the account's password, or not at all with --password-command, which is \
      run at each sync (e.g. "pass show dav"). http:// is refused except to this machine. With \
      several address books, name one with --address-book, or make one with --create.
      """)

  @OptionGroup var options: AccountOptions

  @Argument(help: "The server or address book URL.")
  var url: String

  @Option(help: "The user name on the server.")
  var username: String

  @Option(help: ArgumentHelp("A command that prints the server password, run at each sync.", valueName: "COMMAND"))
  var passwordCommand: String?

  @Option(help: ArgumentHelp("The address book to link: its name, last path segment or URL.", valueName: "NAME"))
  var addressBook: String?

  @Option(help: ArgumentHelp("Create an address book with this name and link it.", valueName: "NAME"))
  var create: String?

  func validate() throws {
    if addressBook != nil && create != nil { throw ValidationError("Use --address-book or --create, not both.") }
  }

  func run() async throws {
    guard let serverURL = URL(string: url), serverURL.scheme != nil, serverURL.host != nil else {
      throw ValidationError("\(url) is not a URL (for example https://dav.example.com).")
    }
    let (database, account) = try await options.open()
    let password: String
    if let passwordCommand {
      password = try ServerPassword.run(passwordCommand)
    } else {
      password = try ServerPassword.ask("Password of \(username) at \(serverURL.host ?? url): ")
    }
    let book: AddressBookInfo
    do {
      book = try await CardDAVClient.withClient(credentials: DAVCredentials(username: username, password: password)) {
        client in
        try await choose(from: try await client.discover(serverURL), client: client)
      }
    } catch let error as CardDAVError {
      throw CommandFailure("\(error) Nothing was changed.")
    }
    let source = try await ServerPassword.source(
      of: password, command: passwordCommand, email: account.email, database: database)
    let version = book.supportedVersions.contains("4.0") ? "4.0" : "3.0"
    let store = SyncStore(database: database)
    try await store.saveLink(
      SyncLink(account: account.id, addressBook: book.url, username: username, password: source, cardVersion: version))
    let name = book.displayName.map { "\"\($0)\" " } ?? ""
    print(
      "Linked \(account.email) to \(name)\(book.url.absoluteString) (vCard \(version)"
        + (book.supportsSyncCollection ? ", sync tokens" : ", no sync tokens: each sync lists every card") + ").")
    print("Run `contacts sync` to sync now.")
  }

  /// The address book to link: the one named, a new one, the only one, or the user's pick.
  private func choose(from found: DiscoveredAccount, client: CardDAVClient) async throws -> AddressBookInfo {
    if let create {
      guard let home = found.homeSets.first else {
        throw CommandFailure("the server did not say where your address books live; create one there and pass its URL.")
      }
      let segment = create.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
      return try await client.createAddressBook(in: home, segment: segment, displayName: create)
    }
    let books = found.addressBooks
    if let addressBook {
      let wanted = addressBook.lowercased()
      let match = books.first { book in
        book.url.absoluteString.lowercased() == wanted || book.url.lastPathComponent.lowercased() == wanted
          || book.displayName?.lowercased() == wanted
      }
      guard let match else {
        throw CommandFailure("no address book \(addressBook) on the server; there is " + Self.list(books) + ".")
      }
      return match
    }
    switch books.count {
    case 0:
      throw CommandFailure("the server has no address book for you yet: make one with --create NAME.")
    case 1:
      return books[0]
    default:
      guard isatty(STDIN_FILENO) == 1 else {
        throw CommandFailure(
          "the server has \(books.count) address books (\(Self.list(books))): name one with --address-book NAME.")
      }
      for (index, book) in books.enumerated() {
        print("  \(index + 1). \(book.displayName ?? book.url.lastPathComponent)  \(book.url.absoluteString)")
      }
      FileHandle.standardError.write(Data("Which one (1–\(books.count))? ".utf8))
      guard let answer = readLine(), let number = Int(answer.trimmingCharacters(in: .whitespaces)),
        books.indices.contains(number - 1)
      else { throw CommandFailure("no address book chosen; nothing was changed.") }
      return books[number - 1]
    }
  }

  private static func list(_ books: [AddressBookInfo]) -> String {
    books.isEmpty ? "none" : books.map { $0.displayName ?? $0.url.lastPathComponent }.joined(separator: ", ")
  }
}
