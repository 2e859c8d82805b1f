import Crypto
import CryptoExtras
import Foundation

/// Slow, salted password hashes (PBKDF2-HMAC-SHA256), stored with their parameters:
/// `pbkdf2-sha256$<rounds>$<salt>$<hash>` (base64). Verification reads the parameters from the
/// stored string, so the cost can be raised later without breaking existing accounts.
public struct PasswordHasher: Sendable {
  /// OWASP's recommendation for PBKDF2-HMAC-SHA256 (2023): 600,000 iterations.
  public static let owaspRounds = 600_000

  public let rounds: Int

  public init(rounds: Int = PasswordHasher.owaspRounds) {
    self.rounds = rounds
  }

  /// A cheap hasher for tests only: never use it for stored accounts.
  public static let fastForTesting = PasswordHasher(rounds: 1_000)

  public func hash(_ password: String) throws -> String {
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let key = try derive(password, salt: salt, rounds: rounds)
    return "pbkdf2-sha256$\(rounds)$\(Data(salt).base64EncodedString())$\(Data(key).base64EncodedString())"
  }

  /// Whether `password` matches `stored`, compared in constant time.
  public func verify(_ password: String, against stored: String) -> Bool {
    let parts = stored.split(separator: "$")
    guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds > 0,
      let salt = Data(base64Encoded: String(parts[2])), let expected = Data(base64Encoded: String(parts[3])),
      let actual = try? derive(password, salt: Array(salt), rounds: rounds)
    else { return false }
    return Self.constantTimeEqual(actual, Array(expected))
  }

  private func derive(_ password: String, salt: [UInt8], rounds: Int) throws -> [UInt8] {
    let key = try KDF.Insecure.PBKDF2.deriveKey(
      from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: rounds)
    return key.withUnsafeBytes { Array($0) }
  }

  static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for index in left.indices { difference |= left[index] ^ right[index] }
    return difference == 0
  }
}
