import Flow
import Navigation
import TerminalUI

/// A small app with the shape of the real one: a list (`items`), a detail (`items/<n>`) whose
/// data an effect loads, and a delete confirmation (a dialog in state). It exercises the store,
/// the route reducer, a coordinator and the wireframe together.
struct SampleState: Equatable {
  var route = Route(["items"])
  var items = ["Ada Lovelace", "Grace Hopper", "Zoë Ångström", "李小龍"]
  var selected = 0
  var details: [Int: String] = [:]
  var dialog: Dialog<SampleAction>?
}

enum SampleAction: Equatable, Sendable {
  case route(RouteAction)
  case select(Int)
  case loadDetail(Int)
  case detailLoaded(Int, String)
  case askToDelete(Int)
  case dismissDialog
  case delete(Int)
}

/// What the detail load waits on: tests hold it, so loads finish only when told to. Once open
/// it stays open, so a load that starts after `open()` does not wait.
actor DetailGate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}

func sampleReducer(gate: DetailGate) -> Reducer<SampleState, SampleAction> {
  Reducer.combine(
    routeReducer.pullback(
      state: \SampleState.route,
      action: ActionPath(
        embed: SampleAction.route, extract: { if case .route(let action) = $0 { action } else { nil } })
    ),
    Reducer { state, action in
      switch action {
      case .route:
        return .none
      case .select(let index):
        state.selected = max(0, min(state.items.count - 1, index))
        return .none
      case .loadDetail(let index):
        return .run { send in
          await gate.wait()
          await send(.detailLoaded(index, "Details of #\(index)"))
        }
        .cancellable(id: "items/\(index)")
      case .detailLoaded(let index, let text):
        state.details[index] = text
        return .none
      case .askToDelete(let index):
        guard state.items.indices.contains(index) else { return .none }
        state.dialog = .confirmation(
          title: "Delete item?", message: "Delete “\(state.items[index])”? This cannot be undone.", confirm: "Delete",
          sends: .delete(index))
        return .none
      case .dismissDialog:
        state.dialog = nil
        return .none
      case .delete(let index):
        guard state.items.indices.contains(index) else { return .none }
        state.items.remove(at: index)
        state.selected = min(state.selected, max(0, state.items.count - 1))
        return .none
      }
    }
  )
}

@MainActor
final class ItemsScreen: Screen, StoreSubscriber {
  struct ViewModel: Equatable {
    var rows: [String]
    var selected: Int
  }

  enum Intent: Equatable, Sendable { case select(Int), open(Int), delete(Int) }

  static let keys = KeyMap<ViewModel, Intent>([
    KeyBinding([.up, .down], "Move", shownAs: "↑↓") { key, model in .select(model.selected + (key == .up ? -1 : 1)) },
    KeyBinding(.enter, "Open") { _, model in .open(model.selected) },
    KeyBinding(.character("d"), "Delete") { _, model in .delete(model.selected) },
  ])

  private(set) var keyContext = ViewModel(rows: [], selected: 0)
  let onIntent: (Intent) -> Void

  init(onIntent: @escaping (Intent) -> Void) {
    self.onIntent = onIntent
  }

  static func select(_ state: SampleState) -> ViewModel {
    ViewModel(rows: state.items, selected: state.selected)
  }

  func receive(_ value: ViewModel) { keyContext = value }

  var keyMap: KeyMap<ViewModel, Intent> { Self.keys }
  func send(_ intent: Intent) { onIntent(intent) }

  var title: String { "Items" }

  func body(isFocused: Bool) -> any View {
    let window = ScrollWindow(
      total: keyContext.rows.count, visible: max(1, keyContext.rows.count), selected: keyContext.selected)
    return ListView(
      columns: [ListColumn("Name", .fill)], rows: keyContext.rows.map { ListRow([$0]) }, window: window,
      isFocused: isFocused, emptyMessage: "No items")
  }
}

@MainActor
final class DetailScreen: Screen, StoreSubscriber {
  let index: Int
  private var name = ""
  private var detail: String?

  init(index: Int) { self.index = index }

  func receive(_ value: (name: String, detail: String?)) {
    name = value.name
    detail = value.detail
  }

  /// No keys of its own: Esc is the coordinator's.
  let keyMap = KeyMap<Void, Never>([])
  var keyContext: Void { () }
  func send(_ intent: Never) {}

  var title: String { name }

  func body(isFocused: Bool) -> any View {
    Padding(
      VStack([
        .fixed(1, Text(name, style: Style.plain.bold)),
        .fixed(1, detail.map { Text($0) } ?? Spinner(tick: 0, label: "Loading…") as any View),
      ]), horizontal: 1, vertical: 1)
  }
}

/// Reads the route and puts screens on stage; turns intents into actions.
@MainActor
final class SampleCoordinator: Coordinator, KeyResponder {
  let store: Store<SampleState, SampleAction>
  let wireframe: Wireframe
  let tracker: ((AnyObject, String) -> Void)?
  private lazy var registry = ScreenRegistry { [store] key, screen in
    store.unsubscribe(screen)
    store.cancelEffects(id: key)
  }

  init(store: Store<SampleState, SampleAction>, wireframe: Wireframe, tracker: ((AnyObject, String) -> Void)? = nil) {
    self.store = store
    self.wireframe = wireframe
    self.tracker = tracker
  }

  func start() {
    store.observe(self, select: \.route) { coordinator, route in coordinator.show(route) }
    store.observe(self, select: \.dialog) { coordinator, dialog in
      coordinator.wireframe.present(dialog) { [store = coordinator.store] button in
        store.send(.dismissDialog)
        if let action = button.action { store.send(action) }
      }
    }
  }

  func stop() {
    store.unsubscribe(self)
    registry.removeAll()
    wireframe.show(stack: [])
    wireframe.dismissModal()
  }

  /// Keys the focused screen leaves: Esc goes back from a detail.
  let keyMap = KeyMap<Int, SampleAction>([
    KeyBinding(.escape, "Back", .route(.pop), when: { $0 > 1 })
  ])
  var keyContext: Int { store.state.route.path.count }
  func send(_ action: SampleAction) { store.send(action) }

  private func show(_ route: Route) {
    var wanted: [(key: String, make: () -> any Screen)] = [("items", makeItems)]
    if route.path.count == 2, let index = Int(route.path[1]) {
      wanted.append(("items/\(index)", { self.makeDetail(index) }))
    }
    wireframe.show(stack: registry.screens(for: wanted))
  }

  private func makeItems() -> any Screen {
    let screen = ItemsScreen { [store] intent in
      switch intent {
      case .select(let index): store.send(.select(index))
      case .open(let index): store.send(.route(.push(["\(index)"])))
      case .delete(let index): store.send(.askToDelete(index))
      }
    }
    store.subscribe(screen, select: ItemsScreen.select)
    tracker?(screen, "items")
    return screen
  }

  private func makeDetail(_ index: Int) -> any Screen {
    let screen = DetailScreen(index: index)
    store.subscribe(
      screen,
      select: { state in (state.items.indices.contains(index) ? state.items[index] : "?", state.details[index]) })
    store.send(.loadDetail(index))
    tracker?(screen, "items/\(index)")
    return screen
  }
}
