public import ContactsModel

/// What the auth features need from the outside world, injected so reducers stay pure: the
/// live client talks to `AccountService`, tests pass closures.
public struct AuthClient: Sendable {
  public var signIn: @Sendable (_ email: String, _ password: String) async throws(AccountError) -> SignedInUser
  public var signUp: @Sendable (_ email: String, _ password: String) async throws(AccountError) -> SignedInUser
  public var lastEmail: @Sendable () async -> String?
  public var rememberEmail: @Sendable (String) async -> Void

  public init(
    signIn: @escaping @Sendable (String, String) async throws(AccountError) -> SignedInUser,
    signUp: @escaping @Sendable (String, String) async throws(AccountError) -> SignedInUser,
    lastEmail: @escaping @Sendable () async -> String?,
    rememberEmail: @escaping @Sendable (String) async -> Void
  ) {
    self.signIn = signIn
    self.signUp = signUp
    self.lastEmail = lastEmail
    self.rememberEmail = rememberEmail
  }
}
