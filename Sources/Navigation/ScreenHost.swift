import Flow
import TerminalUI

/// The live screen ``NavigationApp`` makes of a declared ``Screen``: subscribed to the store
/// with the screen's selector, holding the view model it last received, sending what its key
/// map makes of a key to the store.
///
/// Made by ``Screen/makeLiveScreen(_:)``, in the module that declares the screen: its
/// initializer is inlinable, so the subscription and the key handling it builds are compiled
/// for the screen's concrete types there. A key and a notification then run no generic code
/// over the app's state and actions (no type looked up at run time, no value copied through
/// its type's witnesses).
@usableFromInline
@MainActor
final class ScreenHost<Declared: Screen>: LiveScreen {
  @usableFromInline let screen: Declared
  @usableFromInline let keyMap: KeyMap<Declared.Model, Declared.Action>
  /// The view model last delivered (set only by the subscription).
  @usableFromInline var keyContext: Declared.Model
  @usableFromInline let dispatch: (Declared.Action) -> Void
  /// What ``handle(_:)`` does, built where the screen's types are known.
  @usableFromInline let handleInput: (ScreenHost, InputEvent) -> Bool

  @inlinable
  init(
    _ screen: Declared, keyMap: KeyMap<Declared.Model, Declared.Action>, store: Store<Declared.State, Declared.Action>,
    send: @escaping (Declared.Action) -> Void
  ) {
    self.screen = screen
    dispatch = send
    self.keyMap = keyMap
    keyContext = screen.select(store.state)
    handleInput = { host, event in
      guard let intent = host.keyMap.intent(for: event, in: host.keyContext) else { return false }
      host.dispatch(intent)
      return true
    }
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
  @usableFromInline var modelRevision = 0
  @usableFromInline
  var revision: Int? { modelRevision }

  /// The help bar's entries for the current view model, kept until the next one arrives.
  @usableFromInline var cachedHelp: [HelpItem]?
  @usableFromInline
  var help: [HelpItem] {
    if let cachedHelp { return cachedHelp }
    let help = keyMap.helpItems(in: keyContext)
    cachedHelp = help
    return help
  }

  @usableFromInline
  @discardableResult
  func handle(_ event: InputEvent) -> Bool { handleInput(self, event) }

  @usableFromInline
  func send(_ action: Declared.Action) { dispatch(action) }

  @usableFromInline
  var title: String { screen.title(keyContext) }

  @usableFromInline
  func body(isFocused: Bool) -> any View { screen.body(keyContext, isFocused: isFocused) }

  @usableFromInline
  var preview: (any View)? { screen.preview(keyContext) }
}

/// The numbers live screens' revisions are drawn from, one sequence for all of them.
@usableFromInline
@MainActor
enum ScreenRevision {
  private static var last = 0

  @usableFromInline
  static func next() -> Int {
    last += 1
    return last
  }
}
