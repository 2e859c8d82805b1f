public import TerminalUI

/// The keys of the dialogs' buttons, as a key map a user's key bindings can name (`dialog`):
/// `confirm` (Enter, y), `cancel` (Esc, n) and `dismiss` (an alert's one button: Enter, Esc);
/// a chooser's `choose` (Enter), `previous` (↑, k) and `next` (↓, j).
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
  /// A chooser's keys (``Dialog/chooser(title:message:choices:selected:cancel:cancelSends:)``):
  /// `choose` the selected row, select the `previous` or `next` one.
  public static let choose: [Key] = [.enter]
  public static let previous: [Key] = [.up, .character("k")]
  public static let next: [Key] = [.down, .character("j")]

  /// The named buttons with their keys as declared: what checks a user's keys for them
  /// (`KeyMap.problems(rebinding:)`) and what lists the defaults. (Confirm and dismiss share
  /// Enter, as do cancel and dismiss Esc: they are never in one dialog.)
  public static let keys = KeyMap<Void, Int>([
    KeyBinding(confirm, "Confirm", 0, named: "confirm"),
    KeyBinding(cancel, "Cancel", 1, named: "cancel"),
    KeyBinding(dismiss, "Dismiss", 0, named: "dismiss"),
    KeyBinding(choose, "Choose", 2, named: "choose"),
    KeyBinding(previous, "Previous choice", 3, named: "previous"),
    KeyBinding(next, "Next choice", 4, named: "next"),
  ])
}
