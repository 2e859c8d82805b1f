import CardDAV
public import ContactsCore
import ContactsModel
public import ContactsServices
import ContactsSync
import Foundation
import Synchronization

extension AppDependencies {
  /// These dependencies, with sync: each signed-in account's ``SyncClient`` over `database`
  /// and a real CardDAV client, opened only when a sync or set-up runs (nothing touches the
  /// network before sync is set up).
  ///
  /// Sign-in and sign-up are wrapped to keep the account password in memory for the session:
  /// it opens the server password sealed under it (once, then that is kept) and seals the one
  /// typed at set-up. Both are forgotten at sign-out and never reach the store.
  ///
  /// `parallelUploads` is how many cards a sync sends at once (the config file's `[sync] uploads`;
  /// nil for the engine's default).
  public func syncing(_ database: ContactsDatabase, parallelUploads: Int? = nil) -> AppDependencies {
    let keys = SessionKeys()
    var dependencies = self
    let signIn = auth.signIn
    let signUp = auth.signUp
    dependencies.auth.signIn = { email, password throws(AccountError) in
      let user = try await signIn(email, password)
      keys.signedIn(user.id, accountPassword: password)
      return user
    }
    dependencies.auth.signUp = { email, password throws(AccountError) in
      let user = try await signUp(email, password)
      keys.signedIn(user.id, accountPassword: password)
      return user
    }
    let store = SyncStore(database: database)
    let entry = serverPassword
    dependencies.sync = { user in
      LiveSync(
        store: store, account: user.id, keys: keys, entry: entry,
        parallelUploads: parallelUploads ?? SyncEngine.defaultParallelUploads
      ).client
    }
    return dependencies
  }
}

/// The passwords a signed-in session needs for sync, in this process's memory only.
final class SessionKeys: Sendable {
  private struct Keys {
    var accountPassword: String
    /// The server password once opened, so the key is derived once per session, not per sync.
    var serverPassword: (sealed: SealedPassword, password: String)?
  }

  private let keys = Mutex<[Int64: Keys]>([:])

  func signedIn(_ account: Int64, accountPassword: String) {
    keys.withLock { $0[account] = Keys(accountPassword: accountPassword) }
  }

  func end(_ account: Int64) {
    _ = keys.withLock { $0.removeValue(forKey: account) }
  }

  func accountPassword(_ account: Int64) throws(LiveSync.Failure) -> String {
    guard let password = keys.withLock({ $0[account]?.accountPassword }) else { throw .signInAgain }
    return password
  }

  /// The server password `sealed` holds, opened with the session's account password.
  func open(_ sealed: SealedPassword, account: Int64) throws(LiveSync.Failure) -> String {
    if let opened = keys.withLock({ $0[account]?.serverPassword }), opened.sealed == sealed { return opened.password }
    let password: String
    do {
      password = try sealed.open(accountPassword: try accountPassword(account))
    } catch let failure as LiveSync.Failure {
      throw failure
    } catch {
      throw .cannotOpenStoredPassword
    }
    keys.withLock { $0[account]?.serverPassword = (sealed, password) }
    return password
  }
}

/// One account's ``SyncClient``: `SyncStore`, `SyncEngine` and `CardDAVClient` behind the
/// closures the core calls.
struct LiveSync: Sendable {
  let store: SyncStore
  let account: Int64
  let keys: SessionKeys
  let entry: ServerPasswordEntry
  /// Cards a sync sends at once.
  let parallelUploads: Int

  /// Why sync could not start, in words.
  enum Failure: Error, Equatable, CustomStringConvertible {
    case notLinked
    case signInAgain
    case cannotOpenStoredPassword
    case notAURL(String)
    case noPlaceForANewBook

    var description: String {
      switch self {
      case .notLinked: "this account is not linked to a server."
      case .signInAgain: "sign in again to sync (the session does not hold the account password)."
      case .cannotOpenStoredPassword:
        "the account password does not open the stored server password; give the server password again (p)."
      case .notAURL(let text): "“\(text)” is not a server address (for example https://dav.example.com)."
      case .noPlaceForANewBook: "the server did not say where your address books live; make one there first."
      }
    }
  }

