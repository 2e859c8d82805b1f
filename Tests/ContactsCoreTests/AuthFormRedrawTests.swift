import TerminalUI
import Testing

@testable import ContactsCore

/// The sign-in and sign-up screens' forms drawn over the form drawn for the key before (the
/// framework's `FormView.redraw(over:into:in:damage:)`): only the rows that differ are drawn
/// again, every cell that changed lies in the rows named as drawn, and the frame is the one
/// drawn afresh.
@MainActor
struct AuthFormRedrawTests {
  static let help = [
    HelpItem(key: "Tab", label: "Next field", keys: [.tab]),
    HelpItem(key: "^N", label: "Create account", keys: [.ctrl("n")]),
    HelpItem(key: "Esc", label: "Sign in", keys: [.escape]),
  ]

  /// An email typed into the form and erased again, one key at a time, its problem shown: the
  /// problem comes and goes as the address becomes valid, the button as the form does.
  static func typing(_ mode: AuthForm.Mode) -> [AuthForm] {
    var auth = AuthForm(mode)
    auth.form.set(.password, text: "long enough")
    auth.form.set(.confirmation, text: "long enough")
    auth.form.touched = [.field(.email), .field(.password), .field(.confirmation)]
    auth.form.validate(AuthForm.rules)
    var forms = [auth]
    for character in "ada@example.org" {
      auth.form.apply(.edit(.insert(String(character))), rules: AuthForm.rules)
      forms.append(auth)
    }
    for _ in 0..<6 {
      auth.form.apply(.edit(.deleteBackward), rules: AuthForm.rules)
      forms.append(auth)
    }
    auth.form.apply(.edit(.left), rules: AuthForm.rules)
    forms.append(auth)
    return forms
  }

  /// Forms in the states that change what is drawn: empty with an email offered, typed into,
  /// with problems shown, failed, submitting, sign-up, focus on each field and the button.
  static var forms: [AuthForm] {
    var forms: [AuthForm] = []
    for mode in [AuthForm.Mode.signIn, .signUp] {
      var auth = AuthForm(mode)
      auth.suggestedEmail = "last@example.com"
      forms.append(auth)
      auth.suggestedEmail = nil
      auth.form.set(.email, text: "ada@example")
      auth.form.submitTried = true
      auth.form.validate(AuthForm.rules)
      forms.append(auth)
      auth.form.apply(.next, rules: AuthForm.rules)
      auth.form.set(.password, text: "secret")
      auth.form.notice = "The paste was cut to 1024 characters"
      forms.append(auth)
      auth.form.apply(.next, rules: AuthForm.rules)
      auth.form.serverError = "Wrong email or password"
      forms.append(auth)
      auth.form.set(.email, text: "ada@example.com")
      auth.form.set(.password, text: "long enough")
      auth.form.set(.confirmation, text: "long enough")
      auth.form.serverError = nil
      auth.form.validate(AuthForm.rules)
      forms.append(auth)
      auth.form.apply(.submit, rules: AuthForm.rules)
      auth.form.tick = 3
      forms.append(auth)
    }
    return forms
  }

  /// The stage of a frame of `size`, where the wireframe draws the form.
  static func stage(in size: Size) -> Rect { Rect(x: 0, y: 1, width: size.width, height: size.height - 2) }

  /// `form` drawn afresh, over blank cells, as the wireframe draws it.
  static func drawn(_ form: AuthForm, isFocused: Bool, size: Size) -> Frame {
    var frame = Frame(size: size, theme: .dark)
    frame.keyHelp = help
    view(form, isFocused: isFocused).render(into: &frame, in: stage(in: size))
    return frame
  }

  static func view(_ form: AuthForm, isFocused: Bool) -> any View {
    AuthScreen(mode: form.mode).body(form, isFocused: isFocused)
  }

  @Test func aFormDrawnOverTheLastIsTheFormDrawnAfresh() {
    // Each key's form after the one before (typing and erasing), and every pair of the layout
    // tests' forms (other focus, problems, a failure, a request running: mostly drawn whole).
    var pairs: [(AuthForm, AuthForm)] = []
    for mode in [AuthForm.Mode.signIn, .signUp] {
      let typed = Self.typing(mode)
      pairs += zip(typed, typed.dropFirst()).map { ($0, $1) }
    }
    let forms = Self.forms
    for before in forms {
      for after in forms { pairs.append((before, after)) }
    }
    var redrawn = 0
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 30, height: 9)] {
      for isFocused in [true, false] {
        for (before, after) in pairs {
          let last = Self.drawn(before, isFocused: isFocused, size: size)
          var frame = last
          var damage: [Rect] = []
          let drewOver = Self.view(after, isFocused: isFocused).redraw(
            over: Self.view(before, isFocused: isFocused), into: &frame, in: Self.stage(in: size), damage: &damage)
          guard drewOver else {
            #expect(frame == last, "drew when it said it could not")
            continue
          }
          redrawn += 1
          let afresh = Self.drawn(after, isFocused: isFocused, size: size)
          #expect(frame == afresh, "\(size)\n\(frame.lines.joined(separator: "\n"))")
          let missed = (0..<size.height).flatMap { y in
            (0..<size.width).filter { x in last[x, y] != afresh[x, y] }.map { Point(x: $0, y: y) }
          }.filter { point in !damage.contains { $0.contains(point) } }
          #expect(missed.isEmpty, "changed outside the damage: \(missed)")
        }
      }
    }
    // The typing pairs are drawn over (two modes, 22 keys each, three sizes, focused or not).
    #expect(redrawn >= 2 * 22 * 3 * 2)
  }

  /// A typed key whose field's problem stays as it was draws the field's row and nothing else.
  @Test func aTypedKeyDrawsItsFieldsRowAlone() {
    var form = AuthForm(.signIn)
    form.form.set(.email, text: "ada@exampl")
    var typed = form
    typed.form.apply(.edit(.insert("e")), rules: AuthForm.rules)
    let size = Size(width: 120, height: 40)
    var frame = Self.drawn(form, isFocused: true, size: size)
    var damage: [Rect] = []
    let drewOver = Self.view(typed, isFocused: true).redraw(
      over: Self.view(form, isFocused: true), into: &frame, in: Self.stage(in: size), damage: &damage)
    #expect(drewOver)
    #expect(damage.count == 1)
    #expect(damage.first?.height == 1)
    #expect(damage.first?.minY == frame.cursor?.y)
    #expect(frame == Self.drawn(typed, isFocused: true, size: size))
  }
}
