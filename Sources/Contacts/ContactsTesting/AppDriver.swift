public import ContactsCore
import ContactsLive
public import ContactsModel
public import ContactsServices
import Foundation
public import SessionRecording
public import TermFlowTesting

/// Drives the real app — store, coordinators, screens and services over a real SQLite file —
/// headless, the way a user would: keys, pastes and resizes in, frames out, through the
/// framework's ``HeadlessDriver`` (which waits after each input until the store's effects are
/// done). What it adds is the app's own: the database, session recording, signing in and
/// seeding.
@MainActor
public final class AppDriver {
  /// The framework's driver underneath: inputs in, frames out.
  public let driver: HeadlessDriver<AppState, AppAction>
  public let database: ContactsDatabase
  /// The country the app reads phone numbers without a country code as from: the fixture
  /// people's (`GB`), so the tests do not depend on this machine's locale.
  public static let phoneRegion = "GB"
  /// The session log being written, if any.
  public private(set) var recorder: SessionRecorder<AppAction>?

  public var app: ContactsApp { driver.app }
  public var terminal: HeadlessTerminal { driver.terminal }

  /// The app over the database at `path` (created when missing), started at `route`. Accounts
  /// use the fast test hasher.
  /// `didBuild` hears of every live screen the app builds, with its route key (for lifecycle
  /// checks).
  /// With `recordingTo`, the session is recorded there from the start, as `contacts --record`
  /// would, with `seed` in the header when the inputs were drawn at random; ``finishRecording()``
  /// ends it. `keyBindings`, `listColumns` and `theme` (a built-in theme's name) are what a
  /// config file would set. Without `syncing`, the app sees no link to a server (what the list
  /// reads of the account's address books, it reads from the database all the same): for
  /// screens of a linked account that must not wait on a server.
  public init(
    databasePath path: String, size: Size = Size(width: 80, height: 24), route: AppRoute = .signIn,
    recordingTo recordingPath: String? = nil, seed: UInt64? = nil, keyBindings: [String: [String: [Key]]] = [:],
    listColumns: [ContactsListColumn] = ContactsListColumn.allCases, theme: String = "dark", syncing: Bool = true,
    didBuild: @escaping (AnyObject, String) -> Void = { _, _ in }
  ) async throws {
    database = try ContactsDatabase.open(at: path)
    let accounts = AccountService(database: database, hasher: .fastForTesting)
    let app = ContactsApp(
      initialState: AppState(route: route, size: size),
      dependencies: Self.dependencies(accounts: accounts, database: database, syncing: syncing),
      theme: Theme.named(theme) ?? .dark,
      keyBindings: keyBindings, listColumns: listColumns)
    app.didBuildScreen = { live, screen in didBuild(live, Self.routeKey(of: screen)) }
    if let recordingPath {
      let header = ContactsApp.sessionHeader(
        size: size, route: route.route.path.joined(separator: "/"), seed: seed, keyBindings: keyBindings, theme: theme,
        listColumns: listColumns)
      let recorder = try SessionRecorder<AppAction>(path: recordingPath, header: header)
      app.record(to: recorder)
      self.recorder = recorder
    }
    // A session can be a million keys long (the monkey test): keep the screen, not every frame.
    driver = await HeadlessDriver(app, size: size, keepsFrames: false)
  }

  /// The route a screen stands for: `auth/sign-in`, `contacts`, `contacts/42/edit`…
  static func routeKey(of screen: any Screen<AppState, AppAction>) -> String {
    switch screen {
    case let auth as AuthScreen: auth.mode == .signIn ? "auth/sign-in" : "auth/sign-up"
    case let detail as ContactDetailScreen: "contacts/\(detail.id)"
    case let editor as ContactEditorScreen: editor.id.map { "contacts/\($0)/edit" } ?? "contacts/new"
    case is SyncScreen: "contacts/sync"
    case is DuplicatesScreen: "contacts/duplicates"
    default: "contacts"
    }
  }

  // The framework driver's inputs and frames, under the names the tests use.
  @discardableResult public func frame() -> Frame { driver.frame() }
  public var lastFrame: Frame { driver.lastFrame }
  public var screenText: String { driver.screenText }
  public func press(_ keys: Key..., settle: Bool = true) async {
    for key in keys { await driver.press(key, settle: settle) }
  }
  public func type(_ text: String) async { await driver.type(text) }
  public func paste(_ text: String) async { await driver.paste(text) }
  public func resize(to size: Size) async { await driver.resize(to: size) }
  public func send(_ event: TerminalSession.Event) async { await driver.send(event) }
  public func tick() async { await driver.tick() }
  public func settle() async { await driver.settle() }

  /// The live dependencies over `database`, with one exception: the preview pane's wait for
  /// the selection to rest is over at once, so that no test waits on the wall clock (the wait
  /// itself is tested with a controlled clock in `AppFlowTests`).
  ///
  /// Sync is live too, with two limits that keep tests deterministic and on this machine: the
  /// periodic sync never comes (syncs after sign-in, after saves and on `s` do), and set-up
  /// connects only to servers on this machine (127.0.0.0/8: a test's second host is 127.0.0.2).
  ///
  /// Phone numbers without a country code are read as British (``phoneRegion``), as a British
  /// user's app reads them: the fixture people are in London, whatever this machine's locale.
  private static func dependencies(accounts: AccountService, database: ContactsDatabase, syncing: Bool)
    -> AppDependencies
  {
    var dependencies = AppDependencies.live(
      accounts: accounts, contacts: ContactStore(database: database, phoneRegion: phoneRegion)
    )
    .syncing(database)
    dependencies.sleep = { _ in try Task.checkCancellation() }
    dependencies.syncTimer = { _ in try await Task.sleep(for: .seconds(365 * 86_400)) }
    guard syncing else {
      dependencies.sync = { _ in SyncClient() }
      return dependencies
    }
    let live = dependencies.sync
    dependencies.sync = { user in
      var client = live(user)
      let discover = client.discover
      client.discover = { server, username in
        guard Self.isLoopback(server) else { throw LoopbackOnly(server: server) }
        return try await discover(server, username)
      }
      return client
    }
    return dependencies
  }

  /// Whether a server address typed at set-up is on this machine.
  nonisolated static func isLoopback(_ server: String) -> Bool {
    let text = server.contains("://") ? server : "http://" + server
    return URL(string: text)?.host().map { $0.hasPrefix("127.") || $0 == "localhost" } ?? false
  }

  /// Why a test's set-up did not connect.
  nonisolated struct LoopbackOnly: Error, CustomStringConvertible {
    var server: String
    var description: String { "this test connects only to servers on 127.0.0.1, not “\(server)”." }
  }

  /// Ends the recording with the current frame and state.
  public func finishRecording() {
    guard let recorder else { return }
    app.finishRecording(recorder, size: terminal.size)
    self.recorder = nil
  }

  /// Signs in through the form (the account must exist).
  public func signIn(email: String, password: String) async {
    await type(email)
    await press(.tab)
    await type(password)
    await press(.enter)
  }

  /// Creates an account and `count` generated contacts in it, directly in the database.
  public func seed(email: String, password: String, contacts count: Int) async throws -> SignedInUser {
    let accounts = AccountService(database: database, hasher: .fastForTesting)
    let user = try await accounts.createAccount(email: email, password: password)
    try await Seeder(database: database, accounts: accounts).addContacts(count, to: user.id)
    return user
  }
}
