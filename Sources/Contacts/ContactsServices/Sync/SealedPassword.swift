import Crypto
import CryptoExtras
public import Foundation

/// A server password sealed with AES-GCM under a key derived from the account's own password
/// (PBKDF2-HMAC-SHA256 with its own salt), so that whoever reads the database file learns
/// nothing of it, and the app, which knows the account password at sign-in, can still sync.
///
/// Its description never shows the sealed bytes: they are no secret without the key, but
/// they have no business in a log either.
public struct SealedPassword: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The AES-GCM sealed box: nonce, ciphertext and tag.
  public var box: Data
  public var salt: Data
  public var rounds: Int

  public init(box: Data, salt: Data, rounds: Int) {
    self.box = box
    self.salt = salt
    self.rounds = rounds
  }

  /// Why a sealed password could not be opened.
  public enum OpenError: Error, Equatable, CustomStringConvertible {
    /// The key did not open the box: the account password is not the one it was sealed with.
    case wrongAccountPassword

    public var description: String {
      "the account password does not open the stored server password (was the account password changed?)."
    }
  }

  /// Seals `password` under `accountPassword`. `rounds` is PBKDF2's cost: the account
  /// hasher's by default; tests pass a cheap one.
  public static func seal(
    _ password: String, accountPassword: String, rounds: Int = PasswordHasher.owaspRounds
  ) throws -> SealedPassword {
    var generator = SystemRandomNumberGenerator()
    let salt = Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    let key = try key(from: accountPassword, salt: salt, rounds: rounds)
    let box = try AES.GCM.seal(Data(password.utf8), using: key)
    guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
    return SealedPassword(box: combined, salt: salt, rounds: rounds)
  }

  /// The server password, given the account password it was sealed under.
  public func open(accountPassword: String) throws -> String {
    let key = try Self.key(from: accountPassword, salt: salt, rounds: rounds)
    do {
      let opened = try AES.GCM.open(AES.GCM.SealedBox(combined: box), using: key)
      guard let password = String(bytes: opened, encoding: .utf8) else { throw OpenError.wrongAccountPassword }
      return password
    } catch is OpenError {
      throw OpenError.wrongAccountPassword
    } catch {
      throw OpenError.wrongAccountPassword
    }
  }

  private static func key(from password: String, salt: Data, rounds: Int) throws -> SymmetricKey {
    try KDF.Insecure.PBKDF2.deriveKey(
      from: Array(password.utf8), salt: Array(salt), using: .sha256, outputByteCount: 32,
      unsafeUncheckedRounds: rounds)
  }

  public var description: String { "SealedPassword(<sealed>)" }
  public var debugDescription: String { description }
}
