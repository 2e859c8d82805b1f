public import TerminalUI

/// Sync as the app knows it while someone is signed in: the link, what a running sync is
/// doing, how the last one ended, and the sync screen's set-up form and conflict selection.
public struct SyncState: Equatable, Sendable {
  /// The account's link: loading, not linked (nil), or where it stands.
  public var overview: Loadable<SyncOverview?> = .loading
  public var activity = Activity.idle
  /// A change was made, or a sync asked for, while one ran: run again when it ends.
  public var runsAgain = false
  public var setup = SyncSetupForm()
  /// A new server password being typed (it changed on the server); nil when none is.
  public var newPassword: NewServerPassword?
  /// The conflict the screen shows, by position.
  public var selectedConflict = 0
  /// Contacts changed differently on both sides: the screen opens on them and `f` forgets only
  /// after a question.
  public var conflicts: [SyncConflictPair] { overview.value??.conflicts ?? [] }

  public enum Activity: Equatable, Sendable {
    case idle
    case running(SyncPhase)
    /// The last sync ended: what it did, or why it failed.
    case synced(SyncReport)
    case failed(String)
  }

  public init() {}

  public var isLinked: Bool { overview.value.flatMap { $0 } != nil }
  /// Whether keys go into a password field now (set-up's, or a new password's).
  public var isTypingPassword: Bool {
    if isLinked { return newPassword.map { $0.status != .checking } ?? false }
    guard case .loaded(nil) = overview else { return false }
    return setup.isTypingPassword
  }
  public var isRunning: Bool { if case .running = activity { true } else { false } }

  /// The title bar's words for it (the failure in words, as far as the bar has room): nothing
  /// when not linked.
  public var headerText: String? {
    guard let overview = overview.value.flatMap({ $0 }) else { return nil }
    switch activity {
    case .running(let phase): return "Syncing: \(phase.text)"
    case .failed(let message): return "Sync failed: \(message)"
    case .synced, .idle:
      if !overview.conflicts.isEmpty { return "\(overview.conflicts.count) to settle" }
      if let error = overview.lastError { return "Sync failed: \(error)" }
      return overview.lastSync.map { "Synced \($0)" } ?? "Not synced yet"
    }
  }

  /// The effects a sync may have running, to cancel at sign-out.
  static let effectIDs = [runEffectID, timerEffectID, requestEffectID]
  static let runEffectID = "contacts/sync/run"
  static let timerEffectID = "contacts/sync/timer"
  static let requestEffectID = "contacts/sync/request"
}

/// The set-up form: the framework's form (the server, the user name, the password's mask), and
/// where set-up is: editing (connecting while the form is busy), choosing the address book, or
/// linking it.
public struct SyncSetupForm: Equatable, Sendable {
  public enum Field: Hashable, Sendable { case server, username, password }

  public enum Status: Equatable, Sendable {
    /// The form: filled in, or asking the server (the form busy), or saying why that failed
    /// (its server error).
    case editing
    /// Discovery answered: the address books to choose from (the last row makes a new one).
    case choosing(SyncDiscovery, selected: Int)
    case linking
  }

  /// The server, the user name, and the password as dots: the password itself is in
  /// ``ServerPasswordEntry``.
  public var form: Form<Field>
  public var status = Status.editing

  public init() {
    form = Form([
      FormField(Field.server, "Server", .text(TextInput("", maxLength: 2_048)), placeholder: "https://dav.example.com"),
      FormField(.username, "User", .text(TextInput("", maxLength: 256)), placeholder: "your user name there"),
      FormField(.password, "Password", .secret(PasswordMask().input)),
    ])
    form.validate(Self.rules)
  }

  /// What set-up needs before it asks the server: an address, a user name and a password.
  static let rules: FormRules<Field> = { form in
    var problems: [FormPlace<Field>: String] = [:]
    if form.text(.server).allSatisfy(\.isWhitespace) { problems[.field(.server)] = "Enter the server's address" }
    if form.text(.username).isEmpty { problems[.field(.username)] = "Enter your user name there" }
    if form.text(.password).isEmpty { problems[.field(.password)] = "Enter the password" }
    return problems
  }

