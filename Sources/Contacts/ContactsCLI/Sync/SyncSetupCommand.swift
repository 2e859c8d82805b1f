import ArgumentParser
import CardDAV
import ContactsServices
import Foundation
import Glibc

/// `contacts sync setup URL --username NAME`: finds the address books, links them all or those
/// named.
struct SyncSetupCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "setup",
    abstract: "Link the account to an address book on a CardDAV server.",
    discussion: """
      URL may be the server's address (https://dav.example.com: the address book is found through \
      /.well-known/carddav and your principal) or the address book's own. The server password is \
      stored sealed under the account's password, or not at all with --password-command, which is \
      run at each sync (e.g. "pass show dav"). http:// is refused except to this machine. Every \
      address book you have there is linked, each synced on its own; name the ones to link with \
      --address-book (again for each; new contacts go to the first), or make one with --create (a \
      book of that name already there is linked). Both passwords are asked before the server is \
      changed. \
      The password goes only to the scheme, host and port of URL: a redirect to another server \
      is followed only when you agree, on a terminal or with --accept-redirect.
      """)

  @OptionGroup var options: AccountOptions

  @Argument(help: "The server or address book URL.")
  var url: String

  @Option(help: "The user name on the server.")
  var username: String

  @Option(help: ArgumentHelp("A command that prints the server password, run at each sync.", valueName: "COMMAND"))
  var passwordCommand: String?

  @Option(
    help: ArgumentHelp(
      "An address book to link: its name, last path segment or URL (again for more; default: all).",
      valueName: "NAME"))
  var addressBook: [String] = []

  @Option(help: ArgumentHelp("Create an address book with this name and link it.", valueName: "NAME"))
  var create: String?

  func validate() throws {
    if !addressBook.isEmpty && create != nil { throw ValidationError("Use --address-book or --create, not both.") }
  }

  @Option(
    name: .customLong("accept-redirect"),
    help: ArgumentHelp(
      "Link the server this one redirects to, when it is this origin (scheme://host[:port]); repeatable.",
      valueName: "ORIGIN"))
  var acceptedRedirects: [String] = []

  func run() async throws {
    guard let serverURL = URL(string: url), serverURL.scheme != nil, serverURL.host != nil else {
      throw ValidationError("\(url) is not a URL (for example https://dav.example.com).")
    }
    let (database, account) = try await options.open()
    // Every question comes before the server is asked anything, so a wrong answer changes nothing.
    let password: String
    if let passwordCommand {
      password = try await ServerPassword.run(passwordCommand)
    } else {
      password = try ServerPassword.ask("Password of \(username) at \(serverURL.host ?? url): ")
    }
    let source = try await ServerPassword.source(
      of: password, command: passwordCommand, email: account.email, database: database)
    let credentials = DAVCredentials(username: username, password: password)
    let store = SyncStore(database: database)
    var server = serverURL
    var linkedServers: Set<String> = []
    while true {
      do {
        let linked = try await CardDAVClient.withClient(credentials: credentials, server: server) { client in
          try await link(on: client, from: server, account: account.id, source: source, store: store)
        }
        report(linked, email: account.email)
        return
      } catch SetupFailure.server(.redirectedElsewhere(let from, let to)) {
        // The password went only to `server`; `to` gets it only if the user links it.
        guard linkedServers.insert(to.absoluteString).inserted, linkedServers.count <= 5,
          try linksServer(to, sentFrom: from)
        else {
          throw CommandFailure(
            "\(CardDAVError.redirectedElsewhere(from: from, to: to)) Nothing was changed. To link that server, "
              + "answer yes on a terminal or run again with --accept-redirect \(ServerOrigin(to).map(String.init) ?? "")."
          )
        }
        server = to
      } catch {
        throw CommandFailure("\(error) Nothing was changed.")
      }
    }
  }

  /// The books linked, and what set-up did to get them.
  private struct Linked {
    var books: [AddressBookInfo]
    /// Set-up made the book (--create), or found one of that name there and linked it.
    var made: Bool
    var foundExisting: Bool
  }

  /// Discovers at `server`, chooses or makes the books, and saves the link. A book made here and
  /// not linked in the end is removed again (or named, when that fails too).
  private func link(
    on client: CardDAVClient, from server: URL, account: Int64, source: SyncLink.PasswordSource, store: SyncStore
  ) async throws(SetupFailure) -> Linked {
    let found: DiscoveredAccount
    do { found = try await client.discover(server) } catch { throw .server(error) }
    var linked: Linked
    do {
      linked = try await choose(from: found, client: client)
    } catch let error as CardDAVError {
      throw .server(error)
    } catch {
      throw .other(error)
    }
    do {
      try await store.saveLink(
        SyncLink(
          account: account, username: username, password: source,
          linking: linked.books.map { book in
            SyncLink.NewBook(url: book.url, name: book.displayName, cardVersion: Self.version(of: book))
          }))
    } catch {
      guard linked.made, let made = linked.books.first else { throw .other(error) }
      throw .other(CommandFailure(await removeMadeBook(made, client: client, after: error)))
    }
    return linked
  }

  /// Removes a book set-up made but could not link; says what is left.
  private func removeMadeBook(_ book: AddressBookInfo, client: CardDAVClient, after error: any Error) async -> String {
    do {
      try await client.deleteAddressBook(at: book.url)
      return "\(error) The address book made at \(book.url.absoluteString) was removed again; nothing was changed."
    } catch {
      return "\(error) The address book made at \(book.url.absoluteString) is still there (removing it failed: "
        + "\(error)); link it with --address-book \(book.url.absoluteString)."
    }
  }

  /// Whether the user links `target`, where the server sent set-up: yes when --accept-redirect
  /// names its origin, else asked on a terminal; never without a terminal.
  private func linksServer(_ target: URL, sentFrom source: URL) throws -> Bool {
    guard let origin = ServerOrigin(target) else { return false }
    if acceptedRedirects.contains(where: { URL(string: $0).flatMap(ServerOrigin.init) == origin }) {
      FileHandle.standardError.write(Data("The server sends you to \(target.absoluteString): linking it.\n".utf8))
      return true
    }
    guard isatty(STDIN_FILENO) == 1 else { return false }
    FileHandle.standardError.write(
      Data(
        ("The server at \(ServerOrigin(source).map(String.init) ?? "") sends you to \(target.absoluteString), another server. "
          + "Link that (\(username) and the password are sent there)? [y/N] ").utf8))
    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
    return answer == "y" || answer == "yes"
  }

  private func report(_ linked: Linked, email: String) {
    if linked.foundExisting {
      print("An address book named \(create ?? "") is on the server already: linking it.")
    }
    let books = linked.books
    if let book = books.first, books.count == 1 {
      print("Linked \(email) to \(Self.describe(book)).")
    } else {
      print("Linked \(email) to \(books.count) address books, each synced on its own:")
      for (index, book) in books.enumerated() { print((index == 0 ? "  * " : "    ") + Self.describe(book)) }
      print("New contacts go to the one marked *, \(books[0].displayName ?? books[0].url.lastPathComponent).")
    }
    print("Run `contacts sync` to sync now.")
  }

  /// The vCard version cards go up to `book` in.
  static func version(of book: AddressBookInfo) -> String { book.supportedVersions.contains("4.0") ? "4.0" : "3.0" }

  /// A book as set-up reports it: its name, URL, version and whether it keeps sync tokens.
  static func describe(_ book: AddressBookInfo) -> String {
    let name = book.displayName.map { "\"\($0)\" " } ?? ""
    return "\(name)\(book.url.absoluteString) (vCard \(version(of: book))"
      + (book.supportsSyncCollection ? ", sync tokens" : ", no sync tokens: each sync lists every card") + ")"
  }

  /// The address books to link: a new one (or the one of that name already there), those named
  /// (in the order named), or all of them.
  private func choose(from found: DiscoveredAccount, client: CardDAVClient) async throws -> Linked {
    if let create {
      guard let home = found.homeSets.first else {
        throw CommandFailure("the server did not say where your address books live; create one there and pass its URL.")
      }
      let segment = create.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
      // Run again after a failure, the book may be there: link it rather than fail on MKCOL.
      let existing = found.addressBooks.first { book in
        book.displayName?.lowercased() == create.lowercased() || book.url.lastPathComponent.lowercased() == segment
      }
      if let existing { return Linked(books: [existing], made: false, foundExisting: true) }
      let made = try await client.createAddressBook(in: home, segment: segment, displayName: create)
      return Linked(books: [made], made: true, foundExisting: false)
    }
    return Linked(books: try chooseExisting(from: found), made: false, foundExisting: false)
  }

  private func chooseExisting(from found: DiscoveredAccount) throws -> [AddressBookInfo] {
    let books = found.addressBooks
    guard !books.isEmpty else {
      throw CommandFailure("the server has no address book for you yet: make one with --create NAME.")
    }
    guard !addressBook.isEmpty else { return books }
    var chosen: [AddressBookInfo] = []
    for name in addressBook {
      let wanted = name.lowercased()
      let match = books.first { book in
        book.url.absoluteString.lowercased() == wanted || book.url.lastPathComponent.lowercased() == wanted
          || book.displayName?.lowercased() == wanted
      }
      guard let match else {
        throw CommandFailure(
          "no address book \(name) on the server; there \(books.count == 1 ? "is" : "are") " + Self.list(books) + ".")
      }
      if !chosen.contains(match) { chosen.append(match) }
    }
    return chosen
  }

  private static func list(_ books: [AddressBookInfo]) -> String {
    books.isEmpty ? "none" : books.map { $0.displayName ?? $0.url.lastPathComponent }.joined(separator: ", ")
  }
}

/// Why set-up stopped: the server's answer (a redirect elsewhere is asked about), or anything else.
private enum SetupFailure: Error, CustomStringConvertible {
  case server(CardDAVError)
  case other(any Error)

  var description: String {
    switch self {
    case .server(let error): error.description
    case .other(let error): String(describing: error)
    }
  }
}
