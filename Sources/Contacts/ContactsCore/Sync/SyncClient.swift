public import ContactsModel
import TerminalUI

/// What the app needs from sync, for one signed-in account: injected, so reducers stay pure and
/// the core never sees the network, the database or a password. The live client wraps
/// `SyncEngine` and `CardDAVClient`; tests pass closures.
///
/// No closure takes or returns the server password: set-up reads it from the
/// ``ServerPasswordEntry`` it was typed into, and a sync opens the stored one in the shell.
public struct SyncClient: Sendable {
  /// Where the account's link stands; nil when it is not linked to a server.
  public var overview: @Sendable () async throws -> SyncOverview?
  /// Runs one sync: progress as it goes, then the report (the stream throws a failure in words).
  public var run: @Sendable (_ force: Bool) -> AsyncThrowingStream<SyncEvent, any Error>
  /// Finds the address books at a server (a bare server URL is enough: RFC 6764 discovery), as
  /// `username` with the password typed into the entry.
  public var discover: @Sendable (_ server: String, _ username: String) async throws -> SyncDiscovery
  /// Links the account to `books` (found by ``discover``; new contacts go to the first), or to a
  /// new one made in the discovery's home set when `books` is empty; the password is stored
  /// sealed under the account password.
  public var link: @Sendable (_ books: [AddressBookChoice], _ discovery: SyncDiscovery) async throws -> Void
  /// Checks the password typed into the entry with the linked server and, when it accepts it,
  /// keeps it in place of the old one (sealed under the account password); the link keeps its
  /// token and all it knows of the server's cards.
  public var changePassword: @Sendable () async throws -> Void
  /// Settles a conflict; the next sync sends what has to be sent.
  public var resolve: @Sendable (_ uid: String, _ keeping: SyncChoice) async throws -> Void
  /// Moves contact `id` to the account's book `book` (``ContactBook/number``): there at once
  /// here, on the server at the next sync; a refusal says why in words.
  public var move: @Sendable (_ id: Int64, _ book: Int) async throws -> Void
  /// Moves every contact of the account's book `from` (a book gone from the server) to its book
  /// `to`: there at once here, created on the server at the next sync; the emptied gone book is
  /// unlinked. Returns how many moved, and whether it was unlinked.
  public var moveBook: @Sendable (_ from: Int, _ to: Int) async throws -> (moved: Int, unlinked: Bool)
  /// Unlinks the account's book `book`, one the server no longer has, keeping its contacts here
  /// only, synced nowhere. Returns how many stay.
  public var unlinkBook: @Sendable (_ book: Int) async throws -> Int
  /// Unlinks the account; its contacts stay.
  public var forget: @Sendable () async throws -> Void
  /// Forgets what the session holds for syncing (the account and server passwords): at sign-out.
  public var end: @Sendable () async -> Void

  public init(
    overview: @escaping @Sendable () async throws -> SyncOverview? = { nil },
    run: @escaping @Sendable (Bool) -> AsyncThrowingStream<SyncEvent, any Error> = { _ in
      AsyncThrowingStream { $0.finish(throwing: SyncClientError.unimplemented("run")) }
    },
    discover: @escaping @Sendable (String, String) async throws -> SyncDiscovery = { _, _ in
      throw SyncClientError.unimplemented("discover")
    },
    link: @escaping @Sendable ([AddressBookChoice], SyncDiscovery) async throws -> Void = { _, _ in
      throw SyncClientError.unimplemented("link")
    },
    changePassword: @escaping @Sendable () async throws -> Void = {
      throw SyncClientError.unimplemented("changePassword")
    },
    resolve: @escaping @Sendable (String, SyncChoice) async throws -> Void = { _, _ in
      throw SyncClientError.unimplemented("resolve")
    },
    move: @escaping @Sendable (Int64, Int) async throws -> Void = { _, _ in
      throw SyncClientError.unimplemented("move")
    },
    moveBook: @escaping @Sendable (Int, Int) async throws -> (moved: Int, unlinked: Bool) = { _, _ in
      throw SyncClientError.unimplemented("moveBook")
    },
    unlinkBook: @escaping @Sendable (Int) async throws -> Int = { _ in
      throw SyncClientError.unimplemented("unlinkBook")
    },
    forget: @escaping @Sendable () async throws -> Void = { throw SyncClientError.unimplemented("forget") },
    end: @escaping @Sendable () async -> Void = {}
  ) {
    self.overview = overview
    self.run = run
    self.discover = discover
    self.link = link
    self.changePassword = changePassword
    self.resolve = resolve
    self.move = move
    self.moveBook = moveBook
    self.unlinkBook = unlinkBook
    self.forget = forget
    self.end = end
  }
}