  /// Whether discovery runs.
  public var isConnecting: Bool { status == .editing && form.isBusy }
  public var isChoosing: Bool { if case .choosing = status { true } else { false } }
  /// Whether keys go into the password field now (they never reach the store).
  public var isTypingPassword: Bool { status == .editing && !form.isBusy && form.focus == .field(.password) }

  /// Shows `mask` in the password field (its dots and cursor).
  mutating func setPassword(_ mask: PasswordMask) {
    form.setContent(.secret(mask.input), of: .password)
    form.serverError = nil
    form.validate(Self.rules)
  }
}

/// The form that gives a link a new server password: its dots and where the check stands. The
/// link keeps everything else it knows (its token, the merge bases): nothing starts over.
public struct NewServerPassword: Equatable, Sendable {
  public enum Status: Equatable, Sendable {
    case editing
    /// The server is asked whether it takes the password.
    case checking
    case failed(String)
  }

  /// Dots: the password itself is in ``ServerPasswordEntry``.
  public var mask = PasswordMask()
  public var status = Status.editing

  public init() {}
}

/// What sync's screen and its effects send.
public enum SyncAction: Equatable, Sendable, Codable {
  /// Read the link (after sign-in, on opening the screen, after a change to it).
  case load
  case loaded(SyncOverview?)
  case loadFailed(String)
  /// Sync now (the key); a sync already running runs again when it ends.
  case syncNow
  /// A contact was saved or deleted here: sync soon.
  case changedHere
  /// The wait before the next sync ended.
  case timerEnded
  case progress(SyncPhase)
  case finished(SyncReport)
  case failed(String)
  case moveConflict(by: Int)
  case resolve(SyncChoice)
  case resolveFailed(String)
  case askToForget
  case forget
  case forgotten
  /// Asks where the contacts of a book gone from the server go (a chooser of the others); with
  /// several gone, which book first.
  case askToMoveGoneBook
  /// Asks where the contacts of book `book`, gone from the server, go.
  case askWhereToMove(goneBook: Int)
  /// Moves every contact of book `from` (gone from the server) to book `to`.
  case moveGoneBook(from: Int, to: Int)
  /// Asks whether to unlink a book gone from the server, keeping its contacts here (with
  /// several gone, a chooser of them).
  case askToUnlinkGoneBook
  /// Unlinks book `book` (gone from the server), its contacts kept here only.
  case unlinkGoneBook(Int)
  /// A gone book's contacts moved or kept: what happened, in words.
  case goneBookSettled(String)
  case setup(SyncSetupAction)
  case newPassword(NewPasswordAction)
}

/// Giving the link a new server password.
public enum NewPasswordAction: Equatable, Sendable, Codable {
  /// Open the field (the password changed on the server).
  case start
  /// The field changed: its length and cursor (the text is in ``ServerPasswordEntry``).
  case typed(PasswordMask)
  /// Enter: check it with the server, then keep it.
  case submit
  case accepted
  case refused(String)
  case cancel
}

/// The set-up form's actions.
public enum SyncSetupAction: Equatable, Sendable, Codable {
  /// What a key, a paste or a click means to the server or user name field, or to the form; a
  /// submit connects.
  case form(FormIntent)
  /// The password field changed: its length and cursor (the text is in ``ServerPasswordEntry``).
  case password(PasswordMask)
  case discovered(SyncDiscovery)
  case failed(String)
  /// The server sends set-up to another server (`target`): asked about in a dialog.
  case redirected(SyncServerRedirect)
  /// The user links the server set-up was sent to: discovery runs again there.
  case followRedirect(to: String)
  case moveChoice(by: Int)
  /// Link the address book under the selection (or make a new one).
  case choose
  /// Back from the address books to the form.
  case back
  case linked
}
