/// What one sync did, for the summary line and the exit status.
public struct SyncSummary: Hashable, Sendable {
  /// Cards sent to the server (new or changed).
  public var sent = 0
  /// Contacts added or changed here from the server.
  public var received = 0
  /// Contacts deleted here because the server deleted them.
  public var deletedHere = 0
  /// Cards deleted on the server because they were deleted here.
  public var deletedThere = 0
  /// Contacts changed on both sides and merged.
  public var merged = 0
  /// Contacts changed on both sides in the same property: waiting for the user.
  public var conflicts = 0
  /// Cards on the server that cannot be taken here (unreadable, or a UID it holds twice): left
  /// alone, and counted by every sync, found then or earlier, until they are gone or fixed.
  public var unreadable = 0
  /// Cards the server refused, with why (`UID: reason`): kept here, sent again next time.
  public var refused: [String] = []
  /// Contacts the server refused in an earlier sync, not sent again until they change.
  public var refusedEarlier = 0
  /// Cards this sync sent that the server holds with a value dropped or changed, with what
  /// (`Name: the server dropped PHOTO of the card sent …`): kept here as they were sent.
  public var changedByServer: [String] = []
  /// The linked books the server no longer has (their titles), found now or earlier: not
  /// synced, their contacts kept here. Said by every sync until the user links again.
  public var goneBooks: [String] = []
  /// Whether the book new contacts go to is among `goneBooks` (they wait here unsent).
  public var defaultBookGone = false
  /// Contacts whose move to another book finished: the new copy stored there, the old one
  /// deleted from the book they left.
  public var moved = 0
  /// Contacts whose old copy changed on the server while they moved (`Name: …`), with which
  /// version was kept.
  public var changedWhileMoving: [String] = []
  /// HTTP requests sent.
  public var requests = 0
  /// The book this summary is of, when it is one book's of several.
  public var book: String?
  /// Each book's summary, when the account has several books (empty with one).
  public var books: [SyncSummary] = []

  public init() {}

  /// Adds what a book's sync did (its conflicts and earlier refusals are the account's, counted
  /// once at the end).
  public mutating func add(_ other: SyncSummary) {
    sent += other.sent
    received += other.received
    deletedHere += other.deletedHere
    deletedThere += other.deletedThere
    merged += other.merged
    unreadable += other.unreadable
    refused += other.refused
    changedByServer += other.changedByServer
  }

  /// Whether the user has something to do: conflicts to settle, cards that could not be read
  /// or sent, or that the server did not keep as sent, books the server no longer has.
  public var needsAttention: Bool {
    conflicts > 0 || unreadable > 0 || !refused.isEmpty || refusedEarlier > 0 || !changedByServer.isEmpty
      || !goneBooks.isEmpty
  }

  /// One book's line: what moved ("3 sent, 12 received, 1 deleted here, 0 deleted there, 1
  /// merged"), and its cards that could not be read or sent; conflicts are the account's.
  public var bookLine: String {
    var parts = [
      "\(sent) sent", "\(received) received", "\(deletedHere) deleted here", "\(deletedThere) deleted there",
      "\(merged) merged",
    ]
    if unreadable > 0 { parts.append("\(unreadable) unreadable on the server") }
    if !refused.isEmpty { parts.append("\(refused.count) refused by the server") }
    return parts.joined(separator: ", ")
  }

  /// One line: "3 sent, 12 received, 1 deleted here, 0 deleted there, 1 merged, 0 conflicts".
  public var line: String {
    var parts = [
      "\(sent) sent", "\(received) received", "\(deletedHere) deleted here", "\(deletedThere) deleted there",
      "\(merged) merged", "\(conflicts) \(conflicts == 1 ? "conflict" : "conflicts")",
    ]
    if unreadable > 0 { parts.append("\(unreadable) unreadable on the server") }
    if !refused.isEmpty { parts.append("\(refused.count) refused by the server") }
    if refusedEarlier > 0 { parts.append("\(refusedEarlier) refused earlier and unchanged") }
    if !changedByServer.isEmpty { parts.append("\(changedByServer.count) changed by the server") }
    if !goneBooks.isEmpty {
      parts.append("\(goneBooks.count) address \(goneBooks.count == 1 ? "book" : "books") gone from the server")
    }
    return parts.joined(separator: ", ")
  }
}
