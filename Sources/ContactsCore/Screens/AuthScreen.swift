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
      when: { $0.isOnInput }, key: { key, form in form.sends(.key(key)) },
      paste: { text, form in form.sends(.paste(text)) }),
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
/// and the button (a spinner while the request runs), in a box centred on the stage, the hint
/// under it.
///
/// Drawn at every typed key, so it places its rows itself rather than through stacks of
/// views: every row is one line, and the areas are the ones `Centered`, `VStack`, `Box`,
/// `Padding` and `HStack` would give them (`AuthFormLayoutTests` draws both ways at every size),
/// without building and freeing a tree of boxed views a key.
struct AuthFormView: View {
  /// The name the form's fields and button answer clicks by, each by its place in the focus order.
  static let control = "auth"
  /// The widest the box gets.
  static let width = 60
  /// The columns of a field's label, and the gap after it.
  static let labelWidth = 10

  let form: AuthForm
  let title: String
  let isFocused: Bool

  /// One text field of the form and what it shows.
  struct FieldRow {
    var label: String
    var input: TextInput
    var field: AuthForm.Field
    var isMasked: Bool
    var error: String?
  }

  var fields: [FieldRow] {
    var rows = [
      FieldRow(label: "Email", input: form.email, field: .email, isMasked: false, error: form.emailError),
      FieldRow(
        label: "Password", input: form.password.value, field: .password, isMasked: true, error: form.passwordError),
    ]
    if form.mode == .signUp {
      rows.append(
        FieldRow(
          label: "Confirm", input: form.confirmation.value, field: .confirmation, isMasked: true,
          error: form.confirmationError))
    }
    return rows
  }

  /// A blank row, a field and its problem for each field, the banner, the button.
  static func rowCount(fields: Int) -> Int { 1 + 2 * fields + 2 }

  func render(into frame: inout Frame, in region: Rect) {
    let fields = fields
    let height = Self.rowCount(fields: fields.count) + 2
    // As `Centered` places the box and the hint under it, and a `VStack` gives each its rows.
    let outer = region.centered(Size(width: min(Self.width, region.width), height: min(height + 1, region.height)))
    let boxHeight = min(height, max(0, outer.height))
    let theme = frame.theme
    Box(
      title: title, borderStyle: isFocused ? theme.focusedBorder : theme.border, Rows(view: self, fields: fields)
    )
    .render(into: &frame, in: Rect(x: outer.x, y: outer.y, width: outer.width, height: boxHeight))
    Text(hint(in: frame) ?? "", style: theme.secondary, alignment: .center)
      .render(
        into: &frame,
        in: Rect(
          x: outer.x, y: outer.y + boxHeight, width: outer.width, height: min(1, max(0, outer.height) - boxHeight)))
  }

  /// The line under the box: how to take the email offered, or how to switch forms, with the
  /// user's keys; nil while no binding applies.
  func hint(in frame: Frame) -> String? {
    if form.suggestedEmail != nil && form.email.isEmpty {
      frame.key(labelled: "Next field").map { "\($0) takes the email shown; typing replaces it." }
    } else if form.mode == .signIn {
      frame.key(labelled: "Create account").map { "No account yet? \($0) creates one." }
    } else {
      frame.key(labelled: "Sign in").map { "Have an account? \($0) signs in." }
    }
  }

  private func target(_ field: AuthForm.Field) -> MouseTarget {
    .item(Self.control, index: form.focus.order.firstIndex(of: field) ?? 0)
  }

  /// The rows inside the box, one line each, a column of margin on either side.
  private struct Rows: View {
    let view: AuthFormView
    let fields: [FieldRow]

    func render(into frame: inout Frame, in region: Rect) {
      let inner = region.inset(left: 1, right: 1)
      let rows = max(0, inner.height)
      // As a `VStack` of one-line rows: the rows past the area get none.
      func row(_ index: Int) -> Rect {
        Rect(x: inner.x, y: inner.y + min(index, rows), width: inner.width, height: index < rows ? 1 : 0)
      }
      let form = view.form
      let theme = frame.theme
      for (index, field) in fields.enumerated() {
        let line = row(1 + 2 * index)
        let isFocused = view.isFocused && form.focus.focused == field.field
        // As `Labelled`: the label's columns, a gap, the field in the rest.
        let labelWidth = min(AuthFormView.labelWidth, max(0, line.width - 1))
        Text(field.label, style: isFocused ? theme.title : .plain)
          .render(into: &frame, in: Rect(x: line.x, y: line.y, width: labelWidth, height: line.height))
        TextField(
          field.input, placeholder: field.isMasked ? "" : form.suggestedEmail ?? "you@example.com",
          isMasked: field.isMasked, isFocused: isFocused, isDisabled: form.isSubmitting,
          clickTarget: view.target(field.field)
        )
        .render(
          into: &frame,
          in: Rect(
            x: line.x + labelWidth + 1, y: line.y, width: max(0, line.width - 1) - labelWidth, height: line.height))
        Text(field.error ?? "", style: theme.error)
          .render(into: &frame, in: row(2 + 2 * index).inset(left: AuthFormView.labelWidth + 1))
      }
      let banner = row(1 + 2 * fields.count)
      if case .failed(let message) = form.status {
        Text("✖ " + message, style: theme.error, alignment: .center).render(into: &frame, in: banner)
      } else {
        Text(form.notice ?? "", style: theme.error, alignment: .center).render(into: &frame, in: banner)
      }
      let line = row(2 + 2 * fields.count)
      // As an `HStack` of a spacer, the button as wide as it likes, a spacer: the odd column
      // left over goes to the first spacer.
      let width = max(0, line.width)
      if case .submitting(let tick) = form.status {
        let spinner = Spinner(tick: tick, label: form.mode == .signIn ? "Signing in…" : "Creating your account…")
        spinner.render(
          into: &frame, in: Self.centred(spinner.preferredSize(in: line.size).width, in: line, width: width))
      } else {
        let button = Button(
          view.title, isFocused: view.isFocused && form.focus.focused == .submit, isDisabled: !form.canSubmit,
          clickTarget: view.target(.submit))
        button.render(into: &frame, in: Self.centred(button.preferredSize(in: line.size).width, in: line, width: width))
      }
    }

    /// The columns a view `preferred` wide gets between two equal spacers on `line`.
    private static func centred(_ preferred: Int, in line: Rect, width: Int) -> Rect {
      let used = min(max(0, preferred), width)
      let left = (width - used + 1) / 2
      return Rect(x: line.x + left, y: line.y, width: used, height: line.height)
    }
  }
}
