/// One entry of a key map: the keys, what they mean, how the help bar names them, when they
/// apply, and the intent they make.
///
/// A binding applies while `when` holds for the map's context (a screen's view model), and only
/// then shows in help: a help bar never offers a key that does nothing. A binding marked
/// `hidden` works but stays out of the help bar (an alias such as `j` beside `↓`).
///
/// A *text entry* binding (`typing(_:except:when:key:paste:)`) stands for a focused text field: it
/// claims the keys ``TextInput`` edits with (printable characters, ←/→, Backspace, Ctrl-W…)
/// and every paste, before any other binding, so a field takes its keys without the screen
/// trying them on a throwaway copy of the input.
public struct KeyBinding<Context, Intent>: Sendable {
  public var keys: [Key]
  public var label: String
  /// What the help bar shows for the keys; by default their names joined by `/`.
  public var keyLabel: String
  public var isHidden: Bool
  /// Whether a help bar too narrow for every entry keeps this one first (see ``essential()``).
  public var isEssential = false
  /// How a user's configuration names this binding to give it other keys (see
  /// ``KeyMap/rebinding(_:)``): `named:`, else the label in lower case with hyphens
  /// ("Sign out" is `sign-out`). Unique within a map; a text field's binding has none.
  public var name: String
  /// Whether the intent is made from the key pressed: such a binding with several keys is
  /// given new keys in the same order, each standing for the one in its place.
  let readsKey: Bool
  @usableFromInline let when: @Sendable (Context) -> Bool
  @usableFromInline let intent: @Sendable (Key, Context) -> Intent
  @usableFromInline let paste: (@Sendable (String, Context) -> Intent)?
  @usableFromInline let claims: (@Sendable (Key) -> Bool)?
  /// For a click binding: the control whose items it answers, and the intent of a click.
  let control: String?
  let click: (@Sendable (MouseClick, Context) -> Intent)?

  /// Keys that make an intent from the key and the context (a move whose action depends on
  /// what the list shows, say).
  public init(
    _ keys: [Key], _ label: String, shownAs keyLabel: String? = nil, hidden: Bool = false, named name: String? = nil,
    when: @escaping @Sendable (Context) -> Bool = { _ in true }, intent: @escaping @Sendable (Key, Context) -> Intent
  ) {
    self.init(
      keys, label, shownAs: keyLabel, hidden: hidden, named: name, readsKey: true, when: when, intent: intent)
  }

  /// A key that makes an intent from the context.
  public init(
    _ key: Key, _ label: String, shownAs keyLabel: String? = nil, hidden: Bool = false, named name: String? = nil,
    when: @escaping @Sendable (Context) -> Bool = { _ in true }, intent: @escaping @Sendable (Key, Context) -> Intent
  ) {
    self.init([key], label, shownAs: keyLabel, hidden: hidden, named: name, when: when, intent: intent)
  }

  /// Keys that send `intent`.
  public init(
    _ keys: [Key], _ label: String, _ intent: Intent, shownAs keyLabel: String? = nil, hidden: Bool = false,
    named name: String? = nil, when: @escaping @Sendable (Context) -> Bool = { _ in true }
  ) where Intent: Sendable {
    self.init(keys, label, shownAs: keyLabel, hidden: hidden, named: name, readsKey: false, when: when) { _, _ in
      intent
    }
  }

  /// A key that sends `intent`.
  public init(
    _ key: Key, _ label: String, _ intent: Intent, shownAs keyLabel: String? = nil, hidden: Bool = false,
    named name: String? = nil, when: @escaping @Sendable (Context) -> Bool = { _ in true }
  ) where Intent: Sendable {
    self.init([key], label, intent, shownAs: keyLabel, hidden: hidden, named: name, when: when)
  }

  private init(
    _ keys: [Key], _ label: String, shownAs keyLabel: String?, hidden: Bool, named name: String?, readsKey: Bool,
    when: @escaping @Sendable (Context) -> Bool, intent: @escaping @Sendable (Key, Context) -> Intent
  ) {
    self.keys = keys
    self.label = label
    self.keyLabel = keyLabel ?? keys.map(\.description).joined(separator: "/")
    self.isHidden = hidden
    self.name = name ?? Self.name(forLabel: label)
    self.readsKey = readsKey
    self.when = when
    self.intent = intent
    self.paste = nil
    self.claims = nil
    self.control = nil
    self.click = nil
  }

