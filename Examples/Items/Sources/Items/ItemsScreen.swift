import TermFlow

/// The list: moves the selection (the wheel too; a click selects a row), opens an item (a double
/// click too), adds one, asks to delete one, quits. Its key map turns keys and clicks into the
/// app's actions and is its help bar.
struct ItemsScreen: Screen {
  struct ViewModel: Equatable {
    var items: [Item]
    var selected: Int

    var selectedID: Int? { items.indices.contains(selected) ? items[selected].id : nil }
  }

  func select(_ state: ItemsState) -> ViewModel { ViewModel(items: state.items, selected: state.selected) }

  static let keys = KeyMap<ViewModel, ItemsAction>([
    KeyBinding([.up, .down], "Move", shownAs: "↑↓") { key, model in .select(model.selected + (key == .up ? -1 : 1)) },
    KeyBinding(.enter, "Open", when: { $0.selectedID != nil }) { _, model in .route(.push(["\(model.selectedID!)"])) },
    KeyBinding("a", "Add", .route(.push(["new"]))),
    KeyBinding("d", "Delete", when: { $0.selectedID != nil }) { .askToDelete(id: $1.selectedID!) },
    KeyBinding("q", "Quit", .quit).essential(),
    // A click selects a row; a double click on the selected one opens it.
    .click("items") { click, model in
      click.count > 1 && click.index == model.selected ? .route(.push(["\(model.selectedID!)"])) : .select(click.index)
    },
  ])

  func title(_ model: ViewModel) -> String { "All" }

  /// Every row, the selection kept in view at whatever height the stage has.
  func body(_ model: ViewModel, isFocused: Bool) -> any View {
    ListView(
      columns: [ListColumn("Name", .fill)], allRows: model.items.map { ListRow([$0.name]) },
      selected: model.selected, isFocused: isFocused, emptyMessage: "No items", control: "items")
  }
}
