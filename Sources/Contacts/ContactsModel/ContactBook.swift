/// One address book of an account that syncs with a server, as the list and the detail name it:
/// a contact belongs to one (``Contact/book``), and the list can show one book alone.
public struct ContactBook: Hashable, Sendable, Codable {
  /// Its number within the account (what ``Contact/book`` holds).
  public var number: Int
  /// Its name as people read it: the server's name for it, else the last part of its URL.
  public var name: String
  /// Whether the server no longer has it (its contacts are kept here, no longer synced).
  public var isGone: Bool

  public init(number: Int, name: String, isGone: Bool = false) {
    self.number = number
    self.name = name
    self.isGone = isGone
  }
}
