public import Flow
public import Navigation
public import TerminalUI

/// The sign-in and sign-up forms. The view model is the form itself (all of it is shown);
/// keys become intents for the auth coordinator.
@MainActor
public final class AuthScreen: Screen, StoreSubscriber {
  public enum Intent: Equatable, Sendable {
    case form(AuthFormAction)
    /// Sign-in → sign-up (Ctrl-N), sign-up → sign-in (Esc).
    case switchForm
    case quit
  }

  public let mode: AuthForm.Mode
  private var form: AuthForm
  private let onIntent: (Intent) -> Void
  /// The form's keys, for its mode: the focused field takes its editing keys and pastes.
  public let keyMap: KeyMap<AuthForm, Intent>

  public init(mode: AuthForm.Mode, onIntent: @escaping (Intent) -> Void) {
    self.mode = mode
    self.form = AuthForm(mode)
    self.onIntent = onIntent
    let other =
      mode == .signIn
      ? KeyBinding<AuthForm, Intent>(.ctrl("n"), "Create account", .switchForm)
      : KeyBinding(.escape, "Sign in", .switchForm)
    keyMap = KeyMap([
      .typing(when: { $0[input: $0.focus.focused] != nil }, key: { .form(.key($0)) }, paste: { .form(.paste($0)) }),
      KeyBinding(.tab, "Next field", .form(.key(.tab))),
      KeyBinding(.enter, Self.title(mode), .form(.key(.enter))),
      other,
      KeyBinding(.ctrl("c"), "Quit", .quit),
      KeyBinding([.down, .backTab, .up], "Move", hidden: true) { key, _ in .form(.key(key)) },
    ])
  }

  /// The form for `mode` while signed out.
  public nonisolated static func select(_ mode: AuthForm.Mode) -> @Sendable (AppState) -> AuthForm? {
    { state in mode == .signIn ? state.signedOut?.signIn : state.signedOut?.signUp }
  }

  public func receive(_ value: AuthForm?) {
    if let value { form = value }
  }

  private static func title(_ mode: AuthForm.Mode) -> String { mode == .signIn ? "Sign in" : "Create account" }

  public var title: String { Self.title(mode) }

  public var keyContext: AuthForm { form }
  public func send(_ intent: Intent) { onIntent(intent) }

  public func body(isFocused: Bool) -> any View {
    AuthFormView(form: form, title: title, isFocused: isFocused)
  }
}

/// The form's drawing: labelled fields, each with its problem under it, the server's error,
/// and the button (a spinner while the request runs).
struct AuthFormView: View {
  let form: AuthForm
  let title: String
  let isFocused: Bool
  var theme = Theme.standard

  func render(into frame: inout Frame, in region: Rect) {
    var rows: [StackItem] = [.fixed(1, Spacer())]
    func field(_ label: String, _ input: TextInput, _ field: AuthForm.Field, masked: Bool, error: String?) {
      let isFocusedField = isFocused && form.focus.focused == field
      rows.append(
        .fixed(
          1,
          HStack(
            spacing: 1,
            [
              .fixed(10, Text(label, style: isFocusedField ? theme.title : .plain)),
              .fill(
                TextField(
                  input, placeholder: masked ? "" : form.suggestedEmail ?? "you@example.com", isMasked: masked,
                  isFocused: isFocusedField,
                  isDisabled: form.isSubmitting)),
            ])))
      rows.append(.fixed(1, Padding(Text(error ?? "", style: theme.error), left: 11)))
    }
    field("Email", form.email, .email, masked: false, error: form.emailError)
    field("Password", form.password.value, .password, masked: true, error: form.passwordError)
    if form.mode == .signUp {
      field("Confirm", form.confirmation.value, .confirmation, masked: true, error: form.confirmationError)
    }
    if case .failed(let message) = form.status {
      rows.append(.fixed(1, Text("✖ " + message, style: theme.error, alignment: .center)))
    } else {
      rows.append(.fixed(1, Text(form.notice ?? "", style: theme.error, alignment: .center)))
    }
    let action: any View =
      if case .submitting(let tick) = form.status {
        Spinner(tick: tick, label: form.mode == .signIn ? "Signing in…" : "Creating your account…")
      } else {
        Button(title, isFocused: isFocused && form.focus.focused == .submit, isDisabled: !form.canSubmit)
      }
    rows.append(.fixed(1, HStack([.fill(Spacer()), .fit(action), .fill(Spacer())])))
    let hint =
      if form.suggestedEmail != nil && form.email.isEmpty {
        "Tab takes the email shown; typing replaces it."
      } else if form.mode == .signIn {
        "No account yet? Ctrl-N creates one."
      } else {
        "Have an account? Esc signs in."
      }
    let height = rows.count + 2
    let box = Box(
      title: title, borderStyle: isFocused ? theme.focusedBorder : theme.border, Padding(VStack(rows), horizontal: 1))
    let layout = VStack([
      .fixed(height, box),
      .fixed(1, Text(hint, style: theme.secondary, alignment: .center)),
    ])
    Centered(layout, size: Size(width: 60, height: height + 1)).render(into: &frame, in: region)
  }
}
