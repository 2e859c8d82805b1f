import Foundation

/// What discovery found for one user on one server: the principal, its address book home sets
/// and the address books in them. `addressBooks` may be empty when the home set holds none yet:
/// the caller can then create one with `CardDAVClient.createAddressBook(in:segment:displayName:)`.
public struct DiscoveredAccount: Sendable, Hashable {
  /// The user's principal (RFC 5397), when the server reported one.
  public var principal: URL?
  /// `CARDDAV:addressbook-home-set`: the collections that hold the user's address books.
  public var homeSets: [URL]
  public var addressBooks: [AddressBookInfo]

  public init(principal: URL?, homeSets: [URL], addressBooks: [AddressBookInfo]) {
    self.principal = principal
    self.homeSets = homeSets
    self.addressBooks = addressBooks
  }
}
