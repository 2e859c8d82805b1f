import TermFlow

/// The list: moves the selection, opens an item, asks to delete one. It reports intents; the
/// coordinator turns them into actions.
@MainActor
final class ItemsScreen: Screen, StoreSubscriber {
  struct ViewModel: Equatable {
    var rows: [String]
    var selected: Int
  }

  private var viewModel = ViewModel(rows: [], selected: 0)
  private let onSelect: (Int) -> Void
  private let onOpen: (Int) -> Void
  private let onDelete: (Int) -> Void

  init(onSelect: @escaping (Int) -> Void, onOpen: @escaping (Int) -> Void, onDelete: @escaping (Int) -> Void) {
    self.onSelect = onSelect
    self.onOpen = onOpen
    self.onDelete = onDelete
  }

  static func select(_ state: ItemsState) -> ViewModel {
    ViewModel(rows: state.items.map(\.name), selected: state.selected)
  }

  func receive(_ value: ViewModel) { viewModel = value }

  var title: String { "All" }
  var help: [HelpItem] {
    [
      HelpItem(key: "↑↓", label: "Move"), HelpItem(key: "Enter", label: "Open"), HelpItem(key: "d", label: "Delete"),
      HelpItem(key: "q", label: "Quit"),
    ]
  }

  /// Every row, the selection kept in view at whatever height the stage has.
  func body(isFocused: Bool) -> any View {
    ListView(
      columns: [ListColumn("Name", .fill)], allRows: viewModel.rows.map { ListRow([$0]) },
      selected: viewModel.selected, isFocused: isFocused, emptyMessage: "No items")
  }

  func handle(_ event: InputEvent) -> Bool {
    guard case .key(let key) = event else { return false }
    switch key {
    case .down: onSelect(viewModel.selected + 1)
    case .up: onSelect(viewModel.selected - 1)
    case .enter where !viewModel.rows.isEmpty: onOpen(viewModel.selected)
    case .character("d") where !viewModel.rows.isEmpty: onDelete(viewModel.selected)
    default: return false
    }
    return true
  }
}
