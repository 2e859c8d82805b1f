import ContactsModel
import Flow
import TerminalUI
import Testing

@testable import ContactsCore

/// The sign-in and sign-up forms place their rows themselves (they are drawn at every typed
/// key); these tests draw them beside the same form composed of stacks of views, as it was
/// written before, and require the same cells, cursor and mouse regions at every size.
@MainActor
struct AuthFormLayoutTests {
  /// Forms in the states that change what is drawn: empty with an email offered, typed into,
  /// with problems shown, failed, submitting, sign-up, focus on each field and the button.
  static var forms: [AuthForm] {
    var forms: [AuthForm] = []
    for mode in [AuthForm.Mode.signIn, .signUp] {
      var form = AuthForm(mode)
      form.suggestedEmail = "last@example.com"
      forms.append(form)
      form.suggestedEmail = nil
      form.email.set("ada@example")
      form.edited = [.email, .password, .confirmation]
      forms.append(form)
      form.focus.next()
      form.password.value.set("secret")
      form.notice = "The paste was cut to 1024 characters"
      forms.append(form)
      form.focus.next()
      form.status = .failed(message: "Wrong email or password")
      forms.append(form)
      form.email.set("ada@example.com")
      form.password.value.set("long enough")
      form.confirmation.value.set("long enough")
      form.status = .editing
      forms.append(form)
      form.status = .submitting(tick: 3)
      forms.append(form)
    }
    return forms
  }

  @Test func theFormIsDrawnAsItsStacksWouldDrawItAtEverySize() {
    let help = [
      HelpItem(key: "Tab", label: "Next field", keys: [.tab]),
      HelpItem(key: "^N", label: "Create account", keys: [.ctrl("n")]),
    ]
    var compared = 0
    for form in Self.forms {
      for isFocused in [true, false] {
        for width in [0, 1, 2, 3, 5, 13, 14, 30, 59, 60, 61, 62, 80, 121] {
          for height in [0, 1, 2, 3, 4, 6, 9, 10, 11, 12, 13, 24] {
            let size = Size(width: width, height: height)
            var drawn = Frame(size: size, theme: .dark)
            var composed = drawn
            drawn.keyHelp = help
            composed.keyHelp = help
            drawn.mouseRegions = []
            composed.mouseRegions = []
            let title = form.mode == .signIn ? "Sign in" : "Create account"
            // The stage as the wireframe gives it: under the title bar, above the help bar.
            let stage = Rect(x: 0, y: 1, width: width, height: height - 2)
            AuthFormView(form: form, title: title, isFocused: isFocused).render(into: &drawn, in: stage)
            ComposedAuthForm(form: form, title: title, isFocused: isFocused).render(into: &composed, in: stage)
            #expect(
              drawn == composed, "\(size), \(form.mode), focused: \(isFocused)\n\(drawn.lines.joined(separator: "\n"))")
            #expect(drawn.mouseRegions == composed.mouseRegions, "\(size)")
            compared += 1
          }
        }
      }
    }
    #expect(compared == Self.forms.count * 2 * 14 * 12)
  }
}

/// The form as it was composed of views before it placed its rows itself: the reference the
/// test above draws against.
private struct ComposedAuthForm: View {
  let form: AuthForm
  let title: String
  let isFocused: Bool

  private func target(_ field: AuthForm.Field) -> MouseTarget {
    .item(AuthFormView.control, index: form.focus.order.firstIndex(of: field) ?? 0)
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
    // The hint's words are not layout: the view's own.
    let hint = AuthFormView(form: form, title: title, isFocused: isFocused).hint(in: frame)
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
