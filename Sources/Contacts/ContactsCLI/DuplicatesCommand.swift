import ArgumentParser
import ContactsModel
import ContactsServices

/// `contacts duplicates`: groups of contacts that are likely one person, each with why, for a
/// book filled from two places (a Google export and an old phone's vCards).
struct DuplicatesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "duplicates",
    abstract: "List groups of contacts that are likely the same person, and why.",
    discussion: """
      Two contacts are grouped when they share an e-mail (case aside; for Gmail also dots, +tags \
      and googlemail.com), a phone (compared in E.164 by libphonenumber, so national and \
      international forms agree: a number without a country code is read as from the config \
      file's [phones] region, else the locale's country, e.g. DE for de_DE.UTF-8; faxes aside), \
      or a name (case, accents, umlauts and "Last, First" order aside) \
      together with one more field: the organisation, the birthday, a nickname, a street address \
      or a web page. A name alone is never enough: people share names. Contacts marked "not \
      duplicates" on the app's Duplicates screen are never grouped again. Nothing is changed.
      """)

  @OptionGroup var options: AccountOptions

  func run() async throws {
    let (database, account) = try await options.open()
    let store = ContactStore(database: database, phoneRegion: try options.phoneRegion())
    let groups = try store.duplicateGroups(account: account.id)
    guard !groups.isEmpty else {
      print("No likely duplicates in \(account.email).")
      return
    }
    // A second pass for the lines to show: only the grouped contacts are held.
    let grouped = Set(groups.flatMap(\.ids))
    var lines: [Int64: String] = [:]
    try store.forEachContact(account: account.id) { contact in
      if grouped.contains(contact.id) { lines[contact.id] = Self.line(contact) }
    }
    for (number, group) in groups.enumerated() {
      print("\(number + 1). \(group.reason)")
      for id in group.ids { print("   \(lines[id] ?? "(deleted meanwhile)")") }
    }
    let count = grouped.count
    print(
      "\(groups.count) \(groups.count == 1 ? "group" : "groups") of likely duplicates (\(count) contacts) "
        + "in \(account.email).")
  }

  /// The contact as one line: name, primary e-mail and phone, organisation.
  static func line(_ contact: Contact) -> String {
    [contact.name, contact.email, contact.phone, contact.organization].filter { !$0.isEmpty }.joined(
      separator: " · ")
  }
}