  /// `binding` answering `keys` with `intent` instead (see `answering(_:)`).
  init(rebinding binding: KeyBinding, keys: [Key], intent: @escaping @Sendable (Key, Context) -> Intent) {
    self.keys = keys
    label = binding.label
    keyLabel = binding.keyLabel
    isHidden = binding.isHidden
    isEssential = binding.isEssential
    name = binding.name
    readsKey = binding.readsKey
    when = binding.when
    self.intent = intent
    paste = binding.paste
    claims = binding.claims
    control = binding.control
    click = binding.click
  }

  /// `label` as a name: letters and digits in lower case, words joined by hyphens.
  static func name(forLabel label: String) -> String {
    label.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }
      .map { $0.filter { $0 != "'" && $0 != "’" } }.joined(separator: "-")
  }

  private init(
    typing label: String?, except: Set<Key>, when: @escaping @Sendable (Context) -> Bool,
    key: @escaping @Sendable (Key, Context) -> Intent, paste: @escaping @Sendable (String, Context) -> Intent
  ) {
    keys = []
    self.label = label ?? ""
    keyLabel = "Type"
    isHidden = label == nil
    name = ""
    readsKey = true
    self.when = when
    intent = key
    self.paste = paste
    claims = { typed in !except.contains(typed) && TextInput.edits(with: typed) }
    control = nil
    click = nil
  }

  private init(
    control: String, when: @escaping @Sendable (Context) -> Bool,
    click: @escaping @Sendable (MouseClick, Context) -> Intent
  ) {
    keys = []
    label = ""
    keyLabel = "Click"
    isHidden = true
    name = ""
    readsKey = false
    self.when = when
    intent = { _, _ in preconditionFailure("a click binding has no keys") }
    paste = nil
    claims = nil
    self.control = control
    self.click = click
  }

  /// A click on an item of `control` (a list's row, a form's field, as its view marked it
  /// with ``MouseTarget/item(_:index:)``), while `when` holds: what a click selects, focuses or
  /// opens (``MouseClick/count`` is 2 for a double click). Not shown in help: the screen shows
  /// what can be clicked.
  public static func click(
    _ control: String, when: @escaping @Sendable (Context) -> Bool = { _ in true },
    intent: @escaping @Sendable (MouseClick, Context) -> Intent
  ) -> KeyBinding {
    KeyBinding(control: control, when: when, click: intent)
  }

  /// A focused text field: while `when` holds (always, by default: a screen that is one field)
  /// it claims the keys a ``TextInput`` edits with (but those in `except`, which the rest of the
  /// map keeps) and every paste. With a `label`
  /// the help bar shows `Type label`; without one the field is not mentioned.
  public static func typing(
    _ label: String? = nil, except: Set<Key> = [], when: @escaping @Sendable (Context) -> Bool = { _ in true },
    key: @escaping @Sendable (Key) -> Intent, paste: @escaping @Sendable (String) -> Intent
  ) -> KeyBinding {
    KeyBinding(
      typing: label, except: except, when: when, key: { typed, _ in key(typed) }, paste: { text, _ in paste(text) })
  }

  /// A focused text field whose intents read the context too: a field whose text is kept
  /// outside the state (a password the store must never hold) reaches its keeper through it.
  /// The intent is made only for a key the field is really given, never to probe.
  public static func typing(
    _ label: String? = nil, except: Set<Key> = [], when: @escaping @Sendable (Context) -> Bool = { _ in true },
    key: @escaping @Sendable (Key, Context) -> Intent, paste: @escaping @Sendable (String, Context) -> Intent
  ) -> KeyBinding {
    KeyBinding(typing: label, except: except, when: when, key: key, paste: paste)
  }

  /// Whether this binding stands for a text field.
  public var isTextEntry: Bool { claims != nil }

  /// Whether this binding is a text field that takes `key` as an edit.
  public func takesAsText(_ key: Key) -> Bool { claims?(key) == true }

  /// The binding, kept on a help bar too narrow for every entry before the others: the way
  /// out and the way on (Quit, Save, Back). A narrow bar shows the essential entries first,
  /// then the others in the map's order while they fit, and then the key that lists them all
  /// (see `HelpBar`).
  public func essential() -> KeyBinding {
    var essential = self
    essential.isEssential = true
    return essential
  }

  /// How the help bar shows this binding; a click on the entry presses its keys as
  /// ``HelpItem/presses`` says.
  public var helpItem: HelpItem {
    HelpItem(key: keyLabel, label: label, keys: keys, isEssential: isEssential)
  }
}

