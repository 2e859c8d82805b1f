public import Foundation

/// An account's link to one remote address book: where it is, who signs in, how the password is
/// had, and how the last sync ended. The password itself is never here: only sealed, or the
/// command that prints it.
public struct SyncLink: Hashable, Sendable {
  /// How the server password is had when a sync runs.
  public enum PasswordSource: Hashable, Sendable {
    /// Sealed under the account password: the app opens it at sign-in, the command line asks.
    case sealed(SealedPassword)
    /// A command that prints it (`pass show dav`, `secret-tool lookup …`): nothing is stored.
    case command(String)
  }

  public var account: Int64
  /// The address book collection, absolute, with its trailing slash.
  public var addressBook: URL
  public var username: String
  public var password: PasswordSource
  /// The vCard version cards are uploaded in: one the book's `supported-address-data` lists
  /// (RFC 6352 says 3.0 when it lists none).
  public var cardVersion: String
  /// The RFC 6578 token of the last complete listing, nil before the first or without support.
  public var syncToken: String?
  public var lastSyncAt: Date?
  /// How the last sync failed, in words; nil when it succeeded.
  public var lastError: String?

  public init(
    account: Int64, addressBook: URL, username: String, password: PasswordSource, cardVersion: String,
    syncToken: String? = nil, lastSyncAt: Date? = nil, lastError: String? = nil
  ) {
    self.account = account
    self.addressBook = addressBook
    self.username = username
    self.password = password
    self.cardVersion = cardVersion
    self.syncToken = syncToken
    self.lastSyncAt = lastSyncAt
    self.lastError = lastError
  }
}
