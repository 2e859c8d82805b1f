public import TerminalUI

/// What a session log must not hold: the keys typed into password fields.
///
/// Passwords are `Secret`s in state, but the keys that fill them pass through inputs and
/// actions as plain keys. Recording replaces each such character with ``placeholder`` (and a
/// paste with as many): the frames show the same dots, length rules behave the same, and the
/// recorded answer to the sign-in stands in for the real check. One thing a redacted replay
/// cannot tell: whether a sign-up's two passwords matched, since both become dots.
public enum SessionSecrets {
  public static let placeholder: Character = "•"
  public static let description = "characters typed or pasted into password fields are recorded as •"

  /// `event` as it may be recorded, given the state it arrives in.
  public static func redact(_ event: TerminalSession.Event, in state: AppState) -> TerminalSession.Event {
    guard state.isTypingSecret, case .input(let input) = event else { return event }
    return .input(redact(input))
  }

  /// `action` as it may be recorded, given the state it is reduced into.
  public static func redact(_ action: AppAction, in state: AppState) -> AppAction {
    guard let forms = state.signedOut else { return action }
    switch action {
    case .signIn(.form(let intent)) where forms.signIn.isTypingSecret:
      return .signIn(.form(redact(intent)))
    case .signUp(.form(let intent)) where forms.signUp.isTypingSecret:
      return .signUp(.form(redact(intent)))
    default:
      return action
    }
  }

  /// Typed and pasted text becomes placeholders; moves and other edits stay as they are.
  private static func redact(_ intent: FormIntent) -> FormIntent {
    switch intent {
    case .edit(.insert(let text)): .edit(.insert(redact(text)))
    case .paste(let text): .paste(redact(text))
    default: intent
    }
  }

  private static func redact(_ input: InputEvent) -> InputEvent {
    switch input {
    case .key(let key): .key(redact(key))
    case .paste(let text): .paste(redact(text))
    case .terminalMode, .mouse: input
    }
  }

  /// Text keys become the placeholder; editing and navigation keys (and Ctrl/Alt chords,
  /// which type nothing) stay as they are.
  private static func redact(_ key: Key) -> Key {
    guard case .character = key.code, key.modifiers.isSubset(of: .shift) else { return key }
    return Key(.character(placeholder), modifiers: key.modifiers)
  }

  private static func redact(_ text: String) -> String {
    String(repeating: placeholder, count: text.count)
  }
}

extension AppState {
  /// Whether keys now go into a password field.
  var isTypingSecret: Bool {
    guard dialog == nil else { return false }
    if case .signedIn = session {
      // Asked at every key: the sync state is read only on the sync screen, the one place a
      // password is typed while signed in (reading it copies it out of its box).
      guard appRoute == .sync else { return false }
      return signedIn?.sync.isTypingPassword == true
    }
    guard let forms = signedOut else { return false }
    // Asked at every key: the route is read only when a form's focus is on a password field.
    guard forms.signIn.isTypingSecret || forms.signUp.isTypingSecret else { return false }
    switch appRoute {
    case .signIn: return forms.signIn.isTypingSecret
    case .signUp: return forms.signUp.isTypingSecret
    default: return false
    }
  }
}

extension AuthForm {
  var isTypingSecret: Bool { form.focus == .field(.password) || form.focus == .field(.confirmation) }
}
