/// Something wrong with new keys for a key map's bindings, in words a user can act on.
public enum KeyRebindingProblem: Hashable, Sendable, CustomStringConvertible {
  /// No binding of the map has this name.
  case unknownBinding(String, known: [String])
  /// An empty list of keys: the binding could never be used.
  case noKeys(binding: String)
  /// A binding whose keys do different things (↑ moves up, ↓ down) takes as many new keys as it
  /// has, each standing for the one in its place.
  case wrongNumberOfKeys(binding: String, given: Int, declared: [Key])
  /// A key given to a binding that another binding has at the same time: one of them would
  /// never be reached.
  case clash(Key, bindings: [String])
  /// A key the screen's text field types or edits with, given to a binding that works while
  /// the field has the focus: the field would take the key first, so the binding would never
  /// get it.
  case takenByTextField(Key, binding: String)
  /// A key every TermFlow app keeps for itself (``Key/reserved``).
  case reserved(Key, binding: String)

  public var description: String {
    switch self {
    case .unknownBinding(let name, let known):
      "there is no key binding “\(name)” here; there are: \(known.joined(separator: ", "))"
    case .noKeys(let binding):
      "“\(binding)” is given no key"
    case .wrongNumberOfKeys(let binding, let given, let declared):
      "“\(binding)” takes \(declared.count) keys, in this order (each does what the one in its place does): "
        + declared.map(\.configName).joined(separator: ", ") + "; \(given == 1 ? "1 is" : "\(given) are") given"
    case .clash(let key, let bindings):
      "\(key.configName) would be bound to both " + bindings.map { "“\($0)”" }.joined(separator: " and ")
    case .takenByTextField(let key, let binding):
      "\(key.configName) would be bound to both “\(binding)” and the text field, which takes it first (it types or "
        + "edits with it) whenever it has the focus; give “\(binding)” a key with Ctrl or Alt, or a function key"
    case .reserved(let key, let binding):
      "\(key.configName) cannot be given to “\(binding)”: it is reserved (\(Key.reserved[key] ?? "")) "
        + "in every screen"
    }
  }
}

extension Key {
  /// Keys a user cannot give a binding, with what they do: every TermFlow app quits on Ctrl-C
  /// (asking first where something would be lost) and suspends on Ctrl-Z, whatever the screen,
  /// so a user can always get out. A map may declare them itself (a sign-in form's Ctrl-C
  /// Quit); a user's keys cannot take them.
  public static var reserved: [Key: String] {
    [.ctrl("c"): "it quits", .ctrl("z"): "it suspends the app; fg brings it back"]
  }
}

/// A user's own keys for a map's bindings, by name: what a configuration file gives.
extension KeyMap {
  /// Each binding a configuration can give keys to (not a text field's or a click's), by name, with its keys
  /// as declared, in the map's order.
  public var namedKeys: [(name: String, keys: [Key])] {
    bindings.filter { $0.isRebindable }.map { ($0.name, $0.keys) }
  }

