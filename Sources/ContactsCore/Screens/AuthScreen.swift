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

  /// The problem shown under `field`, if any.
  fileprivate func problem(of field: Field) -> String? {
    switch field {
    case .email: emailError
    case .password: passwordError
    case .confirmation: confirmationError
    case .submit: nil
    }
  }

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
/// without building and freeing a tree of boxed views a key. Over the form drawn for the key
/// before, it draws only the rows that differ (``redraw(over:into:in:damage:)``): a typed key
/// costs its field's row, not the form.
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
  struct FieldRow: Equatable {
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

  /// Where the box and the hint under it go in `region`, for a form of `fields` fields.
  private static func layout(in region: Rect, fields: Int) -> (box: Rect, hint: Rect) {
    let height = rowCount(fields: fields) + 2
    // As `Centered` places the box and the hint under it, and a `VStack` gives each its rows.
    let outer = region.centered(Size(width: min(width, region.width), height: min(height + 1, region.height)))
    let boxHeight = min(height, max(0, outer.height))
    return (
      Rect(x: outer.x, y: outer.y, width: outer.width, height: boxHeight),
      Rect(x: outer.x, y: outer.y + boxHeight, width: outer.width, height: min(1, max(0, outer.height) - boxHeight))
    )
  }

  func render(into frame: inout Frame, in region: Rect) {
    let fields = fields
    let (box, hint) = Self.layout(in: region, fields: fields.count)
    let theme = frame.theme
    Box(
      title: title, borderStyle: isFocused ? theme.focusedBorder : theme.border, Rows(view: self, fields: fields)
    )
    .render(into: &frame, in: box)
    drawHint(into: &frame, in: hint)
  }

  /// Draws over the form `previous` drawn in `region` only the rows that differ from it: a
  /// field whose text or cursor moved, a problem that came or went, the banner, the button, the
  /// hint. Each is drawn as ``render(into:in:)`` draws it, over its row made blank again. Not
  /// when anything that places or styles the rows differs (the mode, the focus, the title, a
  /// request starting or ending, the email offered): the form is then drawn whole.
  func redraw(over previous: any View, into frame: inout Frame, in region: Rect, damage: inout [Rect]) -> Bool {
    guard let previous = Self.ofSameKind(previous), previous.title == title, previous.isFocused == isFocused,
      previous.form.mode == form.mode, previous.form.focus == form.focus,
      previous.form.isSubmitting == form.isSubmitting, previous.form.suggestedEmail == form.suggestedEmail
    else { return false }
    let fields = fields
    let (box, hint) = Self.layout(in: region, fields: fields.count)
    // Rows inside a border only (a box too small for one draws its rows elsewhere).
    guard box.width >= 2, box.height >= 2 else { return false }
    let rows = Rows(view: self, fields: fields)
    let area = rows.area(in: Box.contentArea(in: box))
    func redraw(row: Int, _ draw: (inout Frame, Rect) -> Void) {
      let line = Rows.line(row, of: area)
      guard !line.isEmpty else { return }
      frame.fill(line)
      draw(&frame, line)
      damage.append(line)
    }
    let before = previous.form
    let editsChanged = before.edited != form.edited
    let passwordChanged = before.password.value != form.password.value
    for (index, field) in fields.enumerated() {
      let inputChanged = before[input: field.field] != field.input
      if inputChanged {
        // The field alone: its label is as it was, and a field fills its whole row itself.
        let line = Rows.line(1 + 2 * index, of: area)
        if !line.isEmpty {
          let input = rows.inputArea(on: line)
          rows.drawInput(field, into: &frame, in: input)
          damage.append(input)
        }
      }
      // A problem follows its field's text and whether it was edited (the confirmation's,
      // the password too): the last form's is worked out only when one of those changed.
      let problemMayDiffer = inputChanged || editsChanged || (field.field == .confirmation && passwordChanged)
      if problemMayDiffer && field.error != before.problem(of: field.field) {
        redraw(row: 2 + 2 * index) { rows.drawError(field, into: &$0, on: $1) }
      }
    }
    if form.status != previous.form.status || form.notice != previous.form.notice {
      redraw(row: 1 + 2 * fields.count) { rows.drawBanner(into: &$0, on: $1) }
    }
    if form.status != previous.form.status || form.canSubmit != previous.form.canSubmit {
      redraw(row: 2 + 2 * fields.count) { rows.drawButton(into: &$0, on: $1) }
    }
    if form.email.isEmpty != previous.form.email.isEmpty, !hint.isEmpty {
      frame.fill(hint)
      drawHint(into: &frame, in: hint)
      damage.append(hint)
    }
    return true
  }

  private func drawHint(into frame: inout Frame, in area: Rect) {
    Text(hint(in: frame) ?? "", style: frame.theme.secondary, alignment: .center).render(into: &frame, in: area)
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

    /// The rows' columns inside the box's `region`.
    func area(in region: Rect) -> Rect { region.inset(left: 1, right: 1) }

    /// Row `index` of `area`, as a `VStack` of one-line rows gives it: the rows past the area
    /// get none.
    static func line(_ index: Int, of area: Rect) -> Rect {
      Rect(x: area.x, y: area.y + min(index, area.height), width: area.width, height: index < area.height ? 1 : 0)
    }

    func render(into frame: inout Frame, in region: Rect) {
      let area = area(in: region)
      for (index, field) in fields.enumerated() {
        drawField(field, into: &frame, on: Self.line(1 + 2 * index, of: area))
        drawError(field, into: &frame, on: Self.line(2 + 2 * index, of: area))
      }
      drawBanner(into: &frame, on: Self.line(1 + 2 * fields.count, of: area))
      drawButton(into: &frame, on: Self.line(2 + 2 * fields.count, of: area))
    }

    /// A field's row: as `Labelled`, the label's columns, a gap, the field in the rest.
    func drawField(_ field: FieldRow, into frame: inout Frame, on line: Rect) {
      guard !line.isEmpty else { return }
      let isFocused = view.isFocused && view.form.focus.focused == field.field
      Text(field.label, style: isFocused ? frame.theme.title : .plain)
        .render(into: &frame, in: Rect(x: line.x, y: line.y, width: Self.labelWidth(on: line), height: line.height))
      drawInput(field, into: &frame, in: inputArea(on: line))
    }

    /// The label's columns on a field's `line`.
    private static func labelWidth(on line: Rect) -> Int { min(AuthFormView.labelWidth, max(0, line.width - 1)) }

    /// Where a field's text field goes on its `line`: after the label and a gap.
    func inputArea(on line: Rect) -> Rect {
      let labelWidth = Self.labelWidth(on: line)
      return Rect(
        x: line.x + labelWidth + 1, y: line.y, width: max(0, line.width - 1) - labelWidth, height: line.height)
    }

    /// A field's text field, in `area` (``inputArea(on:)``): it fills all of it.
    func drawInput(_ field: FieldRow, into frame: inout Frame, in area: Rect) {
      let form = view.form
      TextField(
        field.input, placeholder: field.isMasked ? "" : form.suggestedEmail ?? "you@example.com",
        isMasked: field.isMasked, isFocused: view.isFocused && form.focus.focused == field.field,
        isDisabled: form.isSubmitting, clickTarget: view.target(field.field)
      )
      .render(into: &frame, in: area)
    }

    /// A field's problem, under its field.
    func drawError(_ field: FieldRow, into frame: inout Frame, on line: Rect) {
      guard !line.isEmpty, let error = field.error else { return }
      Text(error, style: frame.theme.error).render(into: &frame, in: line.inset(left: AuthFormView.labelWidth + 1))
    }

    /// The server's error, or the notice of a paste that did not fit.
    func drawBanner(into frame: inout Frame, on line: Rect) {
      guard !line.isEmpty else { return }
      if case .failed(let message) = view.form.status {
        Text("✖ " + message, style: frame.theme.error, alignment: .center).render(into: &frame, in: line)
      } else if let notice = view.form.notice {
        Text(notice, style: frame.theme.error, alignment: .center).render(into: &frame, in: line)
      }
    }

    /// The button, or a spinner while the request runs: as an `HStack` of a spacer, the button
    /// as wide as it likes, a spacer (the odd column left over goes to the first spacer).
    func drawButton(into frame: inout Frame, on line: Rect) {
      let form = view.form
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
