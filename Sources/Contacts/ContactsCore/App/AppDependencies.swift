public import ContactsModel

/// The outside world, as the app's reducer sees it: accounts, the contacts of whoever is
/// signed in, and the passing of time. The command line passes live clients over the database;
/// tests pass fakes.
public struct AppDependencies: Sendable {
  public var auth: AuthClient
  /// The contacts client for one account: every query it makes is scoped to that account.
  public var contacts: @Sendable (SignedInUser) -> ContactsClient
  /// Waits for a duration (throws when cancelled): a controlled clock's in tests, or none.
  public var sleep: @Sendable (Duration) async throws -> Void
  /// Starts watching the database for commits by other programs: one element per batch of
  /// them, until the consumer stops iterating. By default the stream ends at once (no watch):
  /// the app then shows what it loaded, as tests without a real database expect.
  public var databaseChanges: @Sendable () -> AsyncStream<Void>
  /// The sync client for one account. By default no account is linked, and nothing syncs.
  public var sync: @Sendable (SignedInUser) -> SyncClient
  /// Where the sync screen's password field keeps its text: outside the store (see
  /// ``ServerPasswordEntry``). The live sync client reads it at set-up.
  public var serverPassword: ServerPasswordEntry
  /// The wait between syncs while the app is open (``SyncSchedule/interval``): the wall clock
  /// by default; tests that must never see a periodic sync pass one that never ends.
  public var syncTimer: @Sendable (Duration) async throws -> Void
  /// How long after a sync ended the next one runs while the app is open: the config file's
  /// `[sync] interval`, by default ``SyncSchedule/interval``; nil syncs only on `s`, after
  /// sign-in and after changes.
  public var syncInterval: Duration? = SyncSchedule.interval
  /// The Duplicates screen's client for one account. By default every call fails loudly.
  public var duplicates: @Sendable (SignedInUser) -> DuplicatesClient = { _ in DuplicatesClient() }

  public init(
    auth: AuthClient, contacts: @escaping @Sendable (SignedInUser) -> ContactsClient,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
    databaseChanges: @escaping @Sendable () -> AsyncStream<Void> = { AsyncStream { $0.finish() } },
    sync: @escaping @Sendable (SignedInUser) -> SyncClient = { _ in SyncClient() },
    serverPassword: ServerPasswordEntry = ServerPasswordEntry(),
    syncTimer: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.auth = auth
    self.contacts = contacts
    self.sleep = sleep
    self.databaseChanges = databaseChanges
    self.sync = sync
    self.serverPassword = serverPassword
    self.syncTimer = syncTimer
  }
}