  /// What is wrong with giving the bindings named in `newKeys` those keys instead of theirs:
  /// unknown names, empty lists, a binding that reads its key given the wrong number, and keys
  /// that would then belong to two bindings. A pair of bindings that already shared a key as
  /// declared never apply together (the map's own tests see to that), so sharing one is no clash.
  public func problems(rebinding newKeys: [String: [Key]]) -> [KeyRebindingProblem] {
    let known = namedKeys.map(\.name)
    var problems: [KeyRebindingProblem] = []
    let fields = bindings.compactMap(\.claims)
    for name in newKeys.keys.sorted() {
      guard let binding = bindings.first(where: { $0.isRebindable && $0.name == name }) else {
        problems.append(.unknownBinding(name, known: known))
        continue
      }
      let keys = newKeys[name]!
      if keys.isEmpty {
        problems.append(.noKeys(binding: name))
        continue
      } else if binding.readsKey, binding.keys.count > 1, keys.count != binding.keys.count {
        problems.append(.wrongNumberOfKeys(binding: name, given: keys.count, declared: binding.keys))
        continue
      }
      for key in keys where Key.reserved[key] != nil && !binding.keys.contains(key) {
        problems.append(.reserved(key, binding: name))
      }
      // A binding none of whose own keys a field takes may work while the field has the
      // focus (Esc cancels a form, ↑↓ move a search's results): a key the field takes would
      // never reach it. One with keys a field takes (a list's `a`) works only without one.
      let worksBesideField = !binding.keys.contains { key in fields.contains { $0(key) } }
      if worksBesideField {
        for key in keys where !binding.keys.contains(key) && fields.contains(where: { $0(key) }) {
          problems.append(.takenByTextField(key, binding: name))
        }
      }
    }
    guard problems.isEmpty else { return problems }
    let rebound = rebinding(newKeys).bindings
    var clashes: Set<KeyRebindingProblem> = []
    for first in rebound.indices where rebound[first].isRebindable {
      for second in rebound.indices where second > first && rebound[second].isRebindable {
        let changed = [first, second].filter { newKeys[rebound[$0].name] != nil }
        guard !changed.isEmpty, Set(bindings[first].keys).isDisjoint(with: bindings[second].keys) else { continue }
        let given = Set(changed.flatMap { rebound[$0].keys })
        for key in rebound[first].keys where rebound[second].keys.contains(key) && given.contains(key) {
          clashes.insert(.clash(key, bindings: [rebound[first].name, rebound[second].name]))
        }
      }
    }
    return problems + clashes.sorted { $0.description < $1.description }
  }

  /// This map with the bindings named in `newKeys` answering those keys instead of theirs
  /// (names it does not have are ignored: check with ``problems(rebinding:)`` first). A binding
  /// that reads its key is handed the declared key in the new key's place, so it does what it
  /// did; the help bar shows the new keys in the shape it showed the old ones (`↑↓` becomes
  /// `ws` when `w` and `s` replace ↑ and ↓).
  public func rebinding(_ newKeys: [String: [Key]]) -> KeyMap {
    guard !newKeys.isEmpty else { return self }
    return KeyMap(
      bindings.map { binding in
        guard binding.isRebindable, let keys = newKeys[binding.name], !keys.isEmpty else { return binding }
        return binding.answering(keys)
      })
  }
}

extension KeyBinding {
  /// Whether a user can give it other keys: a named binding of keys, not a text field's or a
  /// click's (an empty name is how a binding says it has none).
  var isRebindable: Bool { !isTextEntry && control == nil && !name.isEmpty }

  /// This binding answering `newKeys`: each stands for the declared key in its place (the last
  /// declared one past the end).
  func answering(_ newKeys: [Key]) -> KeyBinding {
    let declared = keys
    let standsFor = Dictionary(
      newKeys.enumerated().map { index, key in (key, declared[min(index, declared.count - 1)]) },
      uniquingKeysWith: { first, _ in first })
    let intent = self.intent
    var binding = KeyBinding(rebinding: self, keys: newKeys) { key, context in intent(standsFor[key] ?? key, context) }
    binding.keyLabel = Self.keyLabel(keyLabel, declared: declared, replacedBy: newKeys)
    return binding
  }

  /// The help bar's text for `newKeys`, in the shape `label` has for the declared keys: the
  /// first one, or the first few joined by `/` or nothing; all of them, by `/`, otherwise.
  static func keyLabel(_ label: String, declared: [Key], replacedBy newKeys: [Key]) -> String {
    for count in 1...max(1, declared.count) {
      for separator in ["/", ""] where declared.prefix(count).map(\.description).joined(separator: separator) == label {
        let shown = count == declared.count ? newKeys : Array(newKeys.prefix(count))
        return shown.map(\.description).joined(separator: separator)
      }
    }
    return newKeys.map(\.description).joined(separator: "/")
  }
}
