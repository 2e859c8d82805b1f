/// One entry of a screen's key map: the keys, what they mean, and how the help bar names them.
public struct KeyBinding<Intent> {
  public var keys: [Key]
  public var label: String
  public var intent: Intent
  public var isShownInHelp: Bool

  public init(_ keys: [Key], _ label: String, _ intent: Intent, showInHelp: Bool = true) {
    self.keys = keys
    self.label = label
    self.intent = intent
    self.isShownInHelp = showInHelp
  }

  public init(_ key: Key, _ label: String, _ intent: Intent, showInHelp: Bool = true) {
    self.init([key], label, intent, showInHelp: showInHelp)
  }
}

extension KeyBinding: Sendable where Intent: Sendable {}

/// A screen's key bindings as data: looked up on each key, listed by the help bar, and checked
/// for conflicts by tests.
public struct KeyMap<Intent> {
  public var bindings: [KeyBinding<Intent>]

  public init(_ bindings: [KeyBinding<Intent>]) {
    self.bindings = bindings
  }

  /// The intent bound to `key` (the first binding wins).
  public func intent(for key: Key) -> Intent? {
    bindings.first { $0.keys.contains(key) }?.intent
  }

  /// What the help bar shows: the keys of each visible binding, joined by `/`, and its label.
  public var helpItems: [HelpItem] {
    bindings.filter(\.isShownInHelp).map { binding in
      HelpItem(key: binding.keys.map(\.description).joined(separator: "/"), label: binding.label)
    }
  }

  /// Keys bound more than once, with the labels that claim them: should be empty.
  public var conflicts: [Key: [String]] {
    var claims: [Key: [String]] = [:]
    for binding in bindings {
      for key in binding.keys { claims[key, default: []].append(binding.label) }
    }
    return claims.filter { $0.value.count > 1 }
  }
}

extension KeyMap: Sendable where Intent: Sendable {}

/// One entry of a help bar.
public struct HelpItem: Hashable, Sendable {
  public var key: String
  public var label: String

  public init(key: String, label: String) {
    self.key = key
    self.label = label
  }
}
