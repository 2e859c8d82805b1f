import TermFlow

/// One item: its name, and its detail once loaded (a spinner until then). Coming on stage it
/// loads the detail; leaving, the framework cancels that load.
struct DetailScreen: Screen {
  let id: Int

  struct ViewModel: Equatable {
    var id: Int
    var name: String
    var detail: String?
    var tick: Int
  }

  func select(_ state: ItemsState) -> ViewModel {
    let detail = state.details[id]
    return ViewModel(id: id, name: state.item(id: id)?.name ?? "", detail: detail, tick: detail == nil ? state.tick : 0)
  }

  static let keys = KeyMap<ViewModel, ItemsAction>([
    KeyBinding(.escape, "Back", .route(.pop)),
    KeyBinding("d", "Delete") { _, model in .askToDelete(id: model.id) },
  ])

  func onAppear(_ model: ViewModel) -> ItemsAction? { .loadDetail(id: id) }

  func title(_ model: ViewModel) -> String { model.name }

  func body(_ model: ViewModel, isFocused: Bool) -> any View {
    let detail: any View = model.detail.map { Text($0) } ?? Spinner(tick: model.tick, label: "Loading…")
    return Padding(
      VStack([.fixed(1, Text(model.name, style: Style.plain.bold)), .fixed(1, Spacer()), .fixed(1, detail)]),
      horizontal: 1, vertical: 1)
  }
}
