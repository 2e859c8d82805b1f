import Navigation
public import TerminalUI

/// The key maps of the app's screens a user can give other keys (in the config file's
/// `[keys.SCREEN]` tables), by the names the screens give them: what checks a user's keys before
/// the app starts, and what lists the defaults.
public enum ContactsKeyMaps {
  /// One screen's key map: its name and each binding's name and keys as declared.
  public struct Screen {
    public let name: String
    public let bindings: [(name: String, keys: [Key])]
    /// What is wrong with giving these bindings those keys (see `KeyMap.problems(rebinding:)`).
    public let problems: ([String: [Key]]) -> [KeyRebindingProblem]
    /// What each binding is for, as the help bar says it (a hidden binding's label too).
    public let labels: [String: String]
  }

  /// Every screen's map, in the order the user guide lists them, and the dialogs' buttons'
  /// (`dialog`, ``DialogKeys``).
  public static var screens: [Screen] {
    [
      screen(AuthScreen.self), screen(ContactsBrowserScreen.self), screen(ContactDetailScreen.self),
      screen(ContactEditorScreen.self), screen(SyncScreen.self), screen(DuplicatesScreen.self),
      screen(named: DialogKeys.name, DialogKeys.keys),
    ]
  }

  private static func screen<Declared: Navigation.Screen>(_ declared: Declared.Type) -> Screen {
    screen(named: Declared.keysName, Declared.keys)
  }

  private static func screen<Model, Intent>(named name: String, _ keys: KeyMap<Model, Intent>) -> Screen {
    let labels = Dictionary(
      keys.bindings.filter { !$0.name.isEmpty }.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
    return Screen(
      name: name, bindings: keys.namedKeys, problems: { keys.problems(rebinding: $0) }, labels: labels)
  }
}
