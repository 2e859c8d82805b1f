/// A sync setting that cannot be changed as asked, in words.
public enum SyncStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The account has no link to change: set sync up first.
  case notLinked

  public var description: String {
    switch self {
    case .notLinked: "this account is not linked to a server; set sync up first (`contacts sync setup`)."
    }
  }
}
