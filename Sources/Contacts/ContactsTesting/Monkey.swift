import ContactsCore
import ContactsModel
import ContactsServices
import Foundation
public import TerminalUI

/// Runs the real app on a stream of ``MonkeyInputs`` and checks ``AppInvariants`` after every
/// step; on a failure it shrinks the inputs to a short sequence that still fails and writes
/// that as a session log `contacts replay` can play.
@MainActor
public struct Monkey {
  /// A failing run, shrunk.
  public struct Failure: Error, CustomStringConvertible {
    public var seed: UInt64
    /// The input of the original run that failed first.
    public var step: Int
    public var problem: String
    /// The shrunk inputs that still fail.
    public var inputs: [TerminalSession.Event]
    /// A session log of the shrunk inputs.
    public var replayFile: String

    public var description: String {
      """
      Seed \(seed) failed at input \(step): \(problem)
      Shrunk to \(inputs.count) inputs; replay them with: contacts replay \(replayFile) --frames frames
      """
    }
  }

  public static let email = "monkey@example.com"
  public static let password = "monkey-password"

  public let seed: UInt64
  /// Where a failure's session log goes; each run's database lives in a temporary directory.
  public let directory: String
  /// Contacts in the account the monkey signs in to.
  public var contacts = 120
  /// Whether the stream has mouse events (see ``MonkeyInputs/init(seed:mouse:)``).
  public var sendsMouse = true
  /// Extra checks (a test plants one to prove the shrinker works).
  public var extraCheck: ((AppDriver) -> String?)?
  /// How many reruns shrinking may spend.
  public var shrinkBudget = 150

  public init(seed: UInt64, directory: String) {
    self.seed = seed
    self.directory = directory
  }

  /// Plays `count` steps of the seed's stream. Returns the number of steps played (all of
  /// them; a sign-in step plays as several inputs, or none once signed in); throws a
  /// ``Failure`` when an invariant breaks.
  public func run(count: Int) async throws -> Int {
    var stream = MonkeyInputs(seed: seed, mouse: sendsMouse).prefix(count).makeIterator()
    var steps = 0
    let (played, failure) = try await play(recordingTo: nil) { driver in
      guard let step = stream.next() else { return nil }
      steps += 1
      switch step {
      case .event(let event): return [event]
      case .signIn: return Self.signInKeys(driver.app.store.state)
      }
    }
    guard let failure else { return steps }
    let shrunk = try await shrink(Array(played[...failure.step]))
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let replayFile = (directory as NSString).appendingPathComponent("monkey-seed-\(seed).jsonl")
    let recorded = try await play(shrunk, recordingTo: replayFile)
    throw Failure(
      seed: seed, step: failure.step, problem: recorded?.problem ?? failure.problem, inputs: shrunk,
      replayFile: replayFile)
  }

  /// Plays `inputs` into a fresh app and database: the first input that breaks an invariant.
  public func play(_ inputs: [TerminalSession.Event], recordingTo log: String?) async throws -> (
    step: Int, problem: String
  )? {
    var remaining = inputs[...]
    return try await play(recordingTo: log) { _ in remaining.popFirst().map { [$0] } }.failure
  }

  private func play(
    recordingTo log: String?, next: (AppDriver) -> [TerminalSession.Event]?
  ) async throws -> (played: [TerminalSession.Event], failure: (step: Int, problem: String)?) {
    let runDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("monkey-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: runDirectory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: runDirectory) }
    let driver = try await AppDriver(
      databasePath: runDirectory.appendingPathComponent("contacts.sqlite").path, recordingTo: log, seed: seed)
    defer { driver.finishRecording() }
    let user = try await driver.seed(email: Self.email, password: Self.password, contacts: contacts)
    try await Self.link(user, in: driver.database)
    var played: [TerminalSession.Event] = []
    while let events = next(driver) {
      for event in events {
        played.append(event)
        await driver.send(event)
        let secret =
          driver.screenText.contains(Self.serverPassword) ? "the server password is on the screen" : nil
        if let problem = AppInvariants.check(driver) ?? secret ?? extraCheck?(driver) {
          return (played, (played.count - 1, problem))
        }
      }
    }
    return (played, nil)
  }

  /// The server password of the monkey's link: it must never be on screen.
  static let serverPassword = "monkey-server-secret"

  /// Links the account to a server on 127.0.0.1 where nothing listens (port 1): its syncs fail
  /// at once with a connection refused, so the sync screen's linked state, its errors and the
  /// unlink dialog are all within the monkey's reach, and nothing leaves the machine.
  private static func link(_ user: SignedInUser, in database: ContactsDatabase) async throws {
    let sealed = try SealedPassword.seal(serverPassword, accountPassword: password, rounds: 1_000)
    try await SyncStore(database: database).saveLink(
      SyncLink(
        account: user.id, addressBook: URL(string: "http://127.0.0.1:1/dav/monkey/contacts/")!, username: "monkey",
        password: .sealed(sealed), cardVersion: "3.0"))
  }

  /// The keys that sign in from wherever the auth forms' focus is; none when signed in.
  static func signInKeys(_ state: AppState) -> [TerminalSession.Event] {
    guard let forms = state.signedOut else { return [] }
    var keys: [Key] = state.dialog == nil && state.appRoute == .signUp ? [.escape] : []
    let order = forms.signIn.form.order
    let index = order.firstIndex(of: forms.signIn.form.focus) ?? 0
    keys += Array(repeating: .backTab, count: index)
    keys += [.ctrl("u")] + email.map(Key.character) + [.tab, .ctrl("u")] + password.map(Key.character) + [.enter]
    return keys.map { .input(.key($0)) }
  }

  /// Removes ever smaller chunks of `inputs` while the rest still fails (delta debugging).
  private func shrink(_ inputs: [TerminalSession.Event]) async throws -> [TerminalSession.Event] {
    var current = inputs
    var chunk = max(1, current.count / 2)
    var budget = shrinkBudget
    while budget > 0 {
      var start = 0
      var removedAny = false
      while start < current.count, budget > 0 {
        var candidate = current
        candidate.removeSubrange(start..<min(current.count, start + chunk))
        budget -= 1
        if let failure = try await play(candidate, recordingTo: nil) {
          current = Array(candidate[...failure.step])
          removedAny = true
        } else {
          start += chunk
        }
      }
      if chunk == 1, !removedAny { break }
      chunk = max(1, chunk / 2)
    }
    return current
  }
}
