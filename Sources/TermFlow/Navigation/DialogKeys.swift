public import TerminalUI

/// The keys of the dialogs' buttons, as a key map a user's key bindings can name (`dialog`):
/// `confirm` (Enter, y), `cancel` (Esc, n) and `dismiss` (an alert's one button: Enter, Esc).
/// ``Dialog/confirmation(title:message:confirm:sends:cancel:cancelSends:)`` and
/// ``Dialog/alert(title:message:dismiss:)`` give their buttons these names, and every dialog
/// shown answers the user's keys for them (`NavigationApp(keyBindings:)`), its help bar
/// showing them.
public enum DialogKeys {
  /// The name of this map among a user's key bindings.
  public static let name = "dialog"
  public static let confirm: [Key] = [.enter, .character("y")]
  public static let cancel: [Key] = [.escape, .character("n")]
  public static let dismiss: [Key] = [.enter, .escape]

  /// The named buttons with their keys as declared: what checks a user's keys for them
  /// (`KeyMap.problems(rebinding:)`) and what lists the defaults. (Confirm and dismiss share
  /// Enter, as do cancel and dismiss Esc: they are never in one dialog.)
  public static let keys = KeyMap<Void, Int>([
    KeyBinding(confirm, "Confirm", 0, named: "confirm"),
    KeyBinding(cancel, "Cancel", 1, named: "cancel"),
    KeyBinding(dismiss, "Dismiss", 0, named: "dismiss"),
  ])
}