public enum SyncClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A test reached a client call it did not expect.
  case unimplemented(String)

  public var description: String {
    switch self {
    case .unimplemented(let name): "SyncClient.\(name) is not implemented here"
    }
  }
}

/// An account's link as the sync screen shows it.
public struct SyncOverview: Equatable, Sendable, Codable {
  /// The address book's URL.
  public var addressBook: String
  public var username: String
  /// How the password is had, in words ("stored sealed", "from `pass show dav`").
  public var passwordSource: String
  /// When the last sync ended, as the user reads time here; nil before the first.
  public var lastSync: String?
  /// How the last sync failed, in words; nil when it succeeded.
  public var lastError: String?
  /// Changes made here waiting to be sent.
  public var pending: Int
  /// Contacts the server would not store, kept here.
  public var refused: Int
  /// Cards on the server that cannot be read, left alone.
  public var unreadable: Int
  /// Contacts changed differently on both sides, both versions whole.
  public var conflicts: [SyncConflictPair]
  /// The linked books with their counts, in the link's order.
  public var books: [SyncBookOverview]

  public init(
    addressBook: String, username: String, passwordSource: String, lastSync: String? = nil, lastError: String? = nil,
    pending: Int = 0, refused: Int = 0, unreadable: Int = 0, conflicts: [SyncConflictPair] = [],
    books: [SyncBookOverview] = []
  ) {
    self.addressBook = addressBook
    self.username = username
    self.passwordSource = passwordSource
    self.lastSync = lastSync
    self.lastError = lastError
    self.pending = pending
    self.refused = refused
    self.unreadable = unreadable
    self.conflicts = conflicts
    self.books = books
  }
}

/// One linked address book as the sync screen lists it.
public struct SyncBookOverview: Equatable, Sendable, Codable {
  /// Its place in the account's link (``ContactBook/number``).
  public var number: Int
  public var name: String
  public var url: String
  /// The account's contacts in it.
  public var contacts: Int
  /// Changes to them waiting to be sent.
  public var pending: Int
  /// Whether new contacts go to it.
  public var isDefault: Bool
  /// Whether the server no longer has it.
  public var isGone: Bool

  public init(
    number: Int = 0, name: String, url: String, contacts: Int, pending: Int = 0, isDefault: Bool = false,
    isGone: Bool = false
  ) {
    self.number = number
    self.name = name
    self.url = url
    self.contacts = contacts
    self.pending = pending
    self.isDefault = isDefault
    self.isGone = isGone
  }

  private enum CodingKeys: String, CodingKey { case number, name, url, contacts, pending, isDefault, isGone }

  /// A session recorded before books had their number in it reads as the first book's.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      number: try values.decodeIfPresent(Int.self, forKey: .number) ?? 0,
      name: try values.decode(String.self, forKey: .name),
      url: try values.decode(String.self, forKey: .url), contacts: try values.decode(Int.self, forKey: .contacts),
      pending: try values.decode(Int.self, forKey: .pending),
      isDefault: try values.decode(Bool.self, forKey: .isDefault),
      isGone: try values.decode(Bool.self, forKey: .isGone))
  }
}

/// A contact changed differently here and on the server, waiting for the user.
public struct SyncConflictPair: Equatable, Sendable, Codable {
  public var uid: String
  public var here: Contact
  public var server: Contact

  public init(uid: String, here: Contact, server: Contact) {
    self.uid = uid
    self.here = here
    self.server = server
  }
}

/// How the user settles a conflict.
public enum SyncChoice: String, Equatable, Sendable, Codable, CaseIterable {
  /// This side's version is sent over the server's.
  case here
  /// The server's version is taken here.
  case server
  /// Both stay: this side's becomes a new contact.
  case both
}

/// What ``SyncClient/discover`` throws when the server sends set-up on to another server
/// (another scheme, host or port): nothing, and no password, was sent there. The set-up screen
/// asks whether to link that server; if the user agrees, discovery runs again there.
public struct SyncServerRedirect: Error, Equatable, Sendable, Codable, CustomStringConvertible {
  /// The server asked: "http://127.0.0.1:5232".
  public var server: String
  /// Where it sends set-up: "https://carddav.example.com/dav/".
  public var target: String

