import TermFlow

/// Reads the route and puts screens on stage: the list (`items`) and an item's detail on top of
/// it (`items/<id>`). The screens' key maps send the app's actions themselves.
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

  private func show(_ route: Route) {
    var wanted: [(key: String, make: () -> any Screen)] = [("items", makeList)]
    if let id = route.detailID, store.state.item(id: id) != nil {
      wanted.append(("items/\(id)", { self.makeDetail(id) }))
    }
    wireframe.show(stack: registry.screens(for: wanted))
  }

  private func makeList() -> any Screen {
    let screen = ItemsScreen { [store] in store.send($0) }
    store.subscribe(screen, select: ItemsScreen.select)
    return screen
  }

  private func makeDetail(_ id: Int) -> any Screen {
    let screen = DetailScreen(id: id) { [store] in store.send($0) }
    store.subscribe(screen, select: DetailScreen.select(id: id))
    store.send(.loadDetail(id: id))
    return screen
  }
}
