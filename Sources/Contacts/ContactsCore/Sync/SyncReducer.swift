import ContactsModel
import Flow
import TerminalUI

/// Sync's reducer: when a sync runs (after sign-in, soon after each save or delete, on a key,
/// and every ``SyncSchedule/interval`` while the app is open), what the header and the sync
/// screen show of it, and set-up, conflicts and forgetting.
///
/// Syncs never overlap: a reason to sync while one runs (``SyncState/runsAgain``) starts another
/// when it ends. Between syncs the app waits on a timer: no work, no ticks.
///
/// Clients are resolved when an effect runs, for the user signed in then; a late answer for a
/// user who has signed out is dropped with the rest of the signed-in state.
func syncReducer(_ dependencies: AppDependencies) -> Reducer<SignedIn, AppAction> {
  Reducer { signedIn, action in
    guard case .sync(let action) = action else { return .none }
    let user = signedIn.user
    var sync: SyncState {
      get { signedIn.sync }
      set { signedIn.sync = newValue }
    }
    switch action {
    case .load:
      return .run { send in
        let overview = try await dependencies.sync(user).overview()
        await send(.sync(.loaded(overview)))
      } onError: { error, send in
        await send(.sync(.loadFailed("Could not read the sync settings: \(error)")))
      }
      .cancellable(id: SyncState.requestEffectID, cancelInFlight: true)

    case .loaded(let overview):
      let wasKnown = signedIn.sync.overview != .loading
      signedIn.sync.overview = .loaded(overview)
      signedIn.sync.selectedConflict = min(signedIn.sync.selectedConflict, max(0, signedIn.sync.conflicts.count - 1))
      // The first answer after sign-in starts the first sync.
      guard overview != nil, !wasKnown else { return .none }
      return signedIn.startSync(dependencies)

    case .loadFailed(let message):
      signedIn.sync.overview = .failed(message)
      return .none

    case .syncNow, .timerEnded:
      return signedIn.startSync(dependencies)

    case .changedHere:
      guard signedIn.sync.isLinked else { return .none }
      if signedIn.sync.isRunning {
        signedIn.sync.runsAgain = true
        return .none
      }
      // Soon, not at once: a burst of edits becomes one sync.
      return .waitThenSync(dependencies.sleep, SyncSchedule.afterChange, background: false)

    case .progress(let phase):
      guard signedIn.sync.isRunning else { return .none }
      signedIn.sync.activity = .running(phase)
      return .none

    case .finished(let report):
      signedIn.sync.activity = .synced(report)
      return signedIn.syncEnded(dependencies, changedHere: report.changedHere)

    case .failed(let message):
      signedIn.sync.activity = .failed(message)
      return signedIn.syncEnded(dependencies, changedHere: false)

    case .moveConflict(let offset):
      let count = signedIn.sync.conflicts.count
      guard count > 0 else { return .none }
      signedIn.sync.selectedConflict = min(max(0, signedIn.sync.selectedConflict + offset), count - 1)
      return .none

    case .resolve(let choice):
      let conflicts = signedIn.sync.conflicts
      guard conflicts.indices.contains(signedIn.sync.selectedConflict) else { return .none }
      let uid = conflicts[signedIn.sync.selectedConflict].uid
      return .run { send in
        try await dependencies.sync(user).resolve(uid, choice)
        // The list shows the version kept; the server hears of it at once.
        await send(.databaseChanged)
        await send(.sync(.syncNow))
      } onError: { error, send in
        await send(.sync(.resolveFailed("Could not settle the conflict: \(error)")))
      }
      .cancellable(id: SyncState.requestEffectID)

    case .resolveFailed(let message):
      signedIn.sync.activity = .failed(message)
      return .send(.sync(.load))

    case .askToForget, .forget:
      // The dialog is the app reducer's; forgetting runs here.
      guard action == .forget else { return .none }
      return .merge(
        .cancel(id: SyncState.runEffectID), .cancel(id: SyncState.timerEffectID),
        .run { send in
          try await dependencies.sync(user).forget()
          await send(.sync(.forgotten))
        } onError: { error, send in
          await send(.sync(.failed("Could not unlink: \(error)")))
        })

    case .forgotten:
      signedIn.sync = SyncState()
      signedIn.sync.overview = .loaded(nil)
      return .none

    case .askToMoveGoneBook, .askWhereToMove, .askToUnlinkGoneBook:
      // The dialogs are the app reducer's.
      return .none

    case .moveGoneBook(let from, let to):
      let books = signedIn.sync.overview.value??.books ?? []
      let source = books.first { $0.number == from }?.name ?? "the gone book"
      let target = books.first { $0.number == to }?.name ?? "the other book"
      return .run { send in
        let (moved, unlinked) = try await dependencies.sync(user).moveBook(from, to)
        let contacts = "\(moved) \(moved == 1 ? "contact" : "contacts")"
        await send(
          .sync(
            .goneBookSettled(
              "Moved \(contacts) of \(source) to \(target)" + (unlinked ? "; \(source), now empty, is unlinked" : ""))))
        // The list shows their new book; the next sync creates them there.
        await send(.databaseChanged)
        await send(.sync(.changedHere))
      } onError: { error, send in
        await send(.sync(.goneBookSettled("Could not move the contacts of \(source): \(error)")))
      }
      .cancellable(id: SyncState.requestEffectID)

    case .unlinkGoneBook(let book):
      let name = signedIn.sync.overview.value??.books.first { $0.number == book }?.name ?? "the gone book"
      return .run { send in
        let kept = try await dependencies.sync(user).unlinkBook(book)
        await send(
          .sync(.goneBookSettled("Unlinked \(name): \(kept) \(kept == 1 ? "contact stays" : "contacts stay") here")))
        await send(.databaseChanged)
      } onError: { error, send in
        await send(.sync(.goneBookSettled("Could not unlink \(name): \(error)")))
      }
      .cancellable(id: SyncState.requestEffectID)

    case .goneBookSettled(let message):
      signedIn.notice = message
      return .send(.sync(.load))

    case .setup(.linked):
      // Linked: the form is done with (and the password with it); reading the link starts the
      // first sync.
      dependencies.serverPassword.clear()
      signedIn.sync = SyncState()
      return .send(.sync(.load))

    case .setup(let action):
      return signedIn.sync.setup.reduce(action, dependencies: dependencies, user: user)

    case .newPassword(let action):
      return signedIn.changePassword(action, dependencies: dependencies)
    }
  }
}

