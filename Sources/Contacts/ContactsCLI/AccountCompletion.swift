import ContactsConfig
import Foundation
import GRDBSQLite
import TerminalUI

/// The account emails a shell offers after `--account` when Tab is pressed.
///
/// The shell runs `contacts ---completion … --account` on every Tab, so this must be quick and
/// quiet: it reads the accounts of the database the command line (or the config file) names,
/// read-only, and never creates, upgrades or writes anything. Whatever goes wrong (no database
/// yet, a locked or damaged file, an unreadable config) offers nothing rather than printing.
enum AccountCompletion {
  /// The emails of the accounts starting with `prefix` (the word's text before the cursor;
  /// case aside), for the command line `words` as the shell split it (quotes and all).
  @Sendable static func emails(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
    guard let path = databasePath(in: words.map(unquoted)) else { return [] }
    let typed = unquoted(prefix).lowercased()
    return accounts(in: path).filter { $0.lowercased().hasPrefix(typed) }
  }

  /// The database `--db` names, else the config file's (`--config`, else the usual one), else
  /// the default one; nil when there is no home to find it in.
  static func databasePath(in words: [String]) -> String? {
    if let db = value(of: "--db", in: words) { return expandingTilde(db) }
    let config = value(of: "--config", in: words).map(expandingTilde)
    if let settings = try? ConfigFile.load(explicit: config), let database = settings.database { return database }
    return AppDirectories.data(for: "contacts", creating: false).map { $0 + "/contacts.sqlite" }
  }

  /// The accounts' emails in the database at `path`, read-only; none when it cannot be read.
  ///
  /// Without a `-wal` file nobody has the database open and everything is in the file itself:
  /// it is read as immutable, so not even SQLite's `-wal` and `-shm` files are made. With one,
  /// a read-only connection reads what the open connections committed.
  static func accounts(in path: String) -> [String] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let isOpenElsewhere = FileManager.default.fileExists(atPath: path + "-wal")
    var connection: OpaquePointer?
    defer { sqlite3_close_v2(connection) }
    let uri = "file:" + escapedForURI(path) + (isOpenElsewhere ? "?mode=ro" : "?immutable=1")
    guard sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK else {
      return []
    }
    sqlite3_busy_timeout(connection, 500)
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    let query = "SELECT email FROM account ORDER BY email COLLATE NOCASE"
    guard sqlite3_prepare_v2(connection, query, -1, &statement, nil) == SQLITE_OK else { return [] }
    var emails: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      if let text = sqlite3_column_text(statement, 0) { emails.append(String(cString: text)) }
    }
    return emails
  }

  /// `path` as the path of a `file:` URI: `%`, `?` and `#` escaped.
  private static func escapedForURI(_ path: String) -> String {
    path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
      .replacingOccurrences(of: "#", with: "%23")
  }

  /// The value given to `option` (`--db PATH` or `--db=PATH`; the last one wins, as in parsing).
  static func value(of option: String, in words: [String]) -> String? {
    var found: String?
    for (index, word) in words.enumerated() {
      if word == option, index + 1 < words.count {
        found = words[index + 1]
      } else if word.hasPrefix(option + "=") {
        found = String(word.dropFirst(option.count + 1))
      }
    }
    return found
  }

  /// A word as the shell would pass it: without the quotes around it (a word being typed may
  /// have only the opening one).
  static func unquoted(_ word: String) -> String {
    guard let quote = word.first, quote == "'" || quote == "\"" else { return word }
    let inside = word.dropFirst()
    return String(inside.last == quote ? inside.dropLast() : inside)
  }

  /// `~/x` as the home directory's `x` (the shell expands it only once the word is run).
  static func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] else {
      return path
    }
    return home + path.dropFirst()
  }
}
