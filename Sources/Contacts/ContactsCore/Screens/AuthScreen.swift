public import Navigation
public import TerminalUI

/// The sign-in and sign-up forms: the framework's form in a box, the hint under it naming the
/// key that switches forms (or takes the email offered).
public struct AuthScreen: Screen {
  public let mode: AuthForm.Mode

  public init(mode: AuthForm.Mode) { self.mode = mode }

  public func select(_ state: AppState) -> AuthForm {
    (mode == .signIn ? state.signedOut?.signIn : state.signedOut?.signUp) ?? AuthForm(mode)
  }

  /// What the config file calls these keys: `[keys.sign-in]`.
  public static let keysName = "sign-in"

  /// The form's keys; Enter moves down the fields and submits from the last; Ctrl-N goes from
  /// signing in to signing up, Esc back.
  public static let keys = KeyMap<AuthForm, AppAction>(
    KeyBinding.form({ $0.form }, control: control) { intent, auth in auth.sends(.form(intent)) } + [
      KeyBinding(.enter, "Sign in", when: { $0.mode == .signIn && !$0.isSubmitting }) { $1.sends(.form(.enter)) },
      KeyBinding(.enter, "Create account", when: { $0.mode == .signUp && !$0.isSubmitting }) {
        $1.sends(.form(.enter))
      },
      KeyBinding(.ctrl("n"), "Create account", .go(.signUp), named: "new-account", when: { $0.mode == .signIn }),
      KeyBinding(.escape, "Sign in", .go(.signIn), named: "back", when: { $0.mode == .signUp }),
      KeyBinding(.ctrl("c"), "Quit", .quit).essential(),
    ])

  /// The name the form's fields and button answer clicks by.
  static let control = "auth"

  public func title(_ auth: AuthForm) -> String { mode == .signIn ? "Sign in" : "Create account" }

  public func body(_ auth: AuthForm, isFocused: Bool) -> any View {
    FormView(
      auth.form, title: title(auth), button: title(auth),
      busyLabel: mode == .signIn ? "Signing in…" : "Creating your account…", isFocused: isFocused,
      hint: Self.hint(auth), control: Self.control)
  }

  /// The line under the box: how to take the email offered, or how to switch forms.
  static func hint(_ auth: AuthForm) -> FormHint {
    if auth.suggestedEmail != nil && auth.form.text(.email).isEmpty {
      FormHint("{key} takes the email shown; typing replaces it.", key: "Next field")
    } else if auth.mode == .signIn {
      FormHint("No account yet? {key} creates one.", key: "Create account")
    } else {
      FormHint("Have an account? {key} signs in.", key: "Sign in")
    }
  }
}

extension AuthForm {
  /// `action` for this form.
  fileprivate func sends(_ action: AuthFormAction) -> AppAction {
    mode == .signIn ? .signIn(action) : .signUp(action)
  }
}
