public import ContactsModel
public import Navigation
public import TerminalUI

/// The likely duplicates, reached from the list with `D`: each group's first contact (which
/// survives a merge) beside the next, the fields where they differ marked, and below them the
/// single fields both fill differently, each taken from one side. Merge (after asking), keep
/// them apart for good, skip to the next group, or undo the last merge.
public struct DuplicatesScreen: Screen {
  public init() {}

  public struct ViewModel: Equatable, Sendable {
    public var search: DuplicatesState.Search
    public var groupCount: Int
    public var position: Int
    /// Which contact of the group is beside the first, and of how many (0 without a group).
    public var contactInGroup: Int
    public var groupSize: Int
    public var reason: String
    public var pair: Loadable<ContactPair>?
    public var takeFromOther: Set<ContactMerge.Field>
    public var selectedChoice: Int
    public var isWriting: Bool
    public var canUndo: Bool
    public var message: DuplicatesState.Message?
    /// The spinner's frame, only while something runs.
    public var tick: Int

    var shown: ContactPair? { pair?.value }
    var canAct: Bool { shown != nil && !isWriting }
    var hasChoices: Bool { canAct && !(shown?.choices.isEmpty ?? true) }
    var canRetry: Bool {
      if case .failed = search { return true }
      return pair?.failure != nil
    }
  }

  public func select(_ state: AppState) -> ViewModel {
    let duplicates = state.signedIn?.duplicates ?? DuplicatesState()
    return ViewModel(
      search: duplicates.search, groupCount: duplicates.groups.count, position: duplicates.position,
      contactInGroup: duplicates.placeInGroup?.contact ?? 0, groupSize: duplicates.placeInGroup?.of ?? 0,
      reason: duplicates.group?.reason ?? "", pair: duplicates.pair, takeFromOther: duplicates.takeFromOther,
      selectedChoice: duplicates.selectedChoice, isWriting: duplicates.isWriting,
      canUndo: duplicates.lastMerge != nil && !duplicates.isWriting, message: duplicates.message,
      tick: duplicates.isBusy ? state.tick : 0)
  }

  /// What the config file calls these keys: `[keys.duplicates]`.
  public static let keysName = "duplicates"

  public static let keys = KeyMap<ViewModel, AppAction>([
    KeyBinding([.up, .down], "Field", shownAs: "↑↓", when: \.hasChoices) { key, _ in
      .duplicates(.moveChoice(by: key == .up ? -1 : 1))
    },
    KeyBinding([.left, .right], "Pick side", shownAs: "←→", when: \.hasChoices) { key, _ in
      .duplicates(.takeFromOther(key == .right))
    },
    KeyBinding(.character("m"), "Merge", .duplicates(.askToMerge), when: \.canAct),
    KeyBinding(.character("n"), "Not duplicates", .duplicates(.keepApart), when: \.canAct),
    KeyBinding(.character("s"), "Skip", .duplicates(.skip), when: { $0.canAct && $0.groupCount > 1 }),
    KeyBinding(.character("u"), "Undo merge", .duplicates(.undo), when: \.canUndo),
    KeyBinding(.character("r"), "Retry", .duplicates(.find), when: \.canRetry),
    KeyBinding(.escape, "Back", .route(.pop)).essential(),
  ])

  /// Looks for duplicates afresh each time the screen comes on stage.
  public func onAppear(_ model: ViewModel) -> AppAction? { .duplicates(.find) }

  public func title(_ model: ViewModel) -> String { "Duplicates" }

  public func body(_ model: ViewModel, isFocused: Bool) -> any View {
    Padding(DuplicatesView(model: model, isFocused: isFocused), horizontal: 1, vertical: 0)
  }
}
