/// How far a sync is, for a progress line or the app's header.
public enum SyncProgress: Hashable, Sendable {
  /// Reading the server's listing: members read so far.
  case listing(Int)
  /// Fetching the server's new and changed cards.
  case receiving(done: Int, of: Int)
  /// Sending changes made here.
  case sending(done: Int)
}
