import ContactsServices
import Foundation

extension ContactsDatabase {
  /// Opens the database at `path` for a command, saying on standard error when a database from
  /// an older version has to be upgraded first, and how long that may take.
  static func openForCommand(at path: String) throws(OpenError) -> ContactsDatabase {
    try open(at: path) { contacts in
      let minutes = Double(contacts) / upgradedPerMinute
      let estimate = minutes < 1 ? "under a minute" : "about \(Int(minutes.rounded(.up))) minutes"
      let message = """
        Upgrading the search index of \(path) (\(contacts.formatted()) contacts): once, \(estimate)…

        """
      FileHandle.standardError.write(Data(message.utf8))
    }
  }

  /// Contacts upgraded per minute (measured: see Benchmarks/README.md, "Upgrading older databases").
  private static let upgradedPerMinute = 2_000_000.0
}
