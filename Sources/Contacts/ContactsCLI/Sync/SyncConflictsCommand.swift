import ArgumentParser
import ContactsModel
import ContactsServices
import Foundation
import VCardFormat

/// `contacts sync conflicts`: each contact changed differently on both sides, with the lines
/// that differ.
struct SyncConflictsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "conflicts", abstract: "List contacts changed differently here and on the server.")

  @OptionGroup var options: AccountOptions

  func run() async throws {
    let (database, account) = try await options.open()
    let conflicts = try await SyncStore(database: database).conflicts(account: account.id)
    guard !conflicts.isEmpty else {
      print("No conflicts.")
      return
    }
    for conflict in conflicts {
      print("\(conflict.mine.name)  (UID \(conflict.uid))")
      let mine = Self.lines(of: conflict.mine)
      let theirs = Self.lines(of: conflict.theirs)
      for line in mine where !theirs.contains(line) { print("  here:   \(line)") }
      for line in theirs where !mine.contains(line) { print("  server: \(line)") }
    }
    print("Settle each with `contacts sync resolve UID --keep here|server|both`.")
  }

  /// The card's lines that say something (no BEGIN, END, VERSION, REV, PRODID or UID).
  static func lines(of contact: Contact) -> [String] {
    VCardWriter(version: .v40).string(contact.vCard).components(separatedBy: "\r\n").filter { line in
      !line.isEmpty && !["BEGIN:", "END:", "VERSION:", "REV:", "PRODID:", "UID:"].contains { line.hasPrefix($0) }
    }
  }
}

/// `contacts sync resolve UID --keep here|server|both`.
struct SyncResolveCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve", abstract: "Settle a conflict: keep this side's version, the server's, or both.")

  @OptionGroup var options: AccountOptions

  @Argument(help: "The contact's UID (as `contacts sync conflicts` shows it).")
  var uid: String

  @Option(help: "here: this side's version is sent; server: the server's is taken; both: yours becomes a new contact.")
  var keep: Choice

  enum Choice: String, ExpressibleByArgument, CaseIterable {
    case here, server, both
  }

  func run() async throws {
    let (database, account) = try await options.open()
    let choice: ConflictChoice =
      switch keep {
      case .here: .mine
      case .server: .theirs
      case .both: .both
      }
    do {
      try await SyncStore(database: database).resolve(uid: uid, keeping: choice, account: account.id)
    } catch ContactStore.StoreError.notFound {
      throw CommandFailure("no conflict for UID \(uid) (see `contacts sync conflicts`).")
    }
    print("Settled. Run `contacts sync` to send it.")
  }
}
