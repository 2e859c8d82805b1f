public import TerminalUI

/// One screen of an app, declared: what it reads from the state, how it draws that, and what
/// its keys do. The framework does the rest.
///
/// A screen is a small value (a struct), equal to another when it is the same screen: the list,
/// or the detail of item 3. A ``Coordinator`` names the screens the state calls for, and
/// ``NavigationApp`` keeps one live screen per declaration on stage: it subscribes it to the
/// store with ``select(_:)``, draws it when its view model changes, gives it the keys the chain
/// hands it, sends what ``onAppear(_:)`` asks when it comes on stage, and when it leaves
/// unsubscribes it and cancels the effects that started. There is no subscription, teardown or effect id
/// to write.
///
/// ```swift
/// struct DetailScreen: Screen {
///   let id: Int
///
///   func select(_ state: ItemsState) -> Item? { state.item(id: id) }
///
///   static let keys = KeyMap<Item?, ItemsAction>([
///     KeyBinding(.escape, "Back", .route(.pop)),
///     KeyBinding(.character("d"), "Delete", when: { $0 != nil }) { _, item in .askToDelete(id: item!.id) },
///   ])
///
///   func onAppear(_ item: Item?) -> ItemsAction? { .loadDetail(id: id) }  // cancelled as it leaves
///   func title(_ item: Item?) -> String { item?.name ?? "" }
///   func body(_ item: Item?, isFocused: Bool) -> any View { Text(item?.detail ?? "Loading…") }
/// }
/// ```
///
/// Its key map turns keys into the app's actions and is also its help bar (see
/// <doc:KeysAndHelp>). It is a `static let`, so it is built once and is not part of what makes
/// two screens the same; what a binding needs to know, it reads from the view model.
public protocol Screen<State, Action>: Hashable {
  associatedtype State
  associatedtype Action: Sendable
  /// What the screen shows, made from the state: its view model. The screen is drawn again
  /// only when it changes.
  associatedtype Model: Equatable

  /// The view model in `state`: pure and cheap, it runs after every batch of actions.
  func select(_ state: State) -> Model
  /// What each key does while the screen has the keyboard, read against the view model, and
  /// the help bar: a `static let`, built once.
  static var keys: KeyMap<Model, Action> { get }
  /// What a user's configuration calls this screen's key map when it gives its bindings other
  /// keys (see ``NavigationApp``'s `keyBindings`): by default the type's name.
  static var keysName: String { get }
  /// Shown in the breadcrumb.
  func title(_ model: Model) -> String
  /// The view of `model`. It is given the screen's whole area (the stage, or its pane of a
  /// split) and lays itself out in it. Only a focused screen shows a text cursor.
  func body(_ model: Model, isFocused: Bool) -> any View
  /// What to send as the screen comes on stage, given its first view model (to load what it
  /// shows, unless it is there already). The effects it starts belong to the screen: they are
  /// cancelled when it leaves the stage.
  func onAppear(_ model: Model) -> Action?
  /// What to send when the screen comes on stage and whenever the size of the area the
  /// wireframe gives it changes (the terminal was resized): for a screen whose state lays out
  /// by its area (a text area wrapping its lines for ↑ and ↓). Most screens need not know: their
  /// body is drawn into whatever area it gets, and a list says how many rows it shows through
  /// ``list(_:showsRows:)``. `area` is the screen's own (not the terminal's: the app hears of
  /// that through ``NavigationApp/Events-swift.struct/resized``).
  func resized(to area: Size) -> Action?
  /// What to send when a list the body draws shows items in another number of rows than the
  /// screen was last told (the first time it is drawn, and after a resize or a change of layout):
  /// `rows`, for the list named `control` (a `ListView`'s `control`), counted after layout, so
  /// the screen counts none of its own chrome. For a screen whose state must know how many rows
  /// its list shows: a list that loads only the rows in view sizes its window by it, a whole
  /// list pages by it (`ScrollWindow.Move.selection(from:count:showing:)`). The framework sends
  /// it before the frame reaches the terminal, which then shows the state that knows.
  func list(_ control: String, showsRows rows: Int) -> Action?
  /// What a split shows beside this screen while nothing is open on top of it (a list previews
  /// its selection); nil shows the wireframe's empty message.
  func preview(_ model: Model) -> (any View)?
  /// The live screen the framework makes of this declaration as it comes on stage. Apps do not
  /// write it: the default does. It is a requirement so that it is compiled in the module that
  /// declares the screen, where its types are known: the live screen's subscription and key
  /// handling are then specialized for them, and a key costs no types looked up at run time.
  @MainActor
  func makeLiveScreen(_ hosting: ScreenHosting<State, Action>) -> any LiveScreen
}

extension Screen {
  public static var keysName: String { String(describing: Self.self) }
  public func onAppear(_ model: Model) -> Action? { nil }
  public func resized(to area: Size) -> Action? { nil }
  public func list(_ control: String, showsRows rows: Int) -> Action? { nil }
  public func preview(_ model: Model) -> (any View)? { nil }

  @inlinable
  @MainActor
  public func makeLiveScreen(_ hosting: ScreenHosting<State, Action>) -> any LiveScreen {
    ScreenHost(self, keyMap: hosting.keyMap(of: Self.self), store: hosting.store, send: hosting.dispatch)
  }
}