/// A screen's key bindings as data: built once (a `static let`, or once per screen), looked up
/// on each key, listed by the help bar, and checked by tests.
///
/// ```swift
/// static let keyMap = KeyMap<ViewModel, Intent>([
///   KeyBinding([.up, .down], "Move", shownAs: "↑↓") { key, _ in key == .up ? .up : .down },
///   KeyBinding(.enter, "Open", .open, when: { !$0.rows.isEmpty }),
///   KeyBinding(.character("j"), "Down", .down, hidden: true),
/// ])
/// ```
///
/// Lookup is by a table made when the map is built: a key costs a dictionary probe and the
/// conditions of the few bindings that name it, however long the map.
public struct KeyMap<Context, Intent>: Sendable {
  public let bindings: [KeyBinding<Context, Intent>]
  @usableFromInline let byKey: [Key: [Int]]
  @usableFromInline let textEntries: [Int]
  private let clicks: [Int]
  /// The bindings the help bar may show (not hidden), with their entries made once: the help
  /// bar is drawn on every key, and then costs each binding's condition and nothing more.
  private let shown: [Int]
  @usableFromInline let shownItems: [HelpItem]
  /// The conditions the help bar depends on, alone: those of the bindings in `shown`, then
  /// those of the text fields not among them. Read for the help bar at every frame, without
  /// copying a binding each.
  @usableFromInline let shownConditions: [@Sendable (Context) -> Bool]
  /// Each text field's place in `shownConditions` and in `bindings`: while one applies, the
  /// help bar leaves out the keys it takes as text.
  @usableFromInline let textEntryBits: [(bit: Int, binding: Int)]

  public init(_ bindings: [KeyBinding<Context, Intent>]) {
    self.bindings = bindings
    var byKey: [Key: [Int]] = [:]
    for (index, binding) in bindings.enumerated() {
      for key in binding.keys where byKey[key]?.last != index { byKey[key, default: []].append(index) }
    }
    self.byKey = byKey
    let textEntries = bindings.indices.filter { bindings[$0].isTextEntry }
    let shown = bindings.indices.filter { !bindings[$0].isHidden }
    self.textEntries = textEntries
    clicks = bindings.indices.filter { bindings[$0].click != nil }
    self.shown = shown
    shownItems = shown.map { bindings[$0].helpItem }
    let helpBindings = shown + textEntries.filter { !shown.contains($0) }
    shownConditions = helpBindings.map { bindings[$0].when }
    textEntryBits = helpBindings.enumerated().filter { bindings[$0.element].isTextEntry }.map {
      (bit: $0.offset, binding: $0.element)
    }
  }

  /// Whether a text field of this map that applies in `context` takes `key` as text: then
  /// no other binding of the map, nor any map after it in the chain, is given the key.
  public func takesAsText(_ key: Key, in context: Context) -> Bool {
    textEntries.contains { bindings[$0].takesAsText(key) && bindings[$0].when(context) }
  }

  /// ``takesAsText(_:in:)`` where `mask` (from ``helpMask(in:)`` in that context) already says
  /// which text fields apply: every text field has a bit in it.
  public func takesAsText(_ key: Key, mask: UInt64) -> Bool {
    textEntryBits.contains { mask & (1 << $0.bit) != 0 && bindings[$0.binding].takesAsText(key) }
  }

  /// Whether some binding that applies in `context` takes `key` (a text field, or one that
  /// names it), found without making its intent: for checks and for what a help bar offers.
  public func answers(_ key: Key, in context: Context) -> Bool {
    takesAsText(key, in: context) || (byKey[key] ?? []).contains { bindings[$0].when(context) }
  }

  /// The intent a click on an item makes in `context`: the first click binding for its
  /// control that applies. Nil when nothing here answers it.
  public func intent(for click: MouseClick, in context: Context) -> Intent? {
    for index in clicks where bindings[index].control == click.control && bindings[index].when(context) {
      return bindings[index].click?(click, context)
    }
    return nil
  }

