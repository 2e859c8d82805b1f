public import TerminalUI

/// One key map as a config file sees it: the map's name, each binding's name and declared
/// keys, what the help bar calls each binding, and what would be wrong with giving them other
/// keys. An app that lets its users rebind keys lists its screens' maps with it, to check the
/// user's keys before it starts (`NavigationApp(keyBindings:)` takes them) and to print the
/// defaults.
public struct RebindableKeys: Sendable {
  /// The map's name (``Screen/keysName``).
  public let name: String
  public let bindings: [(name: String, keys: [Key])]
  /// What is wrong with giving these bindings those keys (see `KeyMap.problems(rebinding:)`).
  public let problems: @Sendable ([String: [Key]]) -> [KeyRebindingProblem]
  /// What each binding is for, as the help bar says it (a hidden binding's label too).
  public let labels: [String: String]

  /// A screen's map, by its name.
  public init<Declared: Screen>(_ screen: Declared.Type) {
    self.init(named: Declared.keysName, Declared.keys)
  }

  /// `keys`, called `name` (the dialogs' buttons, ``DialogKeys``).
  public init<Context, Intent>(named name: String, _ keys: KeyMap<Context, Intent>) {
    self.name = name
    bindings = keys.namedKeys
    problems = { keys.problems(rebinding: $0) }
    labels = Dictionary(
      keys.bindings.filter { !$0.name.isEmpty }.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
  }
}
