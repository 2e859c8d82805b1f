public import Navigation
public import TerminalUI

/// The sync screen, reached from the list with `s`: set-up while the account has no server
/// (the server, the user name, the password, then the address book to link or make), and once
/// linked the link's state, a key to sync now, the conflicts with both versions side by side,
/// and unlinking.
///
/// The password field's keys go to `password`, outside the store (see ``ServerPasswordEntry``):
/// the action its binding makes carries only the field's mask.
public struct SyncScreen: Screen {
  public let password: ServerPasswordEntry

  public init(password: ServerPasswordEntry) { self.password = password }

  public static func == (left: SyncScreen, right: SyncScreen) -> Bool { left.password === right.password }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(password)) }

  public struct ViewModel: Equatable, Sendable {
    public var sync: SyncState
    /// The spinner's frame, only while something runs.
    public var tick: Int
    /// Where the password field's keys go.
    let password: ServerPasswordEntry

    public static func == (left: ViewModel, right: ViewModel) -> Bool {
      left.sync == right.sync && left.tick == right.tick && left.password === right.password
    }

    var setup: SyncSetupForm? { sync.overview == .loaded(nil) ? sync.setup : nil }
    var isChoosing: Bool { setup?.isChoosing == true }
    var isSettingUp: Bool { setup != nil && !isChoosing }
    /// The set-up form, while it takes keys.
    var setupForm: Form<SyncSetupForm.Field>? { setup?.status == .editing ? setup?.form : nil }
    var linked: SyncOverview? { sync.overview.value ?? nil }
    /// Linked, with no new password being typed: the linked screen's keys apply.
    var isLinkedIdle: Bool { linked != nil && sync.newPassword == nil }
    var isTypingNewPassword: Bool { linked != nil && sync.isTypingPassword }
    var hasConflicts: Bool { isLinkedIdle && !(linked?.conflicts.isEmpty ?? true) }
    /// Linked and idle, with a book gone from the server that holds contacts here, and another
    /// book the server still has.
    var canMoveGoneBook: Bool {
      let books = linked?.books ?? []
      return isLinkedIdle && books.contains { $0.isGone && $0.contacts > 0 } && books.contains { !$0.isGone }
    }
    /// Linked and idle, with a book gone from the server that is not the only one.
    var canUnlinkGoneBook: Bool {
      let books = linked?.books ?? []
      return isLinkedIdle && books.count > 1 && books.contains(where: \.isGone)
    }
  }

  public func select(_ state: AppState) -> ViewModel {
    let sync = state.signedIn?.sync ?? SyncState()
    let busy =
      sync.isRunning || sync.overview.isLoading || sync.setup.isConnecting || sync.setup.status == .linking
      || sync.newPassword?.status == .checking
    return ViewModel(sync: sync, tick: busy ? state.tick : 0, password: password)
  }

  /// What the config file calls these keys: `[keys.sync]`.
  public static let keysName = "sync"

  /// The keys of each state of the screen, and its help.
  public static let keys = KeyMap<ViewModel, AppAction>(
    [
      // Set-up: the password's keys go to the entry first, and never reach the store.
      .typing(
        when: { $0.setup?.isTypingPassword == true },
        key: { key, model in .sync(.setup(.password(model.password.edit(key)))) },
        paste: { text, model in .sync(.setup(.password(model.password.paste(text)))) })
    ] + KeyBinding.form(\.setupForm, control: setupControl) { intent, _ in .sync(.setup(.form(intent))) } + [
      KeyBinding(.enter, "Connect", .sync(.setup(.form(.enter))), when: { $0.setupForm.map { !$0.isBusy } ?? false }),
      // A new password, after it changed on the server.
      .typing(
        when: \.isTypingNewPassword,
        key: { key, model in .sync(.newPassword(.typed(model.password.edit(key)))) },
        paste: { text, model in .sync(.newPassword(.typed(model.password.paste(text)))) }),
      KeyBinding(.enter, "Save password", .sync(.newPassword(.submit)), when: \.isTypingNewPassword),
      KeyBinding(.escape, "Cancel", .sync(.newPassword(.cancel)), when: { $0.sync.newPassword != nil }),
      // Choosing the address book.
      KeyBinding([.up, .down], "Move", shownAs: "↑↓", when: \.isChoosing) { key, _ in
        .sync(.setup(.moveChoice(by: key == .up ? -1 : 1)))
      },
      KeyBinding(.enter, "Link", .sync(.setup(.choose)), when: \.isChoosing),
      KeyBinding(.escape, "Back", .sync(.setup(.back)), named: "back-to-form", when: \.isChoosing),
      // A click selects an address book or a conflict; a double click on the book links it.
      .click(SyncView.books, when: \.isChoosing) { click, model in
        guard case .choosing(_, let selected) = model.sync.setup.status else {
          return .sync(.setup(.moveChoice(by: 0)))
        }
        return click.count > 1 && click.index == selected
          ? .sync(.setup(.choose)) : .sync(.setup(.moveChoice(by: click.index - selected)))
      },
      .click(SyncView.conflicts, when: \.hasConflicts) { click, model in
        .sync(.moveConflict(by: click.index - model.sync.selectedConflict))
      },
      // Linked.
      KeyBinding(.character("s"), "Sync now", .sync(.syncNow), when: { $0.isLinkedIdle && !$0.sync.isRunning }),
      KeyBinding([.up, .down], "Conflict", shownAs: "↑↓", when: \.hasConflicts) { key, _ in
        .sync(.moveConflict(by: key == .up ? -1 : 1))
      },
      KeyBinding(.character("h"), "Keep here", .sync(.resolve(.here)), when: \.hasConflicts),
      KeyBinding(.character("t"), "Keep server's", .sync(.resolve(.server)), when: \.hasConflicts),
      KeyBinding(.character("b"), "Keep both", .sync(.resolve(.both)), when: \.hasConflicts),
      KeyBinding(.character("p"), "New password", .sync(.newPassword(.start)), when: \.isLinkedIdle),
      KeyBinding(.character("u"), "Unlink", .sync(.askToForget), when: \.isLinkedIdle),
      // A book the server no longer has: its contacts to another book, or kept here only.
      KeyBinding(.character("m"), "Move gone book", .sync(.askToMoveGoneBook), when: \.canMoveGoneBook),
      KeyBinding(.character("k"), "Keep gone book here", .sync(.askToUnlinkGoneBook), when: \.canUnlinkGoneBook),
      KeyBinding(.character("r"), "Retry", .sync(.load), when: { $0.sync.overview.failure != nil }),
      KeyBinding(.escape, "Back", .route(.pop), when: { !$0.isChoosing && $0.sync.newPassword == nil }).essential(),
    ])

  /// The name the set-up form's fields and Connect answer clicks by.
  static let setupControl = "sync-setup"

  /// The link as it is now.
  public func onAppear(_ model: ViewModel) -> AppAction? { .sync(.load) }

  public func title(_ model: ViewModel) -> String { "Sync" }

  public func body(_ model: ViewModel, isFocused: Bool) -> any View {
    SyncView(model: model, isFocused: isFocused)
  }
}