  /// The intent `event` makes in `context`: a text field that applies and claims it first,
  /// then the first binding that applies and names the key. Nil when nothing here wants it.
  /// Inlinable: asked at every key, it is compiled for the map's types where they are known.
  @inlinable
  public func intent(for event: InputEvent, in context: Context) -> Intent? {
    switch event {
    case .key(let key):
      // Each binding read in place: a copy of one is a dozen retains.
      for index in textEntries where bindings[index].claims?(key) == true && bindings[index].when(context) {
        return bindings[index].intent(key, context)
      }
      for index in byKey[key] ?? [] where bindings[index].when(context) {
        return bindings[index].intent(key, context)
      }
      return nil
    case .paste(let text):
      for index in textEntries where bindings[index].when(context) {
        return bindings[index].paste?(text, context)
      }
      return nil
    case .terminalMode, .mouse:
      return nil
    }
  }

  /// The bindings that apply in `context`, in the map's order.
  public func activeBindings(in context: Context) -> [KeyBinding<Context, Intent>] {
    bindings.filter { $0.when(context) }
  }

  /// Whether the help bar shows nothing of this map, whatever the context: every binding is
  /// hidden (an app's Ctrl-C, say). Its help then needs no context to be read, which may cost
  /// a copy of the app's whole state.
  public var showsNoHelp: Bool { shown.isEmpty }

  /// What the help bar shows in `context`: every binding that applies and is not hidden,
  /// without the keys a text field that applies takes as text (`q/Ctrl-C Quit` is `Ctrl-C
  /// Quit` while a field has the keyboard; an entry left with no key is left out).
  public func helpItems(in context: Context) -> [HelpItem] {
    let typing = textEntryBits.map(\.binding).filter { bindings[$0].when(context) }
    var items: [HelpItem] = []
    items.reserveCapacity(shown.count)
    for position in shown.indices where bindings[shown[position]].when(context) {
      if let item = Self.item(shownItems[position], leavingOutWhatTakes: typing, of: bindings) { items.append(item) }
    }
    return items
  }

  /// `item` without the keys one of the text fields `typing` (indices into `bindings`) takes.
  @usableFromInline
  static func item(
    _ item: HelpItem, leavingOutWhatTakes typing: [Int], of bindings: [KeyBinding<Context, Intent>]
  ) -> HelpItem? {
    guard !typing.isEmpty else { return item }
    return item.leavingOut { key in typing.contains { bindings[$0].takesAsText(key) } }
  }

  /// Which of the bindings the help bar may show apply in `context`, one bit each in the map's
  /// order, then one for each hidden text field (what it takes is left out of the bar):
  /// contexts with equal masks have the same ``helpItems(in:)``, so a screen keeps its
  /// entries, unchanged, while its mask stays (the help bar is then neither built nor compared
  /// again). Nil for a map of more than 64 such bindings.
  /// Inlinable: asked at every frame after a key, it is compiled for the map's types where
  /// they are known (see `ScreenHost`), as `intent(for:in:)` is.
  @inlinable
  public func helpMask(in context: Context) -> UInt64? {
    guard shownConditions.count <= 64 else { return nil }
    var mask: UInt64 = 0
    for position in shownConditions.indices where shownConditions[position](context) { mask |= 1 << position }
    return mask
  }

  /// The help bar's entries that `mask` (from ``helpMask(in:)``) names. Inlinable with it:
  /// a key that changes which bindings apply asks for both.
  @inlinable
  public func helpItems(mask: UInt64) -> [HelpItem] {
    var typing: [Int] = []
    for entry in textEntryBits where mask & (1 << entry.bit) != 0 { typing.append(entry.binding) }
    var items: [HelpItem] = []
    items.reserveCapacity(mask.nonzeroBitCount)
    for position in shownItems.indices where mask & (1 << position) != 0 {
      if let item = Self.item(shownItems[position], leavingOutWhatTakes: typing, of: bindings) { items.append(item) }
    }
    return items
  }

  /// Keys that two bindings applying in `context` both name, with their labels: should be
  /// empty (the second would never be reached).
  public func conflicts(in context: Context) -> [Key: [String]] {
    var claims: [Key: [String]] = [:]
    for binding in activeBindings(in: context) {
      for key in binding.keys { claims[key, default: []].append(binding.label) }
    }
    return claims.filter { $0.value.count > 1 }
  }
}

extension KeyMap where Context == Void {
  public func intent(for event: InputEvent) -> Intent? { intent(for: event, in: ()) }
  public var helpItems: [HelpItem] { helpItems(in: ()) }
  public var conflicts: [Key: [String]] { conflicts(in: ()) }
}