  var client: SyncClient {
    SyncClient(
      overview: overview, run: run, discover: discover, link: link, changePassword: changePassword,
      resolve: { uid, choice in
        let kept: ConflictChoice =
          switch choice {
          case .here: .mine
          case .server: .theirs
          case .both: .both
          }
        try await store.resolve(uid: uid, keeping: kept, account: account)
      },
      move: { id, book in
        _ = try await store.move(contacts: [id], to: SyncBook.Key(account: account, number: book))
      },
      moveBook: { from, to in
        let (moved, unlinked) = try await store.moveAll(
          from: SyncBook.Key(account: account, number: from), to: SyncBook.Key(account: account, number: to))
        return (moved.names.count, unlinked)
      },
      unlinkBook: { book in try await store.unlinkGoneBook(SyncBook.Key(account: account, number: book)) },
      forget: { try await store.forget(account: account) },
      end: { [keys, account] in keys.end(account) })
  }

  private func overview() async throws -> SyncOverview? {
    guard let status = try await store.status(account: account) else { return nil }
    let link = status.link
    let conflicts = try await status.conflicts > 0 ? store.conflicts(account: account) : []
    let passwordSource =
      switch link.password {
      case .sealed: "stored sealed"
      case .command(let command): "from “\(command)”"
      }
    return SyncOverview(
      addressBook: link.destination, username: link.username, passwordSource: passwordSource,
      lastSync: link.lastSyncAt.map(Self.time), lastError: link.lastError, pending: status.pending,
      refused: status.refused, unreadable: status.problems,
      conflicts: conflicts.map { SyncConflictPair(uid: $0.uid, here: $0.mine, server: $0.theirs) },
      books: status.books.map { entry in
        SyncBookOverview(
          number: entry.book.key.number, name: entry.book.title, url: entry.book.url.absoluteString,
          contacts: entry.contacts, pending: entry.pending,
          isDefault: entry.book.isDefault, isGone: entry.book.goneSince != nil)
      })
  }

