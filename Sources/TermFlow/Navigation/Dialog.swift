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
/// then the button's action if it has one.
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

  public var title: String
  public var message: String
  /// The answers, the default first.
  public var buttons: [Button]

  public init(title: String, message: String, buttons: [Button]) {
    self.title = title
    self.message = message
    self.buttons = buttons
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

extension Dialog.Button: Equatable where Action: Equatable {}
extension Dialog.Button: Hashable where Action: Hashable {}
extension Dialog.Button: Sendable where Action: Sendable {}
extension Dialog.Button: Codable where Action: Codable {}
extension Dialog: Equatable where Action: Equatable {}
extension Dialog: Hashable where Action: Hashable {}
extension Dialog: Sendable where Action: Sendable {}
extension Dialog: Codable where Action: Codable {}