  public init(server: String, target: String) {
    self.server = server
    self.target = target
  }

  public var description: String {
    "The server at \(server) sends you to \(target), another server: nothing was sent there."
  }
}

/// What discovery found at a server: the address books, and where a new one can be made.
public struct SyncDiscovery: Equatable, Sendable, Codable {
  public var server: String
  public var username: String
  public var books: [AddressBookChoice]
  /// Where the user's address books live (a new one is made there); nil when the server did
  /// not say.
  public var homeSet: String?

  public init(server: String, username: String, books: [AddressBookChoice], homeSet: String?) {
    self.server = server
    self.username = username
    self.books = books
    self.homeSet = homeSet
  }

  /// Whether the chooser offers every book at once (its first row): when there are several.
  public var offersAll: Bool { books.count > 1 }

  /// The chooser's rows: all the books (when there are several), each book, and a new book where
  /// the server says they live (when it says).
  public var choiceCount: Int { (offersAll ? 1 : 0) + books.count + (homeSet == nil ? 0 : 1) }

  /// What the chooser's row `index` links: every book, one, or none (a new one is made); nil
  /// when there is no such row.
  public func choice(at index: Int) -> [AddressBookChoice]? {
    var index = index
    if offersAll {
      if index == 0 { return books }
      index -= 1
    }
    if books.indices.contains(index) { return [books[index]] }
    return index == books.count && homeSet != nil ? [] : nil
  }
}

/// An address book found on the server.
public struct AddressBookChoice: Equatable, Sendable, Codable {
  public var url: String
  public var name: String?
  /// The vCard version cards go up in: one the book lists as supported.
  public var cardVersion: String

  public init(url: String, name: String?, cardVersion: String = "3.0") {
    self.url = url
    self.name = name
    self.cardVersion = cardVersion
  }

  /// Its name, or the last segment of its URL.
  public var title: String {
    if let name, !name.isEmpty { return name }
    return url.split(separator: "/").last.map(String.init) ?? url
  }
}

/// What a running sync reports.
public enum SyncEvent: Equatable, Sendable {
  case progress(SyncPhase)
  case finished(SyncReport)
}

/// How far a sync is.
public enum SyncPhase: Equatable, Sendable, Codable {
  case connecting
  case listing(Int)
  case receiving(done: Int, of: Int)
  case sending(done: Int)

  /// In words, for the header: "receiving 250 of 1,000".
  public var text: String {
    switch self {
    case .connecting: "connecting"
    case .listing(let count): count == 0 ? "listing" : "listing \(count.formattedWithSeparators)"
    case .receiving(let done, let total):
      "receiving \(done.formattedWithSeparators) of \(total.formattedWithSeparators)"
    case .sending(let done): "sending \(done.formattedWithSeparators)"
    }
  }
}

/// What one sync did.
public struct SyncReport: Equatable, Sendable, Codable {
  public var sent: Int
  public var received: Int
  public var deletedHere: Int
  public var deletedThere: Int
  public var merged: Int
  public var conflicts: Int
  /// Cards the server could not read or refused.
  public var problems: Int
  /// Linked address books the server no longer has (their contacts stay here, not synced).
  public var goneBooks: Int

  public init(
    sent: Int = 0, received: Int = 0, deletedHere: Int = 0, deletedThere: Int = 0, merged: Int = 0,
    conflicts: Int = 0, problems: Int = 0, goneBooks: Int = 0
  ) {
    self.sent = sent
    self.received = received
    self.deletedHere = deletedHere
    self.deletedThere = deletedThere
    self.merged = merged
    self.conflicts = conflicts
    self.problems = problems
    self.goneBooks = goneBooks
  }

  /// Whether contacts here changed (the list must catch up).
  public var changedHere: Bool { received > 0 || deletedHere > 0 || merged > 0 }

  /// In words, only what happened: "3 sent, 12 received", or "nothing to do".
  public var text: String {
    let parts = [
      (sent, "sent"), (received, "received"), (deletedHere, "deleted here"), (deletedThere, "deleted on the server"),
      (merged, "merged"), (conflicts, conflicts == 1 ? "conflict" : "conflicts"), (problems, "refused or unreadable"),
      (goneBooks, goneBooks == 1 ? "address book gone from the server" : "address books gone from the server"),
    ]
    .filter { $0.0 > 0 }.map { "\($0.0.formattedWithSeparators) \($0.1)" }
    return parts.isEmpty ? "nothing to do" : parts.joined(separator: ", ")
  }
}
