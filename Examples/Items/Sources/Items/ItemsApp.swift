import TermFlow

/// The app: its store, its wireframe (dark, with a 24-bit teal accent) and its coordinator on
/// the framework's app loop, with the mouse, starting at `route` (a deep link such as
/// `items/2`). `effects: .playedBack` makes it an app that replays a recorded session.
@MainActor
func itemsApp(
  route: Route = Route(["items"]), client: ItemsClient = .live,
  effects: Store<ItemsState, ItemsAction>.EffectExecution = .live
) -> NavigationApp<ItemsState, ItemsAction> {
  NavigationApp(
    initialState: ItemsState(route: route), reducer: itemsReducer(client), effects: effects,
    wireframe: Wireframe(appTitle: "Items", theme: .dark.accented(.rgb(0x2E, 0xC4, 0xB6))),
    events: .init(tick: .tick, animates: \.isLoading), dialogs: .init(\.dialog, dismiss: .dismissDialog),
    coordinator: ItemsCoordinator(), reportsMouse: true)
}
