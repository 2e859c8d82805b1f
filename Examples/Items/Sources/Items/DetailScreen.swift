import TermFlow

/// One item: its name, and its detail once the effect has loaded it (a spinner until then).
@MainActor
final class DetailScreen: Screen, StoreSubscriber {
  struct ViewModel: Equatable {
    var name: String
    var detail: String?
    var tick: Int
  }

  private var viewModel = ViewModel(name: "", detail: nil, tick: 0)
  private let onDelete: () -> Void

  init(onDelete: @escaping () -> Void) {
    self.onDelete = onDelete
  }

  static func select(id: Int) -> (ItemsState) -> ViewModel {
    { state in
      let detail = state.details[id]
      return ViewModel(name: state.item(id: id)?.name ?? "", detail: detail, tick: detail == nil ? state.tick : 0)
    }
  }

  func receive(_ value: ViewModel) { viewModel = value }

  var title: String { viewModel.name }
  var help: [HelpItem] { [HelpItem(key: "Esc", label: "Back"), HelpItem(key: "d", label: "Delete")] }

  func body(isFocused: Bool) -> any View {
    let detail: any View = viewModel.detail.map { Text($0) } ?? Spinner(tick: viewModel.tick, label: "Loading…")
    return Padding(
      VStack([.fixed(1, Text(viewModel.name, style: Style.plain.bold)), .fixed(1, Spacer()), .fixed(1, detail)]),
      horizontal: 1, vertical: 1)
  }

  func handle(_ event: InputEvent) -> Bool {
    guard event == .key(.character("d")) else { return false }
    onDelete()
    return true
  }
}
