import TermFlow

/// One entry of the list. Its id, not its position, names it in the route (`items/3`), so a
/// deep link still means the same item after others are deleted.
struct Item: Equatable, Sendable {
  var id: Int
  var name: String
}

/// The whole app's state: the route (what is on stage), the items, the details loaded so far,
/// and the question over the stage, if any.
struct ItemsState: Equatable {
  var route = Route(["items"])
  var items = [
    Item(id: 1, name: "Ada Lovelace"), Item(id: 2, name: "Grace Hopper"), Item(id: 3, name: "Zoë Ångström"),
    Item(id: 4, name: "李小龍"),
  ]
  var selected = 0
  var details: [Int: String] = [:]
  /// Turns while a detail is loading: the spinner's frame.
  var tick = 0
  var dialog: Dialog<ItemsAction>?
  var newItem = Form<NewItemField>.empty

  /// Whether a detail on stage is still loading (the spinner turns only then).
  var isLoading: Bool {
    guard let id = route.detailID else { return false }
    return details[id] == nil
  }

  func item(id: Int) -> Item? { items.first { $0.id == id } }
}

/// Codable, so that a session of the app can be recorded and replayed.
enum ItemsAction: Codable, Equatable, Sendable {
  case route(RouteAction)
  case select(Int)
  case loadDetail(id: Int)
  case detailLoaded(id: Int, String)
  /// Asks first: the confirmation's Delete sends `.delete`.
  case askToDelete(id: Int)
  case dismissDialog
  case delete(id: Int)
  /// The add form's meanings (``AddScreen``): its submit adds the item.
  case add(FormIntent)
  case tick
  case quit
}

extension Route {
  /// The item whose detail the route shows (`items/<id>`), if any.
  var detailID: Int? {
    path.count == 2 && path[0] == "items" ? Int(path[1]) : nil
  }
}

/// The add form's one field, and its rule: a name that is not blank.
enum NewItemField: Hashable, Sendable { case name }

extension Form<NewItemField> {
  static let rules: FormRules<NewItemField> = {
    $0.text(.name).allSatisfy(\.isWhitespace) ? [.field(.name): "Enter a name"] : [:]
  }
  /// Empty, its rule applied, so that Add starts disabled.
  static var empty: Self {
    var form = Self([FormField(.name, "Name", .text(TextInput(maxLength: 100)), placeholder: "Who to add")])
    form.validate(rules)
    return form
  }
}

/// Where details come from: the app's one dependency, so that tests load them at once (or
/// when they say).
struct ItemsClient: Sendable {
  var detail: @Sendable (Item) async throws -> String

  /// Details as a slow server would send them: after a moment, long enough to see the spinner.
  static let live = ItemsClient { item in
    try await Task.sleep(for: .milliseconds(400))
    return "Item #\(item.id), loaded by an effect."
  }
}

/// The route's own reducer pulled back into the app's, beside the app's own actions.
func itemsReducer(_ client: ItemsClient) -> Reducer<ItemsState, ItemsAction> {
  Reducer.combine(
    routeReducer.pullback(
      state: \ItemsState.route,
      action: ActionPath(embed: ItemsAction.route, extract: { if case .route(let action) = $0 { action } else { nil } })
    ),
    Reducer { state, action in
      switch action {
      case .route: return .none
      case .select(let index):
        state.selected = max(0, min(state.items.count - 1, index))
        return .none
      case .loadDetail(let id):
        guard let item = state.item(id: id), state.details[id] == nil else { return .none }
        // The detail screen sends this as it comes on stage: leaving, it cancels the load.
        return .run { send in await send(.detailLoaded(id: id, try await client.detail(item))) }
      case .detailLoaded(let id, let text):
        state.details[id] = text
        return .none
      case .askToDelete(let id):
        guard let item = state.item(id: id) else { return .none }
        state.dialog = .confirmation(
          title: "Delete item?", message: "Delete “\(item.name)”? This cannot be undone.", confirm: "Delete",
          sends: .delete(id: id))
        return .none
      case .dismissDialog:
        state.dialog = nil
        return .none
      case .delete(let id):
        // Back to the list first if the deleted item's detail is on stage.
        if state.route.detailID == id { state.route.path.removeLast() }
        state.items.removeAll { $0.id == id }
        state.details[id] = nil
        state.selected = min(state.selected, max(0, state.items.count - 1))
        return .none
      case .add(let intent):
        guard state.newItem.apply(intent, rules: Form.rules) == .submit else { return .none }
        state.items.append(Item(id: (state.items.map(\.id).max() ?? 0) + 1, name: state.newItem.text(.name)))
        (state.selected, state.newItem) = (state.items.count - 1, .empty)
        state.route.path.removeLast()
        return .none
      case .tick:
        state.tick += 1
        return .none
      case .quit: return .quit
      }
    }
  )
}
