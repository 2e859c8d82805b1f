import ArgumentParser
import ContactsModel
import ContactsServices
import Foundation

/// `contacts query TEXT`: addresses for mail clients (mutt and neomutt's `query_command`, aerc's
/// `address-book-cmd`).
struct QueryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "query",
    abstract: "Find email addresses for a mail client: one line per address, EMAIL<TAB>NAME<TAB>OTHER.",
    discussion: """
      Finds contacts by name, nickname, any email or organisation, as the app's search does. \
      --format mutt (the default) prints a message line first and exits 1 when nothing matches, \
      as mutt and neomutt expect; --format aerc prints no header and at most 100 lines.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case mutt, aerc
  }

  @OptionGroup var options: AccountOptions

  @Option(name: .long, help: "mutt (the default) or aerc.")
  var format: Format = .mutt

  @Argument(help: "What to look for.")
  var text: [String]

  /// Contacts looked at: aerc shows 100 lines at most, and no one picks from more in mutt.
  static let contactLimit = 100

  func run() async throws {
    let (database, account) = try await options.open()
    let query = text.joined(separator: " ")
    let result = try await ContactStore(database: database).search(
      account: account.id, query: query, limit: Self.contactLimit)
    let lines = Self.lines(for: result.contacts, limit: format == .aerc ? 100 : .max)
    switch format {
    case .mutt:
      guard !lines.isEmpty else {
        print("No contacts with an email address match '\(Self.field(query))'.")
        throw ExitCode(1)
      }
      print("\(lines.count) \(lines.count == 1 ? "address" : "addresses") for '\(Self.field(query))' in contacts")
    case .aerc:
      break
    }
    if !lines.isEmpty { print(lines.joined(separator: "\n")) }
  }

  /// One line per email of each contact, the preferred first: `email<TAB>name<TAB>other`,
  /// where other is the email's type and the organisation.
  static func lines(for contacts: [Contact], limit: Int) -> [String] {
    var lines: [String] = []
    for contact in contacts {
      let emails = contact.emails.filter(\.isPreferred) + contact.emails.filter { !$0.isPreferred }
      for email in emails where !email.value.isEmpty {
        let other = [email.typeLabel, contact.organization].filter { !$0.isEmpty }.joined(separator: ", ")
        lines.append([email.value, contact.name, other].map(field).joined(separator: "\t"))
        if lines.count == limit { return lines }
      }
    }
    return lines
  }

  /// The text with no tab or line break in it (each becomes a space) and no control characters.
  static func field(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.compactMap { scalar in
          if scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
            return " "
          }
          return scalar.properties.generalCategory == .control ? nil : scalar
        }))
  }
}
