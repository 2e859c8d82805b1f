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
    // byte by byte, with the same rules.
    if email.utf8.allSatisfy({ $0 < 0x80 }) { return isValidASCII(email.utf8) }
    return isValidByCharacters(email)
  }

  static func isValidASCII(_ email: String.UTF8View) -> Bool {
    let at = UInt8(ascii: "@")
    let dot = UInt8(ascii: ".")
    guard let sign = email.firstIndex(of: at), sign != email.startIndex else { return false }
    let domain = email[email.index(after: sign)...]
    return !domain.contains(at) && domain.contains(dot) && domain.first != dot && domain.last != dot
      && !email.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
  }

  static func isValidByCharacters(_ email: String) -> Bool {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
      !parts[1].hasSuffix("."), !email.contains(where: \.isWhitespace)
    else { return false }
    return true
  }
}
