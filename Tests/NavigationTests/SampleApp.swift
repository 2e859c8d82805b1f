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

  private var viewModel = ViewModel(rows: [], selected: 0)
  let onSelect: (Int) -> Void
  let onOpen: (Int) -> Void
  let onDelete: (Int) -> Void

  init(onSelect: @escaping (Int) -> Void, onOpen: @escaping (Int) -> Void, onDelete: @escaping (Int) -> Void) {
    self.onSelect = onSelect
    self.onOpen = onOpen
    self.onDelete = onDelete
  }

  static func select(_ state: SampleState) -> ViewModel {
    ViewModel(rows: state.items, selected: state.selected)
  }

  func receive(_ value: ViewModel) { viewModel = value }

  var title: String { "Items" }
  var help: [HelpItem] {
    [HelpItem(key: "↑↓", label: "Move"), HelpItem(key: "Enter", label: "Open"), HelpItem(key: "d", label: "Delete")]
  }

  func body(isFocused: Bool) -> any View {
    let window = ScrollWindow(
      total: viewModel.rows.count, visible: max(1, viewModel.rows.count), selected: viewModel.selected)
    return ListView(
      columns: [ListColumn("Name", .fill)], rows: viewModel.rows.map { ListRow([$0]) }, window: window,
      isFocused: isFocused, emptyMessage: "No items")
  }

  func handle(_ event: InputEvent) -> Bool {
    guard case .key(let key) = event else { return false }
    switch key {
    case .down: onSelect(viewModel.selected + 1)
    case .up: onSelect(viewModel.selected - 1)
    case .enter: onOpen(viewModel.selected)
    case .character("d"): onDelete(viewModel.selected)
    default: return false
    }
    return true
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

  var title: String { name }
  var help: [HelpItem] { [HelpItem(key: "Esc", label: "Back")] }

  func body(isFocused: Bool) -> any View {
    Padding(
      VStack([
        .fixed(1, Text(name, style: Style.plain.bold)),
        .fixed(1, detail.map { Text($0) } ?? Spinner(tick: 0, label: "Loading…") as any View),
      ]), horizontal: 1, vertical: 1)
  }

  func handle(_ event: InputEvent) -> Bool { false }
}

/// Reads the route and puts screens on stage; turns intents into actions.
@MainActor
final class SampleCoordinator: Coordinator {
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

  /// Keys the focused screen did not use: Esc goes back.
  func handle(_ event: InputEvent) {
    if wireframe.handle(event) { return }
    if event == .key(.escape) { store.send(.route(.pop)) }
  }

  private func show(_ route: Route) {
    var wanted: [(key: String, make: () -> any Screen)] = [("items", makeItems)]
    if route.path.count == 2, let index = Int(route.path[1]) {
      wanted.append(("items/\(index)", { self.makeDetail(index) }))
    }
    wireframe.show(stack: registry.screens(for: wanted))
  }

  private func makeItems() -> any Screen {
    let screen = ItemsScreen(
      onSelect: { [store] in store.send(.select($0)) },
      onOpen: { [store] in store.send(.route(.push(["\($0)"]))) },
      onDelete: { [store] index in store.send(.askToDelete(index)) })
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
