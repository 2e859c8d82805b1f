/// One page of search results, in list order.
public struct ContactSearchResult: Equatable, Sendable, Codable {
  public var contacts: [Contact]
  /// Matches counted, at most the search's count limit.
  public var total: Int
  /// False when there are more matches than were counted (show "1,000+").
  public var isTotalExact: Bool

  public init(contacts: [Contact], total: Int, isTotalExact: Bool) {
    self.contacts = contacts
    self.total = total
    self.isTotalExact = isTotalExact
  }
}
