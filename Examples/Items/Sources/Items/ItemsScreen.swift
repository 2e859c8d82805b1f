import TermFlow

/// The list: moves the selection, opens an item, asks to delete one, quits. Its key map turns
/// keys into the app's actions and is its help bar.
@MainActor
final class ItemsScreen: Screen, StoreSubscriber {
  struct ViewModel: Equatable {
    var items: [Item]
    var selected: Int

    var selectedID: Int? { items.indices.contains(selected) ? items[selected].id : nil }
  }

  static let keys = KeyMap<ViewModel, ItemsAction>([
    KeyBinding([.up, .down], "Move", shownAs: "↑↓") { key, model in .select(model.selected + (key == .up ? -1 : 1)) },
    KeyBinding(.enter, "Open", when: { $0.selectedID != nil }) { _, model in .route(.push(["\(model.selectedID!)"])) },
    KeyBinding(.character("d"), "Delete", when: { $0.selectedID != nil }) { _, model in
      .askToDelete(id: model.selectedID!)
    },
    KeyBinding(.character("q"), "Quit", .quit),
  ])

  private(set) var keyContext = ViewModel(items: [], selected: 0)
  private let dispatch: (ItemsAction) -> Void

  init(send: @escaping (ItemsAction) -> Void) { dispatch = send }

  static func select(_ state: ItemsState) -> ViewModel { ViewModel(items: state.items, selected: state.selected) }

  func receive(_ value: ViewModel) { keyContext = value }

  var keyMap: KeyMap<ViewModel, ItemsAction> { Self.keys }
  func send(_ action: ItemsAction) { dispatch(action) }
  var title: String { "All" }

  /// Every row, the selection kept in view at whatever height the stage has.
  func body(isFocused: Bool) -> any View {
    ListView(
      columns: [ListColumn("Name", .fill)], allRows: keyContext.items.map { ListRow([$0.name]) },
      selected: keyContext.selected, isFocused: isFocused, emptyMessage: "No items")
  }
}
