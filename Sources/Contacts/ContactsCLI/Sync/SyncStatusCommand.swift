import ArgumentParser
import ContactsServices
import Foundation

/// `contacts sync status`: where the link stands.
struct SyncStatusCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status", abstract: "Show the account's server, its last sync and what waits to be sent.")

  @OptionGroup var options: AccountOptions

  func run() async throws {
    let (database, account) = try await options.open()
    guard let status = try await SyncStore(database: database).status(account: account.id) else {
      print("\(account.email) is not linked to a server (set it up with `contacts sync setup URL --username NAME`).")
      return
    }
    let link = status.link
    let password =
      switch link.password {
      case .sealed: "stored sealed under the account password"
      case .command(let command): "from the command \(command)"
      }
    print("Account:      \(account.email)")
    if let book = status.books.first, status.books.count == 1 {
      print(
        "Address book: \(book.book.url.absoluteString) (vCard \(book.book.cardVersion))"
          + (book.book.goneSince == nil ? "" : ": gone from the server (its contacts stay here, not synced)"))
    } else {
      print("Address books: \(status.books.count), new contacts go to the one marked *")
      for line in Self.bookLines(status.books) { print("  " + line) }
    }
    print("User:         \(link.username), password \(password)")
    if let last = link.lastSyncAt {
      let when = last.formatted(date: .abbreviated, time: .standard)
      print("Last sync:    \(when)" + (link.lastError.map { ", failed: \($0)" } ?? ", succeeded"))
    } else {
      print("Last sync:    never")
    }
    // What the link remembers of a book the server no longer has is not on the server.
    let onServer = status.onServer - status.books.filter { $0.book.goneSince != nil }.reduce(0) { $0 + $1.onServer }
    print("On server:    \(onServer) contacts")
    print("To send:      \(status.pending) changes")
    print("Conflicts:    \(status.conflicts)" + (status.conflicts > 0 ? " (see `contacts sync conflicts`)" : ""))
    if status.problems > 0 {
      print("Unreadable:   \(status.problems) cards on the server (left alone on both sides)")
      for problem in try await SyncStore(database: database).problems(account: account.id) {
        print("  \(problem.href): \(problem.reason)")
      }
    }
    if status.refused > 0 {
      print("Refused:      \(status.refused) contacts the server would not store (kept here; sent again once edited)")
      for refusal in try await SyncStore(database: database).refusals(account: account.id) {
        print("  \(refusal.name): \(refusal.reason)")
      }
    }
  }

  /// One line a book: its name (the default marked), its counts and its URL, in columns.
  static func bookLines(_ books: [SyncStatus.Book]) -> [String] {
    let rows = books.map { entry in
      let book = entry.book
      return (
        name: (book.isDefault ? "* " : "  ") + book.title,
        counts:
          "\(entry.contacts) contacts, \(book.goneSince == nil ? entry.onServer : 0) on server, \(entry.pending) to send",
        place: "\(book.url.absoluteString) (vCard \(book.cardVersion))"
          + (book.goneSince == nil ? "" : ": gone from the server")
      )
    }
    let nameWidth = rows.map(\.name.count).max() ?? 0
    let countsWidth = rows.map(\.counts.count).max() ?? 0
    return rows.map { row in
      row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
        + row.counts.padding(toLength: countsWidth, withPad: " ", startingAt: 0) + "  " + row.place
    }
  }
}
