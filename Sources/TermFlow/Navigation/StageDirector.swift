import Flow
import TerminalUI

/// Keeps the wireframe's stage in step with what the coordinator names: the one owner of live
/// screens. It builds a live screen for each new declaration, reuses the live one while its
/// declaration stays, and tears down the ones no longer named.
@usableFromInline
@MainActor
final class StageDirector<State, Action: Sendable> {
  @usableFromInline unowned let store: Store<State, Action>
  /// Sends the actions the live screens' keys make (see `NavigationApp`).
  private let dispatch: (consuming Action) -> Void
  private let wireframe: Wireframe
  private var live: [AnyHashable: Entry] = [:]
  private var serial = 0
  /// The terminal's size, once known: what the screens' areas are made from.
  private var size: Size?

  /// A live screen, what cancels its effects, what it sends when its area changes or a list of
  /// its body shows another number of rows, and the rows it was last told each list shows.
  private struct Entry {
    let screen: any LiveScreen
    let owner: ScreenOwner
    let resized: (Size) -> Action?
    let listShows: (String, Int) -> Action?
    var listRows: [String: Int] = [:]
  }
  /// Hears of every live screen built, with its declaration (lifecycle tests track them).
  var didBuild: ((AnyObject, any Screen<State, Action>) -> Void)?

  /// The user's keys for the screens' bindings, by ``Screen/keysName`` and binding name.
  private let keyBindings: [String: [String: [Key]]]
  /// Each screen type's key map with the user's keys, made the first time it comes on stage.
  private var keyMaps: [ObjectIdentifier: Any] = [:]

  init(
    store: Store<State, Action>, dispatch: @escaping (consuming Action) -> Void, wireframe: Wireframe,
    keyBindings: [String: [String: [Key]]] = [:]
  ) {
    self.store = store
    self.dispatch = dispatch
    self.wireframe = wireframe
    self.keyBindings = keyBindings
  }

  /// Starts following `coordinator`'s stage. Inlinable, so that the app's module compiles the
  /// subscription (the coordinator's stage and its comparison) for its own types.
  @inlinable
  func start(_ coordinator: some Coordinator<State, Action>) {
    store.observe(
      self, select: { coordinator.stage(for: $0) }, skipRepeats: .when { $0.isSame(as: $1) }
    ) { director, stage in director.show(stage) }
  }

  /// Tears every live screen down and stops following the coordinator.
  func stop() {
    store.unsubscribe(self)
    show(.empty)
  }

  /// Tells every screen on stage the size of its area at the terminal's new `size`.
  @usableFromInline
  func resize(to size: Size) {
    self.size = size
    for (index, screen) in wireframe.stack.enumerated() {
      guard let entry = live.values.first(where: { $0.screen === screen }) else { continue }
      sendArea(of: entry, at: index)
    }
    coverHiddenScreens()
  }

  /// Tells each screen on stage whether it is wholly covered (see ``CoverableScreen``): every
  /// screen but the top of a stack shown as one pane, every one but the root and the top of a
  /// split. Until the terminal's size is known, none is.
  private func coverHiddenScreens() {
    guard let size else { return }
    let stack = wireframe.stack
    let isSplit = wireframe.presentation(for: size) == .split
    for (index, screen) in stack.enumerated() {
      let isShown = index == stack.count - 1 || (isSplit && index == 0)
      (screen as? any CoverableScreen)?.setCovered(!isShown)
    }
  }

  @usableFromInline
  func show(_ stage: Stage<State, Action>) {
    let wanted = Set(stage.screens.map { identity(of: $0) })
    for (identity, entry) in live where !wanted.contains(identity) {
      live[identity] = nil
      store.unsubscribe(entry.screen)
      store.cancelEffects(id: entry.owner)
    }
    var arrived: [(index: Int, entry: Entry, appear: Action?)] = []
    let screens = stage.screens.enumerated().map { index, declared in
      if let entry = live[identity(of: declared)] { return entry.screen }
      let (entry, appear) = build(declared)
      arrived.append((index, entry, appear))
      return entry.screen
    }
    wireframe.show(stack: screens, allowsSplit: stage.allowsSplit)
    wireframe.status = stage.status
    coverHiddenScreens()
    // A new screen learns its area first, then starts what it starts.
    for new in arrived {
      sendArea(of: new.entry, at: new.index)
      if let appear = new.appear { store.send(appear, owner: new.entry.owner) }
    }
  }

  private func build<Declared: Screen<State, Action>>(_ declared: Declared) -> (Entry, appear: Action?) {
    serial += 1
    let host = declared.makeLiveScreen(ScreenHosting(store: store, dispatch: dispatch, director: self))
    let entry = Entry(
      screen: host, owner: ScreenOwner(serial: serial), resized: declared.resized(to:),
      listShows: declared.list(_:showsRows:))
    live[identity(of: declared)] = entry
    didBuild?(host, declared)
    // The view model the live screen starts with: its selector is pure.
    return (entry, declared.onAppear(declared.select(store.state)))
  }

  /// `Declared`'s key map, with the keys the user gave its bindings.
  func keyMap<Declared: Screen<State, Action>>(
    of declared: Declared.Type
  ) -> KeyMap<Declared.Model, Declared.Action> {
    guard let newKeys = keyBindings[Declared.keysName] else { return Declared.keys }
    if let made = keyMaps[ObjectIdentifier(declared)] as? KeyMap<Declared.Model, Declared.Action> { return made }
    let made = Declared.keys.rebinding(newKeys)
    keyMaps[ObjectIdentifier(declared)] = made
    return made
  }

  /// Tells each screen on stage how many rows the lists its body drew in `frame` show items
  /// in, where that changed since it was last told (``Screen/list(_:showsRows:)``), as answers
  /// of the outside world (`Store.receive(_:)`): a replay sends them in from its recording.
  /// True when something was sent, and the frame may then be out of date.
  func tellListRows(shownIn frame: Frame) -> Bool {
    guard !frame.shownLists.isEmpty else { return false }
    var told = false
    for list in frame.shownLists {
      guard let screen = wireframe.screen(drawing: list.area, in: frame.size),
        let identity = live.first(where: { $0.value.screen === screen })?.key,
        live[identity]?.listRows[list.control] != list.rows
      else { continue }
      live[identity]?.listRows[list.control] = list.rows
      if let action = live[identity]?.listShows(list.control, list.rows) {
        store.receive(action)
        told = true
      }
    }
    return told
  }

  private func sendArea(of entry: Entry, at index: Int) {
    guard let size, let action = entry.resized(wireframe.area(ofScreenAt: index, in: size).size) else { return }
    dispatch(action)
  }
}

/// The identity of one live screen, for cancelling what it started: never reused, even when
/// the same screen comes back.
struct ScreenOwner: Hashable, Sendable {
  let serial: Int
}
