/// Someone signed in: what the rest of the app knows of an account.
public struct SignedInUser: Hashable, Sendable, Codable {
  public let id: Int64
  public let email: String

  public init(id: Int64, email: String) {
    self.id = id
    self.email = email
  }
}

/// Why signing in or signing up failed, in words fit for the screen.
public enum AccountError: Error, Equatable, Sendable, CustomStringConvertible, Codable {
  /// Never says whether the email or the password was wrong.
  case invalidCredentials
  case tooManyAttempts(retryAfterSeconds: Int)
  case emailTaken
  case invalidEmail
  case passwordTooShort(minimum: Int)
  /// The accounts could not be reached (a database error): says what went wrong.
  case unavailable(String)
  /// The disk refused a write (full, failing, read-only): says so, and what to do.
  case storage(String)

  public var description: String {
    switch self {
    case .invalidCredentials: "Incorrect email or password"
    case .tooManyAttempts(let seconds): "Too many failed attempts. Try again in \(seconds) s."
    case .emailTaken: "An account with this email already exists"
    case .invalidEmail: "Enter a valid email address"
    case .passwordTooShort(let minimum): "Use at least \(minimum) characters"
    case .unavailable(let reason): "Could not reach the accounts: \(reason)"
    case .storage(let reason): reason.prefix(1).uppercased() + reason.dropFirst()
    }
  }
}

/// The one definition of a plausible email address, shared by forms and accounts.
public enum EmailAddress {
  /// One `@`, something before it, a dotted domain after it, no spaces.
  public static func isValid(_ email: String) -> Bool {
    // Forms check as they draw, at every key: plain ASCII (nearly every address) is checked
    // in one pass over its bytes, with the same rules.
    isValidASCII(email) ?? isValidByCharacters(email)
  }

  /// The rules over the bytes of an ASCII address; nil when `email` is not all ASCII.
  static func isValidASCII(_ email: String) -> Bool? {
    var email = email
    return email.withUTF8 { bytes -> Bool? in
      let at = UInt8(ascii: "@")
      let dot = UInt8(ascii: ".")
      var sign: Int?
      var valid = true
      var domainHasDot = false
      for (index, byte) in bytes.enumerated() {
        if byte >= 0x80 { return nil }
        if byte == 0x20 || (0x09...0x0D).contains(byte) {
          valid = false
        } else if byte == at {
          if sign != nil || index == 0 { valid = false }
          sign = index
        } else if byte == dot, let sign {
          // A dot right after the sign or at the end makes the domain start or end with one.
          if index == sign + 1 || index == bytes.count - 1 { valid = false }
          domainHasDot = true
        }
      }
      return valid && sign != nil && domainHasDot
    }
  }

  static func isValidByCharacters(_ email: String) -> Bool {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
      !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
    else { return false }
    return true
  }
}
