public import TerminalUI

/// A question or a message over the stage, kept in the app's state like everything else (so it
/// survives a resize and is recorded, replayed and snapshot-tested), whose buttons carry the
/// actions they send: answering needs no id to parse back.
///
/// ```swift
/// state.dialog = .confirmation(
///   title: "Delete item?", message: "Delete “\(item.name)”? This cannot be undone.",
///   confirm: "Delete", sends: .delete(id: item.id))
/// ```
///
/// ``NavigationApp`` shows it (given where the app keeps it, see ``NavigationApp/Dialogs``),
/// gives it the keyboard before anything else, and on an answer sends the app's dismiss action,
/// then the button's (or the chosen row's) action if it has one.
///
/// A chooser asks for one of a list, as long as it is:
///
/// ```swift
/// state.dialog = .chooser(
///   title: "Move to which list?", message: "Move “\(item.name)” to another list?",
///   choices: lists.map { Dialog.Choice($0.name, sends: .move(item.id, to: $0.id)) })
/// ```
public struct Dialog<Action> {
  /// One answer: its label, the keys that choose it, and what it sends (nothing: it only
  /// dismisses).
  public struct Button {
    public var label: String
    public var keys: [Key]
    public var action: Action?
    /// What a user's key bindings call it to give it other keys (``DialogKeys``: `confirm`,
    /// `cancel`, `dismiss`); nil for a button they cannot rebind.
    public var name: String?

    public init(_ label: String, keys: [Key], sends action: Action? = nil, named name: String? = nil) {
      self.label = label
      self.keys = keys
      self.action = action
      self.name = name
    }
  }

  /// One row of a chooser: its label, a detail shown at the row's right (a count, say: a long
  /// label is cut before it is), the keys that choose it at once (its digit, say), and what it
  /// sends.
  public struct Choice {
    public var label: String
    public var detail: String
    public var keys: [Key]
    public var action: Action

    public init(_ label: String, detail: String = "", keys: [Key] = [], sends action: Action) {
      self.label = label
      self.detail = detail
      self.keys = keys
      self.action = action
    }
  }

  public var title: String
  public var message: String
  /// The answers, the default first.
  public var buttons: [Button]
  /// A chooser's rows, one answer a row, above its buttons; empty for a dialog of buttons
  /// alone. However many there are, ↑ and ↓ select (when the app keeps the selection, see
  /// ``NavigationApp/Dialogs``), Enter and a click choose, and a row's own keys choose it.
  public var choices: [Choice]
  /// The row of `choices` Enter chooses, highlighted. In the state, so a resize, a recording
  /// and a snapshot keep it.
  public var selected: Int

  public init(title: String, message: String, buttons: [Button], choices: [Choice] = [], selected: Int = 0) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.choices = choices
    self.selected = choices.isEmpty ? 0 : min(max(0, selected), choices.count - 1)
  }

  /// A chooser: a question over a list of `choices`, one a row with `selected` highlighted;
  /// Enter chooses the selected row, a row's keys choose it, and Esc or `n` cancels (sending
  /// `cancelAction`, if any). Long labels are cut with an ellipsis; a long list scrolls.
  public static func chooser(
    title: String, message: String, choices: [Choice], selected: Int = 0, cancel: String = "Cancel",
    cancelSends cancelAction: Action? = nil
  ) -> Dialog {
    Dialog(
      title: title, message: message,
      buttons: [Button(cancel, keys: DialogKeys.cancel, sends: cancelAction, named: "cancel")], choices: choices,
      selected: selected)
  }

  /// Selects the chooser's row `row`, kept within its rows: what the app's reducer does with
  /// the selection action it gave ``NavigationApp/Dialogs``.
  public mutating func select(_ row: Int) {
    guard !choices.isEmpty else { return }
    selected = min(max(0, row), choices.count - 1)
  }

  /// A question: Enter or `y` confirms and sends `action`; Esc or `n` cancels and sends
  /// `cancelAction`, if any.
  public static func confirmation(
    title: String, message: String, confirm: String, sends action: Action, cancel: String = "Cancel",
    cancelSends cancelAction: Action? = nil
  ) -> Dialog {
    Dialog(
      title: title, message: message,
      buttons: [
        Button(confirm, keys: DialogKeys.confirm, sends: action, named: "confirm"),
        Button(cancel, keys: DialogKeys.cancel, sends: cancelAction, named: "cancel"),
      ])
  }

  /// A message with one button, which Enter or Esc chooses.
  public static func alert(title: String, message: String, dismiss: String = "OK") -> Dialog {
    Dialog(title: title, message: message, buttons: [Button(dismiss, keys: DialogKeys.dismiss, named: "dismiss")])
  }

  /// The button `key` chooses, if any (with the keys declared; a user's own keys are the
  /// ``DialogScreen``'s).
  public func button(for key: Key) -> Button? {
    buttons.first { $0.keys.contains(key) }
  }
}

extension Dialog.Choice: Equatable where Action: Equatable {}
extension Dialog.Choice: Hashable where Action: Hashable {}
extension Dialog.Choice: Sendable where Action: Sendable {}
extension Dialog.Choice: Codable where Action: Codable {}
extension Dialog.Button: Equatable where Action: Equatable {}
extension Dialog.Button: Hashable where Action: Hashable {}
extension Dialog.Button: Sendable where Action: Sendable {}
extension Dialog.Button: Codable where Action: Codable {}
extension Dialog: Equatable where Action: Equatable {}
extension Dialog: Hashable where Action: Hashable {}
extension Dialog: Sendable where Action: Sendable {}
extension Dialog: Codable where Action: Codable {}