/// When syncs run by themselves.
public enum SyncSchedule {
  /// While the app is open, a sync this long after the last one ended (unless the user's
  /// config says otherwise: ``AppDependencies/syncInterval``).
  public static let interval = Duration.seconds(300)
  /// After a save or delete: long enough that a burst of edits is one sync.
  public static let afterChange = Duration.seconds(2)
}

extension SignedIn {
  /// Starts a sync, unless one runs (then it runs again after) or there is no link.
  fileprivate mutating func startSync(_ dependencies: AppDependencies) -> Effect<AppAction> {
    guard sync.isLinked else { return .none }
    if sync.isRunning {
      sync.runsAgain = true
      return .none
    }
    sync.activity = .running(.connecting)
    sync.runsAgain = false
    let user = user
    return .merge(
      .cancel(id: SyncState.timerEffectID),
      .run { send in
        for try await event in dependencies.sync(user).run(false) {
          switch event {
          case .progress(let phase): await send(.sync(.progress(phase)))
          case .finished(let report): await send(.sync(.finished(report)))
          }
        }
      } onError: { error, send in
        await send(.sync(.failed("\(error)")))
      }
      .cancellable(id: SyncState.runEffectID))
  }

  /// After a sync: the screen reads the link again, the list catches up with what arrived, and
  /// the next sync waits (or starts now, when a reason came meanwhile).
  fileprivate mutating func syncEnded(_ dependencies: AppDependencies, changedHere: Bool) -> Effect<AppAction> {
    let next: Effect<AppAction> =
      if sync.runsAgain {
        startSync(dependencies)
      } else if let interval = dependencies.syncInterval {
        .waitThenSync(dependencies.syncTimer, interval, background: true)
      } else {
        .none
      }
    return .merge(.send(.sync(.load)), changedHere ? .send(.databaseChanged) : .none, next)
  }
}

extension SignedIn {
  /// The new-password field: typed into the entry, checked with the server on Enter, then kept
  /// and a sync started with it.
  fileprivate mutating func changePassword(
    _ action: NewPasswordAction, dependencies: AppDependencies
  ) -> Effect<AppAction> {
    switch action {
    case .start:
      guard sync.isLinked, sync.newPassword == nil else { return .none }
      dependencies.serverPassword.clear()
      sync.newPassword = NewServerPassword()
      return .none

    case .typed(let mask):
      sync.newPassword?.mask = mask
      if case .failed = sync.newPassword?.status { sync.newPassword?.status = .editing }
      return .none

    case .submit:
      guard let form = sync.newPassword, form.status != .checking else { return .none }
      guard form.mask.length > 0 else {
        sync.newPassword?.status = .failed("Type the new password first.")
        return .none
      }
      sync.newPassword?.status = .checking
      let user = user
      return .run { send in
        try await dependencies.sync(user).changePassword()
        await send(.sync(.newPassword(.accepted)))
      } onError: { error, send in
        await send(.sync(.newPassword(.refused("\(error)"))))
      }
      .cancellable(id: SyncState.requestEffectID, cancelInFlight: true)

    case .accepted:
      dependencies.serverPassword.clear()
      sync.newPassword = nil
      return .merge(.send(.sync(.load)), startSync(dependencies))

    case .refused(let message):
      guard sync.newPassword != nil else { return .none }
      sync.newPassword?.status = .failed(message)
      return .none

    case .cancel:
      dependencies.serverPassword.clear()
      sync.newPassword = nil
      return .cancel(id: SyncState.requestEffectID)
    }
  }
}

