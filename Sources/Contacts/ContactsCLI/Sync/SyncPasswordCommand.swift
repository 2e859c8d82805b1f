import ArgumentParser
import CardDAV
import ContactsServices
import Foundation

/// `contacts sync password`: the server password changed; tell the link, and keep everything it
/// remembers (a new `sync setup` would start over and mark every contact to send).
struct SyncPasswordCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "password",
    abstract: "Give the link a new server password (after it changed on the server).",
    discussion: """
      Asks for the new password, checks it with the server, and stores it sealed under the \
      account's password; with --password-command, the command is run at each sync instead. \
      The link keeps its token and everything it knows of the server's cards.
      """)

  @OptionGroup var options: AccountOptions

  @Option(help: ArgumentHelp("A command that prints the server password, run at each sync.", valueName: "COMMAND"))
  var passwordCommand: String?

  func run() async throws {
    let (database, account) = try await options.open()
    let store = SyncStore(database: database)
    let link = try await ServerPassword.link(of: account, in: store)
    guard let book = link.defaultBook?.url else { throw CommandFailure("\(account.email) links no address book.") }
    let host = book.host ?? book.absoluteString
    let password =
      if let passwordCommand { try await ServerPassword.run(passwordCommand) } else {
        try ServerPassword.ask("New password of \(link.username) at \(host): ")
      }
    do {
      _ = try await CardDAVClient.withClient(
        credentials: DAVCredentials(username: link.username, password: password), server: link.server
      ) { client in try await client.addressBook(at: book) }
    } catch let error as CardDAVError {
      throw CommandFailure("\(error) Nothing was changed.")
    }
    let source = try await ServerPassword.source(
      of: password, command: passwordCommand, email: account.email, database: database)
    try await store.replacePassword(account: account.id, with: source)
    print("The server accepted the new password of \(link.username); \(account.email) syncs with it from now on.")
  }
}
