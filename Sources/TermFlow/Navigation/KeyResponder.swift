public import TerminalUI

/// Something that answers keys from one `KeyMap`, which is also its help bar: every screen,
/// and optionally a coordinator. The framework asks them in order (see ``Wireframe``).
///
/// The map is built once (a `static let`, or a stored property set in `init`), never per key;
/// `keyContext` is what its conditions read now (a screen's view model), and `send(_:)` is
/// where its intents go.
@MainActor
public protocol KeyResponder: AnyObject {
  associatedtype KeyContext
  associatedtype Intent
  /// What each key does and how the help bar names it.
  var keyMap: KeyMap<KeyContext, Intent> { get }
  /// What the map's conditions and intents read now.
  var keyContext: KeyContext { get }
  /// Acts on an intent the map made of a key.
  func send(_ intent: Intent)
  /// Sends the intent `event` makes, if the map has one for it now; false when it has none.
  /// Responders take the default; a requirement so that the framework's live screens can
  /// answer with code compiled for their concrete types (a key then costs no run-time type
  /// lookups, see ``Screen/makeLiveScreen(_:)``).
  @discardableResult
  func handle(_ event: InputEvent) -> Bool
  /// The help bar's entries while this responder has the keyboard: by default the bindings of
  /// `keyMap` that apply in `keyContext` (a responder may keep them while its context stays).
  var help: [HelpItem] { get }
  /// Whether a text field of this responder that applies now takes `key` as text: nothing
  /// after it in the chain is then given the key, so no help bar may offer it. Responders
  /// take the default; a requirement so that a live screen can answer from what its help bar
  /// already found (asked at every frame: which key says "More").
  func takesAsText(_ key: Key) -> Bool
}

extension KeyResponder {
  /// The help bar's entries while this responder has the keyboard. The context is not read
  /// when the map shows nothing (an app's context is its whole state).
  public var help: [HelpItem] { keyMap.showsNoHelp ? [] : keyMap.helpItems(in: keyContext) }

  /// Whether a text field of this responder that applies now takes `key` as text: nothing
  /// after it in the chain is then given the key, so no help bar may offer it.
  public func takesAsText(_ key: Key) -> Bool { keyMap.takesAsText(key, in: keyContext) }

  /// Whether something of this responder's map takes `key` now (see `KeyMap.answers(_:in:)`).
  public func answers(_ key: Key) -> Bool { keyMap.answers(key, in: keyContext) }

  /// Every binding with keys that applies now, hidden ones too (an alias such as `j`, the
  /// app's Ctrl-C): what the list of every key (``Wireframe/showsAllKeys``) shows, each as
  /// its help bar entry.
  public var allKeys: [HelpItem] {
    keyMap.activeBindings(in: keyContext).filter { !$0.keys.isEmpty }.map(\.helpItem)
  }

  /// Sends the intent `event` makes, if the map has one for it now; false when it has none.
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    guard let intent = keyMap.intent(for: event, in: keyContext) else { return false }
    send(intent)
    return true
  }

  /// Sends the intent a click on an item makes, if the map has a click binding for it now.
  @discardableResult
  public func handle(_ click: MouseClick) -> Bool {
    guard let intent = keyMap.intent(for: click, in: keyContext) else { return false }
    send(intent)
    return true
  }
}
