/// What to do when the server no longer has a card this side remembers it had.
public enum RemovalDecision: Hashable, Sendable {
  /// Delete it here too.
  case deleteLocal
  /// The contact changed here since: the edit wins over the delete, so it is sent again as new.
  case sendAgain
  /// Deleted on both sides: forget it.
  case forget

  public static func decide(local: LocalSide) -> RemovalDecision {
    switch local {
    case .unchanged: .deleteLocal
    case .changed: .sendAgain
    case .deleted, .absent: .forget
    }
  }
}
