import ContactsModel
import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import ContactsServices

/// A clock the test moves by hand.
final class ManualClock: Sendable {
  private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
  var now: Date { current.withLock { $0 } }
  func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

struct PasswordHasherTests {
  @Test func matchesThePublishedPBKDF2SHA256Vector() {
    // PBKDF2-HMAC-SHA256("password", "salt", 1 iteration, 32 bytes), from RFC 7914's companion vectors.
    let expected = Data([
      0x12, 0x0f, 0xb6, 0xcf, 0xfc, 0xf8, 0xb3, 0x2c, 0x43, 0xe7, 0x22, 0x52, 0x56, 0xc4, 0xf8, 0x37,
      0xa8, 0x65, 0x48, 0xc9, 0x2c, 0xcc, 0x35, 0x48, 0x08, 0x05, 0x98, 0x7c, 0xb7, 0x0b, 0xe1, 0x7b,
    ])
    let stored = "pbkdf2-sha256$1$\(Data("salt".utf8).base64EncodedString())$\(expected.base64EncodedString())"
    #expect(PasswordHasher().verify("password", against: stored))
    #expect(!PasswordHasher().verify("passwore", against: stored))
  }

  @Test func hashesAreSaltedAndVerify() throws {
    let hasher = PasswordHasher.fastForTesting
    let first = try hasher.hash("correct horse")
    let second = try hasher.hash("correct horse")
    #expect(first != second, "each hash has its own salt")
    #expect(hasher.verify("correct horse", against: first))
    #expect(!hasher.verify("correct horsE", against: first))
    #expect(!hasher.verify("correct horse", against: "garbage"))
    #expect(!hasher.verify("correct horse", against: "pbkdf2-sha256$0$AA==$AA=="))
  }

  @Test func theDefaultCostIsOWASPs() {
    #expect(PasswordHasher().rounds == 600_000)
  }
}

struct AccountTests {
  private func makeService(clock: ManualClock = ManualClock()) throws -> (
    AccountService, ContactsDatabase, TemporaryDirectory
  ) {
    let directory = try TemporaryDirectory()
    let database = try ContactsDatabase.open(at: directory.path("contacts.sqlite"))
    let service = AccountService(database: database, hasher: .fastForTesting, now: { clock.now })
    return (service, database, directory)
  }

  @Test func signUpThenSignIn() async throws {
    let (accounts, database, directory) = try makeService()
    defer { directory.remove() }
    let created = try await accounts.createAccount(email: "ada@example.com", password: "analytical")
    let signedIn = try await accounts.signIn(email: "ada@example.com", password: "analytical")
    #expect(signedIn == created)
    let stored = try await database.writer.read { try String.fetchOne($0, sql: "SELECT passwordHash FROM account") }
    #expect(stored?.hasPrefix("pbkdf2-sha256$") == true)
    #expect(stored?.contains("analytical") == false)
  }

  @Test func wrongPasswordAndUnknownEmailFailTheSameWay() async throws {
    let (accounts, _, directory) = try makeService()
    defer { directory.remove() }
    _ = try await accounts.createAccount(email: "ada@example.com", password: "analytical")
    await #expect(throws: AccountError.invalidCredentials) {
      try await accounts.signIn(email: "ada@example.com", password: "wrong-password")
    }
    await #expect(throws: AccountError.invalidCredentials) {
      try await accounts.signIn(email: "nobody@example.com", password: "analytical")
    }
    #expect(AccountError.invalidCredentials.description == "Incorrect email or password")
  }

  @Test func signUpValidates() async throws {
    let (accounts, _, directory) = try makeService()
    defer { directory.remove() }
    await #expect(throws: AccountError.invalidEmail) {
      try await accounts.createAccount(email: "ada", password: "analytical")
    }
    await #expect(throws: AccountError.passwordTooShort(minimum: 8)) {
      try await accounts.createAccount(email: "ada@example.com", password: "short")
    }
    _ = try await accounts.createAccount(email: "ada@example.com", password: "analytical")
    await #expect(throws: AccountError.emailTaken) {
      try await accounts.createAccount(email: "ADA@example.com", password: "analytical")
    }
  }

  @Test func repeatedFailuresBackOffWithAGrowingDelay() async throws {
    let clock = ManualClock()
    let (accounts, _, directory) = try makeService(clock: clock)
    defer { directory.remove() }
    _ = try await accounts.createAccount(email: "ada@example.com", password: "analytical")
    for _ in 1..<AccountService.freeAttempts {
      await #expect(throws: AccountError.invalidCredentials) {
        try await accounts.signIn(email: "ada@example.com", password: "wrong-password")
      }
    }
    await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 30)) {
      try await accounts.signIn(email: "ada@example.com", password: "wrong-password")
    }
    // Even the right password waits out the back-off.
    clock.advance(by: 10)
    await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 20)) {
      try await accounts.signIn(email: "ada@example.com", password: "analytical")
    }
    clock.advance(by: 20)
    await #expect(throws: AccountError.tooManyAttempts(retryAfterSeconds: 60)) {
      try await accounts.signIn(email: "ada@example.com", password: "still-wrong")
    }
    clock.advance(by: 60)
    #expect(try await accounts.signIn(email: "ada@example.com", password: "analytical").email == "ada@example.com")
    // Success resets the count.
    await #expect(throws: AccountError.invalidCredentials) {
      try await accounts.signIn(email: "ada@example.com", password: "wrong-password")
    }
  }

  @Test func backoffScheduleIsCapped() {
    #expect(AccountService.backoff(afterFailures: 4) == 0)
    #expect(AccountService.backoff(afterFailures: 5) == 30)
    #expect(AccountService.backoff(afterFailures: 7) == 120)
    #expect(AccountService.backoff(afterFailures: 40) == 3_600)
  }

  @Test func remembersTheLastEmail() async throws {
    let (accounts, _, directory) = try makeService()
    defer { directory.remove() }
    #expect(try await accounts.lastEmail() == nil)
    try await accounts.remember(email: "ada@example.com")
    try await accounts.remember(email: "grace@example.com")
    #expect(try await accounts.lastEmail() == "grace@example.com")
  }
}
