public import Flow
public import Navigation
public import TerminalUI

/// The sync screen, reached from the list with `s`: set-up while the account has no server
/// (the server, the user name, the password, then the address book to link or make), and once
/// linked the link's state, a key to sync now, the conflicts with both versions side by side,
/// and unlinking.
@MainActor
public final class SyncScreen: Screen, StoreSubscriber {
  public enum Intent: Equatable, Sendable {
    case sync(SyncAction)
    /// A key for the password field: applied outside the store (see ``ServerPasswordEntry``).
    case passwordKey(Key)
    case passwordPaste(String)
    case back
  }

  public struct ViewModel: Equatable, Sendable {
    public var sync: SyncState
    /// The spinner's frame, only while something runs.
    public var tick: Int

    var setup: SyncSetupForm? { sync.overview == .loaded(nil) ? sync.setup : nil }
    var isEditingSetup: Bool { setup?.focusedInput != nil }
    var isChoosing: Bool { setup?.isChoosing == true }
    var linked: SyncOverview? { sync.overview.value ?? nil }
    var hasConflicts: Bool { linked.map { !$0.conflicts.isEmpty } ?? false }
  }

  /// The keys of each state of the screen, and its help.
  static let keys = KeyMap<ViewModel, Intent>([
    // Set-up: the focused field takes its editing keys; the password's never reach the store.
    .typing(
      when: { [.server, .username].contains($0.setup?.focusedInput) }, key: { .sync(.setup(.key($0))) },
      paste: { .sync(.setup(.paste($0))) }),
    .typing(when: { $0.setup?.focusedInput == .password }, key: { .passwordKey($0) }, paste: { .passwordPaste($0) }),
    KeyBinding(.tab, "Next field", .sync(.setup(.nextField)), when: { $0.setup != nil && !$0.isChoosing }),
    KeyBinding(
      .down, "Next field", .sync(.setup(.nextField)), hidden: true, when: { $0.setup != nil && !$0.isChoosing }),
    KeyBinding(
      [.backTab, .up], "Previous field", hidden: true, when: { $0.setup != nil && !$0.isChoosing }
    ) { _, _ in .sync(.setup(.previousField)) },
    KeyBinding(.enter, "Connect", .sync(.setup(.submit)), when: { $0.setup != nil && !$0.isChoosing }),
    // Choosing the address book.
    KeyBinding([.up, .down], "Move", shownAs: "↑↓", when: \.isChoosing) { key, _ in
      .sync(.setup(.moveChoice(by: key == .up ? -1 : 1)))
    },
    KeyBinding(.enter, "Link", .sync(.setup(.choose)), when: \.isChoosing),
    KeyBinding(.escape, "Back", .sync(.setup(.back)), when: \.isChoosing),
    // Linked.
    KeyBinding(.character("s"), "Sync now", .sync(.syncNow), when: { $0.linked != nil && !$0.sync.isRunning }),
    KeyBinding([.up, .down], "Conflict", shownAs: "↑↓", when: \.hasConflicts) { key, _ in
      .sync(.moveConflict(by: key == .up ? -1 : 1))
    },
    KeyBinding(.character("h"), "Keep here", .sync(.resolve(.here)), when: \.hasConflicts),
    KeyBinding(.character("t"), "Keep server's", .sync(.resolve(.server)), when: \.hasConflicts),
    KeyBinding(.character("b"), "Keep both", .sync(.resolve(.both)), when: \.hasConflicts),
    KeyBinding(.character("u"), "Unlink", .sync(.askToForget), when: { $0.linked != nil }),
    KeyBinding(.character("r"), "Retry", .sync(.load), when: { $0.sync.overview.failure != nil }),
    KeyBinding(.escape, "Back", .back, when: { !$0.isChoosing }),
  ])

  private var model = ViewModel(sync: SyncState(), tick: 0)
  private let onIntent: (Intent) -> Void

  public init(onIntent: @escaping (Intent) -> Void) {
    self.onIntent = onIntent
  }

  public nonisolated static func select(_ state: AppState) -> ViewModel? {
    guard let sync = state.signedIn?.sync else { return nil }
    let busy =
      sync.isRunning || sync.overview.isLoading || sync.setup.status == .connecting
      || sync.setup.status == .linking
    return ViewModel(sync: sync, tick: busy ? state.tick : 0)
  }

  public func receive(_ value: ViewModel?) {
    if let value { model = value }
  }

  public var title: String { "Sync" }

  public var keyMap: KeyMap<ViewModel, Intent> { Self.keys }
  public var keyContext: ViewModel { model }
  public func send(_ intent: Intent) { onIntent(intent) }

  public func body(isFocused: Bool) -> any View {
    SyncView(model: model, isFocused: isFocused)
  }
}
