/// When two entries of a contact's lists are the same one, whatever their types: an e-mail
/// address without case (and Gmail's dots), a phone number in E.164 (read as from
/// `phoneRegion` when it has no country code), an address by its folded parts, a web address
/// without case. A merge adds no entry whose key the survivor has (``ContactMerge``), and the
/// Duplicates screen marks only entries whose key the other contact lacks, so what it marks is
/// what a merge would add.
public struct ListEntryKeys: Hashable, Sendable {
  /// The country of numbers written without a country code (see ``PhoneRegion``).
  public var phoneRegion: String?

  public init(phoneRegion: String?) {
    self.phoneRegion = phoneRegion
  }

  public func email(_ address: String) -> String {
    MatchKey.email(address) ?? address.lowercased()
  }

  public func phone(_ number: String) -> String {
    MatchKey.phone(number, region: phoneRegion) ?? number
  }

  public func address(_ address: PostalAddress) -> String {
    address.parts.map { MatchKey.text($0) ?? "" }.joined(separator: "|")
  }

  public func url(_ url: String) -> String {
    url.lowercased()
  }
}
