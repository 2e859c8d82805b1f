import TestSupport
import Testing

@testable import TerminalUI

/// The framework's form drawn (`FormView`): over the form drawn for the intent before, it draws
/// only the rows that differ, every cell that changed lies in what it names as drawn, and the
/// frame is the one drawn afresh; a typed key draws its field alone; a form taller than its
/// area keeps the focused field in view.
@Suite struct FormViewTests {
  typealias Field = FormTests.Field

  static let help = [
    HelpItem(key: "Tab", label: "Next field", keys: [.tab]), HelpItem(key: "^N", label: "Create account"),
  ]

  static func view(
    _ form: Form<Field>, isFocused: Bool = true, hint: FormHint? = nil, layout: FormLayout = .boxed(width: 60)
  ) -> FormView {
    FormView(
      form, title: "Account", button: "Save", busyLabel: "Saving…", isFocused: isFocused, hint: hint, layout: layout)
  }

  /// `view` drawn afresh over blank cells in `region` of a frame of `size`.
  static func drawn(_ view: FormView, size: Size, marks: Bool = false) -> Frame {
    var frame = Frame(size: size, theme: .dark)
    frame.keyHelp = help
    if marks { frame.mouseRegions = [] }
    view.render(into: &frame, in: Rect(x: 0, y: 1, width: size.width, height: size.height - 2))
    return frame
  }

  /// What a random intent may be: mostly typing, with moves, pastes, submits and list edits.
  static func randomIntent(using random: inout SplitMix64) -> FormIntent {
    switch Int.random(in: 0..<20, using: &random) {
    case 0..<9: .edit(.insert(String("ab@1 .李é".randomElement(using: &random)!)))
    case 9, 10: .edit(.deleteBackward)
    case 11: .edit(.left)
    case 12: .next
    case 13: .previous
    case 14: .paste(String(repeating: "x", count: Int.random(in: 1...30, using: &random)))
    case 15: .submit
    case 16: .choose(by: 1)
    case 17: [.addEntry, .removeEntry, .moveEntry(by: -1), .togglePreferred].randomElement(using: &random)!
    case 18: .enter
    default: .edit(.start)
    }
  }

  @Test func aFormDrawnOverTheLastIsTheFormDrawnAfresh() {
    var random = SplitMix64(seed: 36)
    var redrawn = 0
    var pairs = 0
    let layouts: [FormLayout] = [.boxed(width: 60), .page(buttonNote: "Unsaved changes")]
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 11)] {
      for (isFocused, layout) in [true, false].flatMap({ focused in layouts.map { (focused, $0) } }) {
        var form = FormTests.form()
        form.validate(FormTests.rules)
        for step in 0..<300 {
          var next = form
          let intent = Self.randomIntent(using: &random)
          if next.apply(intent, rules: FormTests.rules) == .submit {
            // Some submits end at once, some with the server's error; others spin a while.
            if step % 3 == 0 { next.finish(error: step % 2 == 0 ? "Refused" : nil) }
          } else if next.isBusy {
            next.tick += 1
            if step % 5 == 0 { next.finish(error: nil) }
          }
          let hint = FormHint("{key} moves on", key: step % 7 == 0 ? "Create account" : "Next field")
          let marks = step % 4 == 0
          let before = Self.view(form, isFocused: isFocused, hint: hint, layout: layout)
          let after = Self.view(next, isFocused: isFocused, hint: step % 11 == 0 ? nil : hint, layout: layout)
          let last = Self.drawn(before, size: size, marks: marks)
          var frame = last
          var damage: [Rect] = []
          pairs += 1
          let region = Rect(x: 0, y: 1, width: size.width, height: size.height - 2)
          if after.redraw(over: before, into: &frame, in: region, damage: &damage) {
            redrawn += 1
            let afresh = Self.drawn(after, size: size, marks: marks)
            #expect(frame == afresh, "\(intent) at \(size), \(layout)\n\(frame.lines.joined(separator: "\n"))")
            let missed = (0..<size.height).flatMap { y in
              (0..<size.width).filter { x in last[x, y] != afresh[x, y] }.map { Point(x: $0, y: y) }
            }.filter { point in !damage.contains { $0.contains(point) } }
            #expect(missed.isEmpty, "\(intent) changed outside the damage: \(missed.prefix(5))")
          } else {
            #expect(frame == last, "drew when it said it could not")
          }
          form = next
        }
      }
    }
    // Most intents type, and those are drawn over.
    #expect(redrawn * 2 > pairs)
  }

  @Test func aTypedKeyDrawsItsFieldAlone() {
    var form = FormTests.form()
    form.set(.name, text: "Ad")
    form.validate(FormTests.rules)
    var typed = form
    typed.apply(.edit(.insert("a")), rules: FormTests.rules)
    let size = Size(width: 80, height: 24)
    for layout in [FormLayout.boxed(width: 60), .page(buttonNote: "")] {
      var frame = Self.drawn(Self.view(form, layout: layout), size: size)
      var damage: [Rect] = []
      let drewOver = Self.view(typed, layout: layout).redraw(
        over: Self.view(form, layout: layout), into: &frame, in: Rect(x: 0, y: 1, width: 80, height: 22),
        damage: &damage)
      #expect(drewOver)
      #expect(damage.count == 1)
      #expect(damage.first?.height == 1)
      #expect(damage.first?.minY == frame.cursor?.y)
      #expect(frame == Self.drawn(Self.view(typed, layout: layout), size: size))
    }
  }

  @Test func aFormTallerThanItsAreaKeepsTheFocusedFieldAndTheButtonInView() {
    var form = FormTests.form()
    form.move(to: .field(.password))
    let frame = Self.drawn(Self.view(form), size: Size(width: 60, height: 10))
    let text = frame.lines.joined(separator: "\n")
    #expect(text.contains("Password"))
    #expect(text.contains("[ Save ]"))
    #expect(!text.contains("Name"), "scrolled past")
    form.move(to: .field(.name))
    let top = Self.drawn(Self.view(form), size: Size(width: 60, height: 10)).lines.joined(separator: "\n")
    #expect(top.contains("Name") && top.contains("[ Save ]"))
  }

  @Test func problemsShowUnderTheirFieldOnceLeft() {
    var form = FormTests.form()
    form.validate(FormTests.rules)
    let fresh = Self.drawn(Self.view(form), size: Size(width: 80, height: 24)).lines.joined(separator: "\n")
    #expect(!fresh.contains("Enter a name"))
    form.apply(.next, rules: FormTests.rules)
    let lines = Self.drawn(Self.view(form), size: Size(width: 80, height: 24)).lines
    let name = lines.firstIndex { $0.contains("Name") }
    #expect(name.map { lines[$0 + 1].contains("Enter a name") } == true)
  }

  @Test func aClickOnAFieldIsAnItemOfTheFormsControlByItsPlaceInTheOrder() {
    var form = FormTests.form()
    form.validate(FormTests.rules)
    let frame = Self.drawn(Self.view(form), size: Size(width: 80, height: 24), marks: true)
    let items = (frame.mouseRegions ?? []).compactMap { region -> Int? in
      if case .item("form", let index) = region.target { index } else { nil }
    }
    #expect(Set(items) == Set(0..<(form.order.count - 1)), "every field; the button is disabled")
  }
}
