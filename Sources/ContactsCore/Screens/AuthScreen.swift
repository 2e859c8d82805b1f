public import Navigation
public import TerminalUI

/// The sign-in and sign-up forms. The view model is the form itself (all of it is shown); the
/// focused field takes its editing keys and pastes.
public struct AuthScreen: Screen {
  public let mode: AuthForm.Mode

  public init(mode: AuthForm.Mode) { self.mode = mode }

  public func select(_ state: AppState) -> AuthForm {
    (mode == .signIn ? state.signedOut?.signIn : state.signedOut?.signUp) ?? AuthForm(mode)
  }

  /// What the config file calls these keys: `[keys.sign-in]`.
  public static let keysName = "sign-in"

  /// The form's keys: the focused field takes its editing keys and pastes; Ctrl-N goes from
  /// signing in to signing up, Esc back.
  public static let keys = KeyMap<AuthForm, AppAction>([
    .typing(
      when: \.isOnInput, key: { key, form in form.sends(.key(key)) }, paste: { text, form in form.sends(.paste(text)) }),
    KeyBinding(.tab, "Next field") { key, form in form.sends(.key(key)) },
    KeyBinding(.enter, "Sign in", .signIn(.key(.enter)), when: { $0.mode == .signIn }),
    KeyBinding(.enter, "Create account", .signUp(.key(.enter)), when: { $0.mode == .signUp }),
    KeyBinding(.ctrl("n"), "Create account", .go(.signUp), named: "new-account", when: { $0.mode == .signIn }),
    KeyBinding(.escape, "Sign in", .go(.signIn), named: "back", when: { $0.mode == .signUp }),
    KeyBinding(.ctrl("c"), "Quit", .quit),
    KeyBinding([.down, .backTab, .up], "Move", hidden: true) { key, form in form.sends(.key(key)) },
    .click(AuthFormView.control) { click, form in
      let field = form.focus.order[min(click.index, form.focus.order.count - 1)]
      return form.sends(field == .submit ? .submit : .focus(field, column: click.column))
    },
  ])

  public func title(_ form: AuthForm) -> String { mode == .signIn ? "Sign in" : "Create account" }

  public func body(_ form: AuthForm, isFocused: Bool) -> any View {
    AuthFormView(form: form, title: title(form), isFocused: isFocused)
  }
}

extension AuthForm {
  fileprivate var isOnInput: Bool { self[input: focus.focused] != nil }

  /// `action` for this form.
  fileprivate func sends(_ action: AuthFormAction) -> AppAction {
    mode == .signIn ? .signIn(action) : .signUp(action)
  }
}

/// The form's drawing: labelled fields, each with its problem under it, the server's error,
/// and the button (a spinner while the request runs).
struct AuthFormView: View {
  /// The name the form's fields and button answer clicks by, each by its place in the focus order.
  static let control = "auth"

  let form: AuthForm
  let title: String
  let isFocused: Bool

  private func target(_ field: AuthForm.Field) -> MouseTarget {
    .item(Self.control, index: form.focus.order.firstIndex(of: field) ?? 0)
  }

  func render(into frame: inout Frame, in region: Rect) {
    let theme = frame.theme
    var rows: [StackItem] = [.fixed(1, Spacer())]
    func field(_ label: String, _ input: TextInput, _ field: AuthForm.Field, masked: Bool, error: String?) {
      rows.append(
        .fixed(
          1,
          LabelledField(
            label: label, input: input, placeholder: masked ? "" : form.suggestedEmail ?? "you@example.com",
            isMasked: masked, isFocused: isFocused && form.focus.focused == field, isDisabled: form.isSubmitting,
            clickTarget: target(field))))
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
        Button(
          title, isFocused: isFocused && form.focus.focused == .submit, isDisabled: !form.canSubmit,
          clickTarget: target(.submit))
      }
    rows.append(.fixed(1, HStack([.fill(Spacer()), .fit(action), .fill(Spacer())])))
    let hint =
      if form.suggestedEmail != nil && form.email.isEmpty {
        frame.key(labelled: "Next field").map { "\($0) takes the email shown; typing replaces it." }
      } else if form.mode == .signIn {
        frame.key(labelled: "Create account").map { "No account yet? \($0) creates one." }
      } else {
        frame.key(labelled: "Sign in").map { "Have an account? \($0) signs in." }
      }
    let height = rows.count + 2
    let box = Box(
      title: title, borderStyle: isFocused ? theme.focusedBorder : theme.border, Padding(VStack(rows), horizontal: 1))
    let layout = VStack([
      .fixed(height, box),
      .fixed(1, Text(hint ?? "", style: theme.secondary, alignment: .center)),
    ])
    Centered(layout, size: Size(width: 60, height: height + 1)).render(into: &frame, in: region)
  }
}
