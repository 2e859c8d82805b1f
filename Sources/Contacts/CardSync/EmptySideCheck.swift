/// The guard against the loss vdirsyncer's users suffered (vdirsyncer#42): when one side is
/// suddenly empty although the last sync left cards on both, the likely cause is a wiped server,
/// a wrong URL or a new database, not a wish to delete everything everywhere. The sync refuses
/// unless forced.
public enum EmptySide: Hashable, Sendable, CustomStringConvertible {
  /// The server lost every card the last sync left there.
  case server(lost: Int)
  /// This side deleted every contact the last sync left here.
  case local(lost: Int)

  /// `known`: cards the last sync left on the server; `stillOnServer`: how many of those the
  /// server still lists; `localContacts`: contacts here now.
  public static func check(known: Int, stillOnServer: Int, localContacts: Int) -> EmptySide? {
    guard known > 0 else { return nil }
    if stillOnServer == 0 { return .server(lost: known) }
    if localContacts == 0 { return .local(lost: known) }
    return nil
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  public var description: String {
    switch self {
    case .server(let lost):
      "the server's address book is empty, but the last sync left \(Self.count(lost, "card")) there. Nothing was changed. "
        + "If the server was emptied on purpose, run the sync with --force to delete them here too; "
        + "if not, check the address book's URL."
    case .local(let lost):
      "this address book is empty, but the last sync left \(Self.count(lost, "contact")) in it. Nothing was changed. "
        + "If that was on purpose, run the sync with --force to delete them on the server too."
    }
  }
}
