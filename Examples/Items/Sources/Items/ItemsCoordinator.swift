import TermFlow

/// Reads the route and names the screens on stage: the list (`items`) and an item's detail on
/// top of it (`items/<id>`), or the add form (`items/new`).
struct ItemsCoordinator: Coordinator {
  func stage(for state: ItemsState) -> Stage<ItemsState, ItemsAction> {
    if state.route.path == ["items", "new"] { return Stage([ItemsScreen(), AddScreen()]) }
    guard let id = state.route.detailID, state.item(id: id) != nil else { return Stage([ItemsScreen()]) }
    return Stage([ItemsScreen(), DetailScreen(id: id)])
  }
}
