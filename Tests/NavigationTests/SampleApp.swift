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

/// The list: its keys send the app's actions.
struct ItemsScreen: Screen {
  struct ViewModel: Equatable {
    var rows: [String]
    var selected: Int
  }

  func select(_ state: SampleState) -> ViewModel { ViewModel(rows: state.items, selected: state.selected) }

  static let keys = KeyMap<ViewModel, SampleAction>([
    KeyBinding([.up, .down], "Move", shownAs: "↑↓") { key, model in .select(model.selected + (key == .up ? -1 : 1)) },
    KeyBinding(.enter, "Open") { _, model in .route(.push(["\(model.selected)"])) },
    KeyBinding(.character("d"), "Delete") { _, model in .askToDelete(model.selected) },
  ])

  func title(_ model: ViewModel) -> String { "Items" }

  func body(_ model: ViewModel, isFocused: Bool) -> any View {
    ListView(
      columns: [ListColumn("Name", .fill)], allRows: model.rows.map { ListRow([$0]) }, selected: model.selected,
      isFocused: isFocused, emptyMessage: "No items")
  }
}

/// One item; coming on stage it loads its detail. No keys of its own: Esc is the coordinator's.
struct DetailScreen: Screen {
  let index: Int

  struct ViewModel: Equatable {
    var name: String
    var detail: String?
  }

  func select(_ state: SampleState) -> ViewModel {
    ViewModel(name: state.items.indices.contains(index) ? state.items[index] : "?", detail: state.details[index])
  }

  static let keys = KeyMap<ViewModel, SampleAction>([])
  func onAppear(_ model: ViewModel) -> SampleAction? { .loadDetail(index) }
  func title(_ model: ViewModel) -> String { model.name }

  func body(_ model: ViewModel, isFocused: Bool) -> any View {
    Padding(
      VStack([
        .fixed(1, Text(model.name, style: Style.plain.bold)),
        .fixed(1, model.detail.map { Text($0) } ?? Spinner(tick: 0, label: "Loading…") as any View),
      ]), horizontal: 1, vertical: 1)
  }
}

/// Reads the route and names the screens on stage; Esc goes back from a detail.
struct SampleCoordinator: Coordinator {
  func stage(for state: SampleState) -> Stage<SampleState, SampleAction> {
    let route = state.route
    guard route.path.count == 2, let index = Int(route.path[1]) else { return Stage([ItemsScreen()]) }
    return Stage([ItemsScreen(), DetailScreen(index: index)])
  }

  let keys = KeyMap<SampleState, SampleAction>([
    KeyBinding(.escape, "Back", .route(.pop), when: { $0.route.path.count > 1 })
  ])
}
