import ArgumentParser
import CardDAV
import ContactsServices
import ContactsSync
import Foundation

/// `contacts sync`: two-way sync of an account with a CardDAV address book.
struct SyncCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Sync an account with a CardDAV address book (Radicale, Nextcloud, Fastmail, iCloud, …).",
    discussion: """
      Set up once with `contacts sync setup URL --username NAME`, then run `contacts sync`. \
      Nothing touches the network until sync is set up.
      """,
    subcommands: [
      SyncNow.self, SyncSetupCommand.self, SyncStatusCommand.self, SyncConflictsCommand.self,
      SyncResolveCommand.self, SyncPasswordCommand.self, SyncDefaultBookCommand.self, SyncMoveCommand.self,
      SyncUnlinkBookCommand.self, SyncForgetCommand.self,
    ],
    defaultSubcommand: SyncNow.self)
}

/// `contacts sync [run]`: one sync, with progress on a terminal and a summary line.
struct SyncNow: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Sync now (the default).",
    discussion: """
      Changes on either side are sent to the other; a contact changed on both sides in different \
      fields is merged, in the same field it is a conflict you settle with `contacts sync resolve`. \
      Exit status: 0 in sync, 2 synced but something needs you (conflicts, cards that cannot be \
      read, were refused, or that the server did not keep as sent), 1 failed (nothing is lost; run it again).
      """)

  @OptionGroup var options: AccountOptions

  @Flag(help: "Go on when one side is empty although the last sync left contacts on both (deletes them on the other).")
  var force = false

  @Option(
    help: ArgumentHelp(
      "Cards sent to the server at once, 1 to 16 (default: the config file's [sync] uploads, else 4).",
      valueName: "N"))
  var uploads: Int?

  func validate() throws {
    if let uploads, !(1...16).contains(uploads) { throw ValidationError("--uploads must be from 1 to 16.") }
  }

  func run() async throws {
    let (database, account) = try await options.open()
    let parallelUploads = try uploads ?? options.database.config.settings().syncUploads
    let store = SyncStore(database: database)
    let link = try await ServerPassword.link(of: account, in: store)
    let password = try await ServerPassword.of(link, email: account.email)
    let line = ProgressLine()
    let summary: SyncSummary
    do {
      // A server answers a listing of a big book only once it has built it whole.
      summary = try await CardDAVClient.withClient(
        credentials: DAVCredentials(username: link.username, password: password), server: link.server,
        answerTimeout: .seconds(300)
      ) { client in
        var engine = SyncEngine(store: store, client: client, link: link)
        engine.parallelUploads = parallelUploads
        return try await engine.run(force: force) { progress in
          switch progress {
          case .listing(let count): line.show("Listing the server's cards: \(count)")
          case .receiving(let done, let total): line.show("Receiving \(done) of \(total)")
          case .sending(let done): line.show("Sending: \(done)")
          }
        }
      }
      line.clear()
    } catch {
      line.clear()
      throw CommandFailure("sync with \(link.destination) failed: \(error)")
    }
    print(
      "Synced \(account.email) with \(link.destination): \(summary.line) "
        + "(\(summary.requests) \(summary.requests == 1 ? "request" : "requests")).")
    for book in summary.books {
      print("  \(book.book ?? ""): \(book.bookLine) (\(book.requests) \(book.requests == 1 ? "request" : "requests"))")
    }
    for refusal in summary.refused { warn(refusal) }
    for change in summary.changedByServer { warn(change) }
    for change in summary.changedWhileMoving { warn(change) }
    if summary.moved > 0 {
      print(
        "\(summary.moved) \(summary.moved == 1 ? "contact" : "contacts") moved to another book, the old copy deleted.")
    }
    if summary.refusedEarlier > 0 {
      warn("\(summary.refusedEarlier) contacts the server refused before: see `contacts sync status`.")
    }
    if summary.conflicts > 0 {
      print("\(summary.conflicts) contacts changed on both sides: see them with `contacts sync conflicts`.")
    }
    for book in summary.goneBooks {
      warn(
        "the address book \(book) is gone from the server: its contacts stay here and are no longer synced. "
          + "Move them to another book with `contacts sync move --from \"\(book)\" --to NAME`, or keep them here "
          + "only with `contacts sync unlink-book \"\(book)\"`.")
    }
    if summary.defaultBookGone {
      warn("new contacts go to a book the server no longer has: choose another with `contacts sync default NAME`.")
    }
    if summary.needsAttention { throw ExitCode(2) }
  }
}

/// `contacts sync forget`: unlink; the contacts stay.
struct SyncForgetCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "forget", abstract: "Unlink the account from its server (its contacts stay here).")

  @OptionGroup var options: AccountOptions

  func run() async throws {
    let (database, account) = try await options.open()
    let store = SyncStore(database: database)
    guard let link = try await store.link(account: account.id) else {
      throw CommandFailure("\(account.email) is not linked to a server.")
    }
    try await store.forget(account: account.id)
    print("Unlinked \(account.email) from \(link.destination); its contacts stay here.")
  }
}
