import TerminalUI
import Testing

@testable import ContactsCore

/// The sign-in and sign-up forms drawn over the form drawn for the key before
/// (`AuthFormView.redraw(over:into:in:damage:)`): only the rows that differ are drawn again,
/// every cell that changed lies in the rows named as drawn, and the frame is the one drawn afresh.
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
    var form = AuthForm(mode)
    form.password.value.set("long enough")
    form.confirmation.value.set("long enough")
    form.edited = [.password, .confirmation]
    var forms = [form]
    for character in "ada@example.org" {
      form.email.handle(.character(character))
      form.edited.insert(.email)
      forms.append(form)
    }
    for _ in 0..<6 {
      form.email.handle(.backspace)
      forms.append(form)
    }
    form.email.handle(.left)
    forms.append(form)
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

  static func view(_ form: AuthForm, isFocused: Bool) -> AuthFormView {
    AuthFormView(form: form, title: form.mode == .signIn ? "Sign in" : "Create account", isFocused: isFocused)
  }

  @Test func aFormDrawnOverTheLastIsTheFormDrawnAfresh() {
    // Each key's form after the one before (typing and erasing), and every pair of the layout
    // tests' forms (other focus, problems, a failure, a request running: mostly drawn whole).
    var pairs: [(AuthForm, AuthForm)] = []
    for mode in [AuthForm.Mode.signIn, .signUp] {
      let typed = Self.typing(mode)
      pairs += zip(typed, typed.dropFirst()).map { ($0, $1) }
    }
    let forms = AuthFormLayoutTests.forms
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
    form.email.set("ada@exampl")
    var typed = form
    typed.email.handle(.character("e"))
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
