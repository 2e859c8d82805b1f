import ArgumentParser
import ContactsModel
import ContactsServices
import Foundation

/// `contacts seed --count N`: demo data.
struct SeedCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "seed",
    abstract: "Create the demo account (\(Seeder.demoEmail) / \(Seeder.demoPassword)) and add generated contacts.",
    discussion: "The contacts are deterministic and realistic, in several scripts. Running it again adds more."
  )

  @OptionGroup var database: DatabaseOptions

  @Option(name: .long, help: "How many contacts to add.")
  var count: Int

  func validate() throws {
    guard count >= 0 else { throw ValidationError("--count must be zero or more.") }
  }

  func run() async throws {
    let path = try database.path()
    let store = try ContactsDatabase.openForCommand(at: path)
    let accounts = AccountService(database: store)
    let seeder = Seeder(database: store, accounts: accounts)
    let account = try await seeder.demoAccount()
    let started = Date()
    let progress = ProgressLine(standardOutput: true)
    try await seeder.addContacts(count, to: account.id) { inserted in
      progress.show(
        inserted < count
          ? "\(inserted.formatted()) of \(count.formatted()) contacts…" : "All in; building the indexes…")
    }
    let total = try await ContactStore(database: store).count(account: account.id)
    let seconds = Date().timeIntervalSince(started)
    progress.clear()
    print(
      "Added \(count) contacts in \(String(format: "%.1f", seconds)) s; \(Seeder.demoEmail) has \(total) in \(path)."
    )
  }
}
