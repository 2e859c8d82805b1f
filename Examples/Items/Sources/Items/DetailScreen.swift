import TermFlow

/// One item: its name, and its detail once the effect has loaded it (a spinner until then).
@MainActor
final class DetailScreen: Screen, StoreSubscriber {
  struct ViewModel: Equatable {
    var id: Int
    var name: String
    var detail: String?
    var tick: Int
  }

  static let keys = KeyMap<ViewModel, ItemsAction>([
    KeyBinding(.escape, "Back", .route(.pop)),
    KeyBinding(.character("d"), "Delete") { _, model in .askToDelete(id: model.id) },
  ])

  private(set) var keyContext: ViewModel
  private let dispatch: (ItemsAction) -> Void

  init(id: Int, send: @escaping (ItemsAction) -> Void) {
    keyContext = ViewModel(id: id, name: "", detail: nil, tick: 0)
    dispatch = send
  }

  static func select(id: Int) -> (ItemsState) -> ViewModel {
    { state in
      let detail = state.details[id]
      return ViewModel(
        id: id, name: state.item(id: id)?.name ?? "", detail: detail, tick: detail == nil ? state.tick : 0)
    }
  }

  func receive(_ value: ViewModel) { keyContext = value }

  var keyMap: KeyMap<ViewModel, ItemsAction> { Self.keys }
  func send(_ action: ItemsAction) { dispatch(action) }
  var title: String { keyContext.name }

  func body(isFocused: Bool) -> any View {
    let detail: any View = keyContext.detail.map { Text($0) } ?? Spinner(tick: keyContext.tick, label: "Loading…")
    return Padding(
      VStack([.fixed(1, Text(keyContext.name, style: Style.plain.bold)), .fixed(1, Spacer()), .fixed(1, detail)]),
      horizontal: 1, vertical: 1)
  }
}
