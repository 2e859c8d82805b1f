public import ContactsCore
import ContactsLive
public import ContactsModel
public import ContactsServices
import Foundation
public import SessionRecording
public import TerminalUI

/// Drives the real app — store, coordinators, screens and services over a real SQLite file —
/// headless, the way a user would: keys, pastes and resizes in, frames out.
///
/// After each input it waits until every effect the input started (and those they started)
/// has finished, by the store's own bookkeeping: no sleeps, no polling. Frames go through the
/// same renderer as on a terminal into a ``HeadlessTerminal``, so what a terminal fed only the
/// diffs would show is checked too.
@MainActor
public final class AppDriver {
  public let app: ContactsApp
  public let database: ContactsDatabase
  public let terminal: HeadlessTerminal
  private let renderer: Renderer
  /// The session log being written, if any.
  public private(set) var recorder: SessionRecorder<AppAction>?

  /// The app over the database at `path` (created when missing), started at `route`. Accounts
  /// use the fast test hasher.
  /// `didBuild` hears of every screen a coordinator builds, with its route key (for lifecycle
  /// checks).
  /// With `recordingTo`, the session is recorded there from the start, as `contacts --record`
  /// would, with `seed` in the header when the inputs were drawn at random; ``finishRecording()``
  /// ends it.
  public init(
    databasePath path: String, size: Size = Size(width: 80, height: 24), route: AppRoute = .signIn,
    recordingTo recordingPath: String? = nil, seed: UInt64? = nil,
    didBuild: @escaping (AnyObject, String) -> Void = { _, _ in }
  ) async throws {
    database = try ContactsDatabase.open(at: path)
    let accounts = AccountService(database: database, hasher: .fastForTesting)
    app = ContactsApp(
      initialState: AppState(route: route, size: size),
      dependencies: Self.dependencies(accounts: accounts, database: database), didBuild: didBuild)
    terminal = HeadlessTerminal(size: size)
    // A session can be a million keys long (the monkey test): keep the screen, not every frame.
    terminal.keepsFrames = false
    renderer = Renderer(backend: terminal)
    if let recordingPath {
      let header = ContactsApp.sessionHeader(size: size, route: route.route.path.joined(separator: "/"), seed: seed)
      let recorder = try SessionRecorder<AppAction>(path: recordingPath, header: header)
      app.record(to: recorder)
      self.recorder = recorder
    }
    app.start()
    await settle()
  }

  /// The frame the app draws now (and draws it through the renderer).
  @discardableResult
  public func frame() -> Frame {
    let frame = app.render(size: terminal.size)
    renderer.render(frame)
    lastFrame = frame
    return frame
  }

  /// The frame drawn last (by ``frame()`` or after an input settled).
  public private(set) var lastFrame = Frame(size: Size(width: 0, height: 0))

  /// The frame as plain text lines, for quick assertions.
  public var screenText: String { frame().lines.joined(separator: "\n") }

  public func press(_ keys: Key..., settle: Bool = true) async {
    for key in keys {
      app.handle(.input(.key(key)))
      if settle { await self.settle() }
    }
  }

  /// Types `text` one key per character.
  public func type(_ text: String) async {
    for character in text { await press(.character(character)) }
  }

  public func paste(_ text: String) async {
    app.handle(.input(.paste(text)))
    await settle()
  }

  public func resize(to size: Size) async {
    terminal.resize(to: size)
    renderer.invalidate()
    app.handle(.resize(size))
    await settle()
  }

  /// Any event, as the run loop would deliver it.
  public func send(_ event: TerminalSession.Event) async {
    switch event {
    case .resize(let size): await resize(to: size)
    case .tick: await tick()
    case .input(let input):
      app.handle(.input(input))
      await settle()
    }
  }

  /// One tick of the animation timer.
  public func tick() async {
    app.handle(.tick)
    await settle()
  }

  /// Waits until no effect is running, then draws a frame.
  public func settle() async {
    while app.store.runningEffectCount > 0 { await app.store.waitForEffects() }
    frame()
  }

  /// Ends the recording with the current frame and state.
  /// The live dependencies over `database`, with one exception: the preview pane's wait for
  /// the selection to rest is over at once, so that no test waits on the wall clock (the wait
  /// itself is tested with a controlled clock in `AppFlowTests`).
  private static func dependencies(accounts: AccountService, database: ContactsDatabase) -> AppDependencies {
    var dependencies = AppDependencies.live(accounts: accounts, contacts: ContactStore(database: database))
    dependencies.sleep = { _ in try Task.checkCancellation() }
    return dependencies
  }

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
