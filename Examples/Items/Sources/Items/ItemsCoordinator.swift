import TermFlow

/// Reads the route and puts screens on stage: the list (`items`) and an item's detail on top of
/// it (`items/<id>`). Turns the screens' intents into actions.
@MainActor
final class ItemsCoordinator: Coordinator {
  private let store: Store<ItemsState, ItemsAction>
  private let wireframe: Wireframe
  /// Screens by route key; leaving a route unsubscribes its screen and cancels its load.
  private lazy var registry = ScreenRegistry { [store] key, screen in
    store.unsubscribe(screen)
    store.cancelEffects(id: key)
  }

  init(store: Store<ItemsState, ItemsAction>, wireframe: Wireframe) {
    self.store = store
    self.wireframe = wireframe
  }

  func start() {
    store.observe(self, select: \.route) { coordinator, route in coordinator.show(route) }
  }

  func stop() {
    store.unsubscribe(self)
    registry.removeAll()
    wireframe.show(stack: [])
  }

  /// Keys no screen used: Esc goes back, q quits from the list.
  func handleUnused(_ event: InputEvent) {
    switch event {
    case .key(.escape) where store.state.route.path.count > 1: store.send(.route(.pop))
    case .key(.character("q")) where store.state.route.path.count == 1: store.send(.quit)
    default: break
    }
  }

  private func show(_ route: Route) {
    var wanted: [(key: String, make: () -> any Screen)] = [("items", makeList)]
    if let id = route.detailID, store.state.item(id: id) != nil {
      wanted.append(("items/\(id)", { self.makeDetail(id) }))
    }
    wireframe.show(stack: registry.screens(for: wanted))
  }

  private func makeList() -> any Screen {
    let screen = ItemsScreen(
      onSelect: { [store] in store.send(.select($0)) },
      onOpen: { [store] index in store.send(.route(.push(["\(store.state.items[index].id)"]))) },
      onDelete: { [store] index in store.send(.askToDelete(id: store.state.items[index].id)) })
    store.subscribe(screen, select: ItemsScreen.select)
    return screen
  }

  private func makeDetail(_ id: Int) -> any Screen {
    let screen = DetailScreen(onDelete: { [store] in store.send(.askToDelete(id: id)) })
    store.subscribe(screen, select: DetailScreen.select(id: id))
    store.send(.loadDetail(id: id))
    return screen
  }
}
