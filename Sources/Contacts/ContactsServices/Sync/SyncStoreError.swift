/// A sync setting that cannot be changed as asked, or a database the sync cannot go on
/// writing into, in words.
public enum SyncStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The account has no link to change: set sync up first.
  case notLinked
  /// Asked for the list positions around `asked` names, the database answered `answered` rows:
  /// it cannot be trusted to place new contacts, so the batch is not written (its transaction
  /// rolls back, nothing is lost).
  case listPositionsUnreadable(asked: Int, answered: Int)
  /// SQLite would not turn a connection's triggers off for a batch of new contacts, which were
  /// then not written (their transaction rolls back, nothing is lost).
  case triggersStayedOn
  /// Only a book the server no longer has is unlinked on its own: another's contacts are there.
  case bookNotGone

  public var description: String {
    switch self {
    case .notLinked: "this account is not linked to a server; set sync up first (`contacts sync setup`)."
    case .listPositionsUnreadable(let asked, let answered):
      "the database gave \(answered) list positions for \(asked) names, so the cards received were not written "
        + "(nothing was lost); check the database file (`sqlite3 FILE 'PRAGMA integrity_check'`)."
    case .triggersStayedOn:
      "SQLite would not write the cards received together, so they were not written (nothing was lost); "
        + "this version of SQLite may be too old (3.12 or later is needed)."
    case .bookNotGone:
      "the server still has this book; only a book gone from the server is unlinked on its own (`contacts sync "
        + "forget` unlinks them all)."
    }
  }
}
