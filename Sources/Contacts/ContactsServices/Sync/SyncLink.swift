public import Foundation

/// An account's link to its address books on one server: who signs in, how the password is had,
/// the books, and how the last sync ended. The password itself is never here: only sealed, or
/// the command that prints it.
public struct SyncLink: Hashable, Sendable {
  /// How the server password is had when a sync runs.
  public enum PasswordSource: Hashable, Sendable {
    /// Sealed under the account password: the app opens it at sign-in, the command line asks.
    case sealed(SealedPassword)
    /// A command that prints it (`pass show dav`, `secret-tool lookup …`): nothing is stored.
    case command(String)
  }

  /// A book to link: what set-up found on the server.
  public struct NewBook: Hashable, Sendable {
    public var url: URL
    public var name: String?
    public var cardVersion: String

    public init(url: URL, name: String? = nil, cardVersion: String) {
      self.url = url
      self.name = name
      self.cardVersion = cardVersion
    }
  }

  public var account: Int64
  public var username: String
  public var password: PasswordSource
  /// The linked books, by number; the default one first among equals (`SyncBook.isDefault`).
  public var books: [SyncBook]
  public var lastSyncAt: Date?
  /// How the last sync failed, in words; nil when it succeeded.
  public var lastError: String?

  public init(
    account: Int64, username: String, password: PasswordSource, books: [SyncBook], lastSyncAt: Date? = nil,
    lastError: String? = nil
  ) {
    self.account = account
    self.username = username
    self.password = password
    self.books = books
    self.lastSyncAt = lastSyncAt
    self.lastError = lastError
  }

  /// A new link to `books`, numbered in their order, the first the default (new contacts go
  /// there): what `SyncStore.saveLink` stores.
  public init(account: Int64, username: String, password: PasswordSource, linking books: [NewBook]) {
    self.init(
      account: account, username: username, password: password,
      books: books.enumerated().map { number, book in
        SyncBook(
          key: SyncBook.Key(account: account, number: number), url: book.url, name: book.name,
          cardVersion: book.cardVersion, isDefault: number == 0)
      })
  }

  /// A new link to one book (as set-up made before several books were linked).
  public init(account: Int64, addressBook: URL, username: String, password: PasswordSource, cardVersion: String) {
    self.init(
      account: account, username: username, password: password,
      linking: [NewBook(url: addressBook, cardVersion: cardVersion)])
  }

  /// The book new contacts go to.
  public var defaultBook: SyncBook? { books.first(where: \.isDefault) ?? books.first }

  /// The server the link's password belongs to: the default book's URL, whose origin (scheme,
  /// host and port) is the only one a sync's `CardDAVClient` talks to. A book elsewhere is
  /// refused like any other URL off that origin (`CardDAVError.otherServer`).
  public var server: URL? { defaultBook?.url }

  /// The books a sync goes through: those the server still has.
  public var booksToSync: [SyncBook] { books.filter { $0.goneSince == nil } }

  /// Where the link goes, in words: its book's URL, or how many books on which server.
  public var destination: String {
    guard books.count != 1, let first = books.first else { return books.first?.url.absoluteString ?? "no address book" }
    var server = "\(first.url.scheme ?? "https")://\(first.url.host() ?? "")"
    if let port = first.url.port { server += ":\(port)" }
    return "\(books.count) address books at \(server)"
  }
}
