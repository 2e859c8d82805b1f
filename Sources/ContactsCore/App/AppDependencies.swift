public import ContactsModel

/// The outside world, as the app's reducer sees it: accounts, and the contacts of whoever is
/// signed in. The command line passes live clients over the database; tests pass fakes.
public struct AppDependencies: Sendable {
  public var auth: AuthClient
  /// The contacts client for one account: every query it makes is scoped to that account.
  public var contacts: @Sendable (SignedInUser) -> ContactsClient

  public init(auth: AuthClient, contacts: @escaping @Sendable (SignedInUser) -> ContactsClient) {
    self.auth = auth
    self.contacts = contacts
  }
}
