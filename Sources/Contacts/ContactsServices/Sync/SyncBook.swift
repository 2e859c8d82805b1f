public import Foundation

/// One address book of an account's link: where it is, what it is called, and what its sync
/// remembers of it (its own RFC 6578 token; its items, listing and problems carry its number).
/// A contact belongs to one book; new contacts go to the account's default book.
public struct SyncBook: Hashable, Sendable {
  /// Which book of which account: what the store's per-book work is scoped by.
  public struct Key: Hashable, Sendable {
    public var account: Int64
    /// The book's number within its account (0 for the first).
    public var number: Int

    public init(account: Int64, number: Int) {
      self.account = account
      self.number = number
    }
  }

  public var key: Key
  /// The address book collection, absolute, with its trailing slash.
  public var url: URL
  /// The name the server gives it (`DAV:displayname`), if any.
  public var name: String?
  /// The vCard version cards are uploaded in: one the book's `supported-address-data` lists
  /// (RFC 6352 says 3.0 when it lists none).
  public var cardVersion: String
  /// The RFC 6578 token of the last complete listing, nil before the first or without support.
  public var syncToken: String?
  /// Whether new contacts of the account go to this book.
  public var isDefault: Bool
  /// Since when the server no longer has the book (nil while it has): it is not synced, and its
  /// contacts stay here until the user says what becomes of them.
  public var goneSince: Date?

  public init(
    key: Key, url: URL, name: String? = nil, cardVersion: String, syncToken: String? = nil, isDefault: Bool = false,
    goneSince: Date? = nil
  ) {
    self.key = key
    self.url = url
    self.name = name
    self.cardVersion = cardVersion
    self.syncToken = syncToken
    self.isDefault = isDefault
    self.goneSince = goneSince
  }

  /// The book as people name it: its name, else the last segment of its URL.
  public var title: String { Self.title(name: name, url: url) }

  /// A book's title from its name and URL (see ``title``).
  static func title(name: String?, url: URL) -> String {
    if let name, !name.isEmpty { return name }
    return url.lastPathComponent.isEmpty ? url.absoluteString : url.lastPathComponent
  }
}
