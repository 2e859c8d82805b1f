/// Which of a batch of the server's cards are new to this side, so that they can be written
/// together (a first download is all of them) instead of each being decided on its own.
///
/// A card is new when this side holds no contact with its UID and the link remembers nothing
/// under its UID or at its href: there is nothing to compare it with, and `ArrivalDecision`
/// would take it as it is. Only the first card of a UID repeated within the batch is new; the
/// others meet it as a known contact and are decided one by one after it is written (the
/// server holding one UID at two hrefs is a problem that `ArrivalDecision`'s caller reports).
public enum NewArrivals {
  /// One arriving card as this side knows it.
  public struct Arrival: Hashable, Sendable {
    public var uid: String
    /// Whether this side has a contact with the UID, or the link remembers the UID or the href.
    public var isKnownHere: Bool

    public init(uid: String, isKnownHere: Bool) {
      self.uid = uid
      self.isKnownHere = isKnownHere
    }
  }

  /// The positions in `arrivals` of the cards to write as new, and of those to decide one by
  /// one, each in the batch's order.
  public static func split(_ arrivals: [Arrival]) -> (new: [Int], decideEach: [Int]) {
    var new: [Int] = []
    var decideEach: [Int] = []
    var seen = Set<String>()
    for (position, arrival) in arrivals.enumerated() {
      if !arrival.isKnownHere, seen.insert(arrival.uid).inserted {
        new.append(position)
      } else {
        decideEach.append(position)
      }
    }
    return (new, decideEach)
  }
}
