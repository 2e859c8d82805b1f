import Flow
import TerminalUI

/// The live screen ``NavigationApp`` makes of a declared ``Screen``: subscribed to the store
/// with the screen's selector, holding the view model it last received, sending what its key
/// map makes of a key to the store.
///
/// Made by ``Screen/makeLiveScreen(_:)``, in the module that declares the screen: its
/// initializer is inlinable, so the subscription, the key handling, the help bar's entries, the
/// title and the body it builds are compiled for the screen's concrete types there. A key, a notification and the
/// frame after them then run no generic code over the app's state and actions (no type looked
/// up at run time, no value copied through its type's witnesses).
///
/// Its variables are `@exclusivity(unchecked)`: each is only ever read or set in one go, never
/// held across a call out, so no two accesses can overlap; checked, every touch is tracked at
/// run time, a dozen a key.
@usableFromInline
@MainActor
final class ScreenHost<Declared: Screen>: LiveScreen, CoverableScreen {
  @usableFromInline let screen: Declared
  @usableFromInline let keyMap: KeyMap<Declared.Model, Declared.Action>
  /// The view model last delivered (set only by the subscription).
  @usableFromInline @exclusivity(unchecked) var keyContext: Declared.Model
  @usableFromInline let dispatch: (consuming Declared.Action) -> Void
  /// What ``handle(_:)`` does, built where the screen's types are known.
  @usableFromInline let handleInput: (ScreenHost, InputEvent) -> Bool
  /// What ``help`` does (``entries()``), built where the screen's types are known: the help
  /// bar is read at every frame, and its bindings' conditions read the view model.
  @usableFromInline let readHelp: (ScreenHost) -> [HelpItem]
  /// What ``title`` and ``body(isFocused:)`` do, built where the screen's types are known: the
  /// wireframe asks for both at every frame after a key, and each reads the view model.
  @usableFromInline let readTitle: (ScreenHost) -> String
  @usableFromInline let makeBody: (ScreenHost, Bool) -> any View

  @inlinable
  init(
    _ screen: Declared, keyMap: KeyMap<Declared.Model, Declared.Action>, store: Store<Declared.State, Declared.Action>,
    send: @escaping (consuming Declared.Action) -> Void
  ) {
    self.screen = screen
    dispatch = send
    self.keyMap = keyMap
    keyContext = screen.select(store.state)
    handleInput = { host, event in
      guard let intent = host.keyMap.intent(for: event, in: host.keyContext) else { return false }
      // Handed over, not copied: a copy of an app's action runs its type's copy, a switch over
      // every case, at every key.
      host.dispatch(consume intent)
      return true
    }
    readHelp = { host in host.entries() }
    readTitle = { host in host.screen.title(host.keyContext) }
    makeBody = { host, isFocused in host.screen.body(host.keyContext, isFocused: isFocused) }
    observe = { [unowned store] host in
      store.observe(host, select: { [screen] in screen.select($0) }) { host, model in
        host.keyContext = model
        host.modelRevision = ScreenRevision.next()
        host.cachedHelp = nil
      }
    }
    stopObserving = { [unowned store] host in store.unsubscribe(host) }
    observe(self)
  }

  /// Subscribes the screen with its selector (the current view model is delivered at once),
  /// and ends that subscription: built where the screen's types are known.
  @usableFromInline let observe: (ScreenHost) -> Void
  @usableFromInline let stopObserving: (ScreenHost) -> Void

  /// Whether the screen is wholly covered by the screens above it (see ``CoverableScreen``).
  @usableFromInline @exclusivity(unchecked) var isCovered = false

  /// Covered, the screen is not selected at all; uncovered, it is selected from the state as it
  /// is now, before anything draws it.
  @usableFromInline
  func setCovered(_ covered: Bool) {
    guard covered != isCovered else { return }
    isCovered = covered
    if covered { stopObserving(self) } else { observe(self) }
  }

  /// Moves with every view model delivered (the subscription's skip-repeats deliver only
  /// changed ones, and everything the screen draws is made from its view model). Numbers are
  /// never reused, by this screen or another: a screen built where a torn-down one stood never
  /// passes for it.
  @usableFromInline @exclusivity(unchecked) var modelRevision = 0
  @usableFromInline
  var revision: Int? { modelRevision }

  /// The help bar's entries for the current view model, kept until the next one arrives.
  @usableFromInline @exclusivity(unchecked) var cachedHelp: [HelpItem]?
  /// The entries last made and which bindings they are (`KeyMap.helpMask(in:)`): a view model
  /// in which the same bindings apply (a key typed into a field) keeps them, the same array, so
  /// that the help bar is found unchanged at a glance.
  @usableFromInline @exclusivity(unchecked) var madeHelp: (mask: UInt64, items: [HelpItem])?
  /// Which bindings apply to the current view model, found with ``cachedHelp`` (nil before, or
  /// for a map too long for a mask): the text fields' conditions are among them.
  @usableFromInline @exclusivity(unchecked) var cachedMask: UInt64?
  @usableFromInline
  var help: [HelpItem] { readHelp(self) }

  /// The help bar's entries for the current view model, kept or made. Inlinable, and called
  /// only from `readHelp`, so that it is compiled for the screen's types.
  @inlinable
  func entries() -> [HelpItem] {
    if let cachedHelp { return cachedHelp }
    let help: [HelpItem]
    cachedMask = nil
    if let mask = keyMap.helpMask(in: keyContext) {
      cachedMask = mask
      if let madeHelp, madeHelp.mask == mask {
        help = madeHelp.items
      } else {
        help = keyMap.helpItems(mask: mask)
        madeHelp = (mask, help)
      }
    } else {
      help = keyMap.helpItems(in: keyContext)
    }
    cachedHelp = help
    return help
  }

  @usableFromInline
  @discardableResult
  func handle(_ event: InputEvent) -> Bool { handleInput(self, event) }

  /// Read from the help bar's mask for the current view model (made now if it was not yet),
  /// without asking the text fields' conditions again.
  @usableFromInline
  func takesAsText(_ key: Key) -> Bool {
    _ = help
    if let cachedMask { return keyMap.takesAsText(key, mask: cachedMask) }
    return keyMap.takesAsText(key, in: keyContext)
  }

  @usableFromInline
  func send(_ action: Declared.Action) { dispatch(action) }

  @usableFromInline
  var title: String { readTitle(self) }

  @usableFromInline
  func body(isFocused: Bool) -> any View { makeBody(self, isFocused) }

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
