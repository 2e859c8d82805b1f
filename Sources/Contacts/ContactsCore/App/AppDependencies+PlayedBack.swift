import ContactsModel

extension AppDependencies {
  /// Clients for a replayed session: never called, since a replay starts no effects; each
  /// fails if it ever is.
  public static let playedBack = AppDependencies(
    auth: AuthClient(
      signIn: { _, _ throws(AccountError) in throw .unavailable("a replay does not sign in") },
      signUp: { _, _ throws(AccountError) in throw .unavailable("a replay does not sign up") },
      lastEmail: { nil }, rememberEmail: { _ in }),
    contacts: { _ in
      ContactsClient(
        count: { _ in throw ContactsClientError.unimplemented("count during a replay") },
        page: { _, _, _ in throw ContactsClientError.unimplemented("page during a replay") })
    })
}
