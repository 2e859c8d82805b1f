import Foundation
import GRDB
import Subprocess
import TerminalTesting
import TerminalUI
import Testing

/// The suites that run `contacts` in a pane: one after another, since each app signs in (PBKDF2
/// on one core while its decoy hash runs on another) and the machine has two, and over one
/// database seeded for all of them.
@Suite(.serialized, .seededDatabase)
@MainActor
enum ContactsInAPane {}

/// The real `contacts` binary in a tmux pane (``TmuxPane``) over a database of its own: a copy
/// of the suite's ``SeededDatabase``. What the pty and durability tests share.
@MainActor
final class ContactsPane {
  static let email = "demo@example.com"
  static let password = "demo-password"

  let pane: TmuxPane
  /// The database file, inside the pane's temporary directory.
  let databasePath: String

  /// A pane of `size` and a copy of the suite's seeded database.
  init(size: Size = Size(width: 80, height: 24)) throws {
    guard let template = SeededDatabase.template else {
      throw TmuxPane.Failure("no seeded database: nest the suite in ContactsInAPane")
    }
    pane = try TmuxPane(size: size)
    let directory = pane.directory.appendingPathComponent("db")
    databasePath = directory.appendingPathComponent("contacts.sqlite").path
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: template + suffix) {
        try FileManager.default.copyItem(atPath: template + suffix, toPath: databasePath + suffix)
      }
    } catch {
      pane.close()
      throw error
    }
  }

  /// Where the app keeps its log and its session log: inside the pane's directory, never the
  /// user's own state directory.
  var stateDirectory: String { pane.path("state") }

  /// Where the app looks for its config file: the pane's own, never the user's.
  var configDirectory: String { pane.path("config") }

  /// The session log the app writes while it runs (removed when it exits normally).
  var sessionLog: String { stateDirectory + "/contacts/last-session.jsonl" }

  /// Starts the app on the sign-in form, with `environment` added to the pane's; returns its pid.
  @discardableResult
  func start(environment: [String: String] = [:]) async throws -> pid_t {
    try await pane.start(
      [try TmuxPane.executable(named: "contacts"), "--db", databasePath],
      environment: ["XDG_STATE_HOME": stateDirectory, "XDG_CONFIG_HOME": configDirectory].merging(environment) { $1 })
  }

  /// Signs in as the demo account and waits until the list is on screen.
  func signIn() async throws {
    try await pane.type(Self.email)
    try await pane.press("Tab")
    try await pane.type(Self.password)
    try await pane.press("Enter")
    try await pane.waitUntilIdle()
  }

  func close() { pane.close() }

  /// `contacts seed --db path --count count`, which creates the demo account.
  nonisolated static func seed(_ path: String, count: Int) async throws {
    let seeded = try await run(["seed", "--db", path, "--count", "\(count)"])
    guard seeded.status == 0 else { throw TmuxPane.Failure("contacts seed failed: \(seeded.output)") }
  }

  /// Runs `contacts` with `arguments` outside the pane (no terminal); its status and its
  /// stdout and stderr together.
  nonisolated static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    let result = try await Subprocess.run(
      .path(.init(try TmuxPane.executable(named: "contacts"))), arguments: Arguments(arguments), input: .none,
      output: .string(limit: .max), error: .combinedWithOutput)
    guard case .exited(let status) = result.terminationStatus else {
      return (-1, "contacts ended by \(result.terminationStatus): \(result.standardOutput)")
    }
    return (status, result.standardOutput)
  }

  // MARK: The database, read directly

  /// The database as the test reads it: GRDB straight on the file, not the app's services.
  func openDatabase() throws -> DatabaseQueue {
    try DatabaseQueue(path: databasePath)
  }

  /// The demo account's contact names in list order.
  func names() throws -> [String] {
    try column("name")
  }

  /// One field of the account's contacts, in list order.
  func column(_ name: String) throws -> [String] {
    try openDatabase().read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT contact.\(name) FROM contact JOIN account ON account.id = contact.accountId
          WHERE account.email = ? ORDER BY contact.sortKey, contact.id
          """, arguments: [Self.email])
    }
  }
}

/// `contacts seed` run once for a whole suite, into a temporary directory removed after it: seeding
/// hashes the demo password (PBKDF2, 600,000 rounds; about 2 s in a debug build), so each test
/// copies the seeded file instead (``ContactsPane``).
struct SeededDatabase: SuiteTrait, TestScoping {
  static let contactCount = 300
  /// The seeded file, while the suite runs.
  @TaskLocal static var template: String?

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "contacts-seeded-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("contacts.sqlite").path
    try await ContactsPane.seed(path, count: Self.contactCount)
    try await Self.$template.withValue(path) { try await function() }
  }
}

extension Trait where Self == SeededDatabase {
  /// The demo account with ``SeededDatabase/contactCount`` contacts, seeded once for the suite.
  static var seededDatabase: Self { SeededDatabase() }
}

/// What the list screen shows, read back from the pane's text.
struct ListScreen {
  /// "Contacts (300)" or "Contacts" (still loading).
  var title: String
  /// "4 of 300".
  var position: String
  /// The table's rows, as drawn (each row's text, trailing spaces trimmed).
  var rows: [String]

  /// Parses an 80×24 stacked list: title bar, header, column titles, rows, help bar.
  init?(_ lines: [String]) {
    guard lines.count > 4, lines[2].hasPrefix("Name") else { return nil }
    let header = lines[1].split(separator: " ", omittingEmptySubsequences: true)
    guard let of = header.lastIndex(of: "of"), of > 0, of + 1 < header.count else { return nil }
    position = header[(of - 1)...(of + 1)].joined(separator: " ")
    title = header[..<(of - 1)].joined(separator: " ")
    rows = Array(lines[3..<(lines.count - 1)]).filter { !$0.isEmpty }
  }
}
