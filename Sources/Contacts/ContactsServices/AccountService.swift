public import ContactsModel
import Foundation
import GRDB

/// Accounts: sign-up, sign-in with a growing back-off after repeated failures, and the last
/// email used (to prefill the sign-in form).
///
/// Password hashing is deliberately slow and runs wherever the caller's task runs: call it from
/// an effect, never from the main actor.
public final class AccountService: Sendable {
  public static let minimumPasswordLength = 8
  /// Failures allowed before the back-off starts.
  public static let freeAttempts = 5

  private let database: ContactsDatabase
  private let hasher: PasswordHasher
  private let now: @Sendable () -> Date
  /// What an unknown email's password is checked against, so that it costs as much time as a
  /// wrong password: at the standard cost, a fixed hash of a random password nobody knows (no
  /// command pays 600,000 rounds at start-up to make one); at another cost (tests), hashed once
  /// in the background.
  private let decoyHash: Task<String, any Error>
  static let standardDecoy =
    "pbkdf2-sha256$600000$+TEQGNclH/YxxsDw1o1UQg==$" + "NW0VWkx1DOZCvXwaqHPBo0luB59u0on6sl+SWJ8ipJE="

  public init(
    database: ContactsDatabase, hasher: PasswordHasher = PasswordHasher(),
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.database = database
    self.hasher = hasher
    self.now = now
    self.decoyHash =
      hasher.rounds == PasswordHasher.owaspRounds
      ? Task { Self.standardDecoy } : Task.detached { try hasher.hash("decoy password that never matches") }
  }

  /// The database file, so that a refused write can be told apart: full disk or failing one.
  public var databasePath: String { database.path }

  /// The back-off after `failures` failed attempts: none for the first five, then 30 s,
  /// doubling with each further failure, at most one hour.
  public static func backoff(afterFailures failures: Int) -> TimeInterval {
    guard failures >= freeAttempts else { return 0 }
    return min(3_600, 30 * pow(2, Double(failures - freeAttempts)))
  }

  public func createAccount(email: String, password: String) async throws -> SignedInUser {
    let email = email.trimmingCharacters(in: .whitespaces)
    guard EmailAddress.isValid(email) else { throw AccountError.invalidEmail }
    guard password.count >= Self.minimumPasswordLength else {
      throw AccountError.passwordTooShort(minimum: Self.minimumPasswordLength)
    }
    let hash = try hasher.hash(password)
    let created = now().timeIntervalSince1970
    do {
      let id = try await database.writer.write { db -> Int64 in
        try db.execute(
          sql: "INSERT INTO account (email, passwordHash, createdAt) VALUES (?, ?, ?)",
          arguments: [email, hash, created])
        return db.lastInsertedRowID
      }
      return SignedInUser(id: id, email: email)
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
      throw AccountError.emailTaken
    }
  }

  public func signIn(email: String, password: String) async throws -> SignedInUser {
    let email = email.trimmingCharacters(in: .whitespaces)
    let record = try await database.writer.read { db in
      try Row.fetchOne(
        db, sql: "SELECT id, email, passwordHash, failedAttempts, lockedUntil FROM account WHERE email = ?",
        arguments: [email]
      ).map(StoredAccount.init(row:))
    }
    let moment = now().timeIntervalSince1970
    guard let record else {
      _ = hasher.verify(password, against: try await decoyHash.value)
      throw AccountError.invalidCredentials
    }
    let id = record.id
    if let lockedUntil = record.lockedUntil, lockedUntil > moment {
      throw AccountError.tooManyAttempts(retryAfterSeconds: Int((lockedUntil - moment).rounded(.up)))
    }
    if hasher.verify(password, against: record.passwordHash) {
      // Only an account with failures on record is written to: on a full disk the right
      // password still opens the address book, which needs no writing to be read.
      if record.failedAttempts > 0 || record.lockedUntil != nil {
        do {
          try await database.writer.write { db in
            try db.execute(
              sql: "UPDATE account SET failedAttempts = 0, lockedUntil = NULL WHERE id = ?", arguments: [id])
          }
        } catch {
          // On a full disk the count of failures stays as it was until a write succeeds:
          // stricter, not weaker.
          guard StorageError(error, databasePath: database.path) != nil else { throw error }
        }
      }
      return SignedInUser(id: id, email: record.email)
    }
    let failures = record.failedAttempts + 1
    let delay = Self.backoff(afterFailures: failures)
    try await database.writer.write { db in
      try db.execute(
        sql: "UPDATE account SET failedAttempts = ?, lockedUntil = ? WHERE id = ?",
        arguments: [failures, delay > 0 ? moment + delay : nil, id])
    }
    if delay > 0 { throw AccountError.tooManyAttempts(retryAfterSeconds: Int(delay)) }
    throw AccountError.invalidCredentials
  }

  /// Every account, by email: for the command line, which acts on one of them without a sign-in
  /// (the database file is the user's own; see the README's threat model).
  public func accounts() async throws -> [SignedInUser] {
    try await database.writer.read { db in
      try Row.fetchAll(db, sql: "SELECT id, email FROM account ORDER BY email").map {
        SignedInUser(id: $0["id"], email: $0["email"])
      }
    }
  }

  /// The email of the last successful sign-in on this machine.
  public func lastEmail() async throws -> String? {
    try await database.writer.read { db in
      try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'lastEmail'")
    }
  }

  public func remember(email: String) async throws {
    try await database.writer.write { db in
      try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES ('lastEmail', ?)", arguments: [email])
    }
  }
}

/// An account row as sign-in needs it.
private struct StoredAccount: Sendable {
  let id: Int64
  let email: String
  let passwordHash: String
  let failedAttempts: Int
  let lockedUntil: Double?

  init(row: Row) {
    id = row["id"]
    email = row["email"]
    passwordHash = row["passwordHash"]
    failedAttempts = row["failedAttempts"]
    lockedUntil = row["lockedUntil"]
  }
}
