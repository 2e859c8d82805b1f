import Flow
import TerminalUI

/// The live screen ``NavigationApp`` makes of a declared ``Screen``: subscribed to the store
/// with the screen's selector, holding the view model it last received, sending what its key
/// map makes of a key to the store.
@MainActor
final class ScreenHost<Declared: Screen>: LiveScreen {
  let screen: Declared
  let keyMap: KeyMap<Declared.Model, Declared.Action>
  private(set) var keyContext: Declared.Model
  private let dispatch: (Declared.Action) -> Void

  init(
    _ screen: Declared, keyMap: KeyMap<Declared.Model, Declared.Action>, store: Store<Declared.State, Declared.Action>,
    send: @escaping (Declared.Action) -> Void
  ) {
    self.screen = screen
    dispatch = send
    self.keyMap = keyMap
    keyContext = screen.select(store.state)
    store.observe(self, select: { [screen] in screen.select($0) }) { host, model in
      host.keyContext = model
      host.modelRevision = ScreenRevision.next()
      host.cachedHelp = nil
    }
  }

  /// Moves with every view model delivered (the subscription's skip-repeats deliver only
  /// changed ones, and everything the screen draws is made from its view model). Numbers are
  /// never reused, by this screen or another: a screen built where a torn-down one stood never
  /// passes for it.
  private var modelRevision = 0
  var revision: Int? { modelRevision }

  /// The help bar's entries for the current view model, kept until the next one arrives.
  private var cachedHelp: [HelpItem]?
  var help: [HelpItem] {
    if let cachedHelp { return cachedHelp }
    let help = keyMap.helpItems(in: keyContext)
    cachedHelp = help
    return help
  }

  func send(_ action: Declared.Action) { dispatch(action) }

  var title: String { screen.title(keyContext) }

  func body(isFocused: Bool) -> any View { screen.body(keyContext, isFocused: isFocused) }

  var preview: (any View)? { screen.preview(keyContext) }
}

/// The numbers live screens' revisions are drawn from, one sequence for all of them.
@MainActor
enum ScreenRevision {
  private static var last = 0

  static func next() -> Int {
    last += 1
    return last
  }
}