extension Effect<AppAction> {
  /// Waits `delay`, then syncs; a newer wait replaces it. The periodic wait is a background
  /// effect: waiting is not work in progress.
  fileprivate static func waitThenSync(
    _ sleep: @escaping @Sendable (Duration) async throws -> Void, _ delay: Duration, background: Bool
  ) -> Effect {
    let wait = Effect.run { send in
      try await sleep(delay)
      await send(.sync(.timerEnded))
    }
    .cancellable(id: SyncState.timerEffectID, cancelInFlight: true)
    return background ? wait.background() : wait
  }
}

extension SyncSetupForm {
  /// The form's keys and answers.
  fileprivate mutating func reduce(
    _ action: SyncSetupAction, dependencies: AppDependencies, user: SignedInUser
  ) -> Effect<AppAction> {
    switch action {
    case .form(var intent):
      guard status == .editing else { return .none }
      if case .paste(let text) = intent {
        // A line: the first of a paste, and the server's without spaces around it.
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        intent = .paste(form.focus == .field(.server) ? line.trimmingCharacters(in: .whitespaces) : line)
      }
      let outcome = form.apply(intent, rules: Self.rules)
      if case .focus = intent, isTypingPassword {
        // A click in the password: its text is not here to place the cursor in, so the cursor
        // goes to its end, in the entry and in the dots alike.
        setPassword(dependencies.serverPassword.edit(.end))
      }
      guard outcome == .submit else { return .none }
      return discover(dependencies: dependencies, user: user)

    case .password(let mask):
      guard status == .editing, !form.isBusy else { return .none }
      setPassword(mask)
      return .none

    case .discovered(let discovery):
      guard isConnecting else { return .none }
      form.finish(error: nil)
      status = .choosing(discovery, selected: 0)
      return .none

    case .failed(let message):
      form.finish(error: message)
      status = .editing
      return .none

    case .redirected(let redirect):
      // Said on the form while the app's dialog asks whether to link the other server.
      form.finish(error: redirect.description)
      return .none

    case .followRedirect(let target):
      guard status == .editing, !form.isBusy else { return .none }
      form.set(.server, text: target)
      form.validate(Self.rules)
      guard form.isValid, form.apply(.submit, rules: Self.rules) == .submit else { return .none }
      return discover(dependencies: dependencies, user: user)

    case .moveChoice(let offset):
      guard case .choosing(let discovery, let selected) = status else { return .none }
      // All the books when there are several, one row per book, and one more to make a new book
      // where the server says they live.
      let rows = discovery.choiceCount
      status = .choosing(discovery, selected: min(max(0, selected + offset), max(0, rows - 1)))
      return .none

    case .choose:
      guard case .choosing(let discovery, let selected) = status else { return .none }
      guard let books = discovery.choice(at: selected) else { return .none }
      status = .linking
      return .run { send in
        try await dependencies.sync(user).link(books, discovery)
        await send(.sync(.setup(.linked)))
      } onError: { error, send in
        await send(.sync(.setup(.failed("\(error)"))))
      }
      .cancellable(id: SyncState.requestEffectID, cancelInFlight: true)

    case .back:
      status = .editing
      form.finish(error: nil)
      return .cancel(id: SyncState.requestEffectID)

    case .linked:
      return .none
    }
  }

  /// Asks the server in the form for its address books; one that sends set-up to another server
  /// comes back as `.redirected`, to be asked about.
  private mutating func discover(dependencies: AppDependencies, user: SignedInUser) -> Effect<AppAction> {
    let server = form.text(.server).trimmingCharacters(in: .whitespaces)
    let username = form.text(.username)
    return .run { send in
      let discovery = try await dependencies.sync(user).discover(server, username)
      await send(.sync(.setup(.discovered(discovery))))
    } onError: { error, send in
      if let redirect = error as? SyncServerRedirect {
        await send(.sync(.setup(.redirected(redirect))))
      } else {
        await send(.sync(.setup(.failed("\(error)"))))
      }
    }
    .cancellable(id: SyncState.requestEffectID, cancelInFlight: true)
  }
}