  private func run(force: Bool) -> AsyncThrowingStream<SyncEvent, any Error> {
    AsyncThrowingStream { continuation in
      let task = Task {
        do {
          guard let link = try await store.link(account: account) else { throw Failure.notLinked }
          let password = try await password(of: link)
          // A big book's first listing can take the server minutes to answer (as `contacts sync`).
          let summary = try await CardDAVClient.withClient(
            credentials: DAVCredentials(username: link.username, password: password), server: link.server,
            answerTimeout: .seconds(300)
          ) { client in
            var engine = SyncEngine(store: store, client: client, link: link)
            engine.parallelUploads = parallelUploads
            return try await engine.run(force: force) { progress in
              continuation.yield(.progress(Self.phase(progress)))
            }
          }
          continuation.yield(.finished(Self.report(summary)))
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  private func password(of link: SyncLink) async throws -> String {
    switch link.password {
    case .command(let command): try await PasswordCommand.run(command)
    case .sealed(let sealed): try keys.open(sealed, account: account)
    }
  }

  private func discover(server: String, username: String) async throws -> SyncDiscovery {
    let url = try Self.serverURL(server)
    let found: DiscoveredAccount
    do {
      found = try await CardDAVClient.withClient(
        credentials: DAVCredentials(username: username, password: entry.text), server: url
      ) { client in try await client.discover(url) }
    } catch CardDAVError.redirectedElsewhere(let from, let to) {
      // Asked on the screen; the password goes there only when the user links it.
      throw SyncServerRedirect(
        server: ServerOrigin(from)?.description ?? from.absoluteString, target: to.absoluteString)
    }
    return SyncDiscovery(
      server: url.absoluteString, username: username,
      books: found.addressBooks.map { book in
        AddressBookChoice(
          url: book.url.absoluteString, name: book.displayName, cardVersion: Self.cardVersion(book.acceptedVersions))
      }, homeSet: found.homeSets.first?.absoluteString)
  }

  /// Links `choices`, or with none makes a book "Contacts" in the home set (linking the one there
  /// from an earlier try instead of failing on it). The password is sealed first, so nothing is
  /// made on the server when it cannot be.
  private func link(_ choices: [AddressBookChoice], _ discovery: SyncDiscovery) async throws {
    let password = entry.text
    let sealed = try SealedPassword.seal(password, accountPassword: try keys.accountPassword(account))
    var books = choices
    if books.isEmpty, let existing = discovery.books.first(where: { $0.url.hasSuffix("/contacts/") }) {
      books = [existing]
    } else if books.isEmpty {
      guard let home = discovery.homeSet.flatMap(URL.init(string:)) else { throw Failure.noPlaceForANewBook }
      let made = try await CardDAVClient.withClient(
        credentials: DAVCredentials(username: discovery.username, password: password), server: home
      ) { client in try await client.createAddressBook(in: home, segment: "contacts", displayName: "Contacts") }
      books = [
        AddressBookChoice(
          url: made.url.absoluteString, name: made.displayName, cardVersion: Self.cardVersion(made.acceptedVersions))
      ]
    }
    let linking = try books.map { book in
      guard let url = URL(string: book.url) else { throw Failure.notAURL(book.url) }
      return SyncLink.NewBook(url: url, name: book.name, cardVersion: book.cardVersion)
    }
    try await store.saveLink(
      SyncLink(account: account, username: discovery.username, password: .sealed(sealed), linking: linking))
  }

  /// The password typed into the entry, checked with the linked server (a refusal is said in
  /// `CardDAVError`'s words, and nothing changes), then sealed in place of the old one.
  private func changePassword() async throws {
    guard let link = try await store.link(account: account), let book = link.defaultBook?.url else {
      throw Failure.notLinked
    }
    let password = entry.text
    _ = try await CardDAVClient.withClient(
      credentials: DAVCredentials(username: link.username, password: password), server: book
    ) { client in try await client.addressBook(at: book) }
    let sealed = try SealedPassword.seal(password, accountPassword: try keys.accountPassword(account))
    try await store.replacePassword(account: account, with: .sealed(sealed))
  }

  /// A server address as typed: `dav.example.com` means `https://dav.example.com`, and a server
  /// on this machine (`localhost:5232`, `127.0.0.1:5232`), which rarely has a certificate,
  /// `http://`.
  static func serverURL(_ text: String) throws(Failure) -> URL {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var withScheme = trimmed
    if !trimmed.contains("://") {
      let host = URL(string: "http://" + trimmed)?.host()
      let isLoopback = host == "localhost" || host == "127.0.0.1" || host == "::1" || host == "[::1]"
      withScheme = (isLoopback ? "http://" : "https://") + trimmed
    }
    guard let url = URL(string: withScheme), url.scheme != nil, url.host() != nil else { throw .notAURL(text) }
    return url
  }

  static func cardVersion(_ accepted: [String]) -> String { accepted.contains("4.0") ? "4.0" : "3.0" }

  static func phase(_ progress: SyncProgress) -> SyncPhase {
    switch progress {
    case .listing(let count): .listing(count)
    case .receiving(let done, let total): .receiving(done: done, of: total)
    case .sending(let done): .sending(done: done)
    }
  }

  static func report(_ summary: SyncSummary) -> SyncReport {
    SyncReport(
      sent: summary.sent, received: summary.received, deletedHere: summary.deletedHere,
      deletedThere: summary.deletedThere, merged: summary.merged, conflicts: summary.conflicts,
      problems: summary.unreadable + summary.refused.count + summary.changedByServer.count,
      goneBooks: summary.goneBooks.count)
  }

  /// A time as the user reads it here: "14:02" today, with the date before.
  static func time(_ date: Date) -> String {
    Calendar.current.isDateInToday(date)
      ? date.formatted(date: .omitted, time: .shortened) : date.formatted(date: .abbreviated, time: .shortened)
  }
}
