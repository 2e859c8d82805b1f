import SnapshotTesting
import TerminalTesting
import TestSupport
import Testing

@testable import TerminalUI

/// A form's text area drawn (`FormView`): its label and rows, lines wrapped by display width,
/// the cursor on its line, the field scrolled to it, fewer rows in a small form; drawn over the
/// frame before, only the rows a key changed, and the frame as drawn afresh.
@MainActor
@Suite struct FormViewTextAreaTests {
  typealias Field = TextAreaTests.Field

  static let note = "Met at the 1843 meeting.\nWrites in 日本語 too, and 👍.\n\nLikes: tea, long walks, e\u{301}tudes."

  static func view(_ form: Form<Field>, isFocused: Bool = true, layout: FormLayout = .page(buttonNote: ""))
    -> FormView
  {
    FormView(form, title: "Person", button: "Save", isFocused: isFocused, layout: layout, labelWidth: 7)
  }

  static func drawn(_ view: FormView, size: Size, marks: Bool = false) -> Frame {
    var frame = Frame(size: size, theme: .dark)
    if marks { frame.mouseRegions = [] }
    view.render(into: &frame, in: Rect(x: 0, y: 0, width: size.width, height: size.height))
    return frame
  }

  /// The form as the app keeps it: told its columns at `size`.
  static func form(_ note: String, size: Size, rows: Int = 4, layout: FormLayout = .page(buttonNote: ""))
    -> Form<Field>
  {
    let columns = view(TextAreaTests.form(), layout: layout).inputColumns(inWidth: size.width)
    return TextAreaTests.form(note, rows: rows, columns: columns)
  }

  static func randomIntent(using random: inout SplitMix64) -> FormIntent {
    switch Int.random(in: 0..<20, using: &random) {
    case 0..<8: .edit(.insert(String("ab 李é👍.".randomElement(using: &random)!)))
    case 8, 9: .newLine
    case 10: .edit(.deleteBackward)
    case 11: .lineUp
    case 12: .lineDown
    case 13: .paste("one\r\ntwo three four five six\rseven")
    case 14: .edit(.start)
    case 15: .edit(.end)
    case 16: .edit(.deleteToEnd)
    case 17: [.next, .previous].randomElement(using: &random)!
    case 18: .edit(.left)
    default: .edit(.right)
    }
  }

  @Test func aTextAreaDrawnOverTheLastIsTheTextAreaDrawnAfresh() {
    var random = SplitMix64(seed: 3636)
    var redrawn = 0
    var pairs = 0
    for size in [Size(width: 80, height: 24), Size(width: 30, height: 12), Size(width: 24, height: 7)] {
      for layout in [FormLayout.page(buttonNote: ""), .boxed(width: 40)] {
        var form = Self.form("", size: size, rows: 3, layout: layout)
        for step in 0..<250 {
          var next = form
          let intent = Self.randomIntent(using: &random)
          next.apply(intent, rules: TextAreaTests.rules)
          let marks = step % 4 == 0
          let before = Self.view(form, layout: layout)
          let after = Self.view(next, layout: layout)
          let last = Self.drawn(before, size: size, marks: marks)
          var frame = last
          var damage: [Rect] = []
          pairs += 1
          let region = Rect(x: 0, y: 0, width: size.width, height: size.height)
          if after.redraw(over: before, into: &frame, in: region, damage: &damage) {
            redrawn += 1
            let afresh = Self.drawn(after, size: size, marks: marks)
            #expect(frame == afresh, "\(intent) at \(size)\n\(frame.lines.joined(separator: "\n"))")
            #expect(frame.cursor == afresh.cursor, "\(intent) at \(size): the cursor")
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
    #expect(redrawn * 2 > pairs)
  }

  @Test func aKeyTypedInATextAreaDrawsItsLineAlone() {
    let size = Size(width: 80, height: 24)
    var form = Self.form(Self.note, size: size)
    form.apply(.lineDown, rules: TextAreaTests.rules)
    var typed = form
    typed.apply(.edit(.insert("x")), rules: TextAreaTests.rules)
    var frame = Self.drawn(Self.view(form), size: size)
    var damage: [Rect] = []
    let region = Rect(x: 0, y: 0, width: 80, height: 24)
    #expect(Self.view(typed).redraw(over: Self.view(form), into: &frame, in: region, damage: &damage))
    #expect(damage.count == 1)
    #expect(damage.first?.height == 1)
    #expect(damage.first?.minY == frame.cursor?.y)
    #expect(frame == Self.drawn(Self.view(typed), size: size))
    // A move to the next line draws the two lines the cursor left and reached.
    var moved = typed
    moved.apply(.lineDown, rules: TextAreaTests.rules)
    damage = []
    #expect(Self.view(moved).redraw(over: Self.view(typed), into: &frame, in: region, damage: &damage))
    #expect(damage.count == 2)
    #expect(frame == Self.drawn(Self.view(moved), size: size))
  }

  @Test func aNoteWithLinesAt80x24() {
    let size = Size(width: 80, height: 24)
    var form = Self.form(Self.note, size: size)
    form.apply(.lineDown, rules: TextAreaTests.rules)
    form.apply(.edit(.end), rules: TextAreaTests.rules)
    let frame = Self.drawn(Self.view(form), size: size)
    #expect(frame.isWellFormed)
    assertSnapshot(of: frame, as: .frame, named: "page")
    form.move(to: .field(.email))
    assertSnapshot(of: Self.drawn(Self.view(form, layout: .boxed(width: 50)), size: size), as: .frame, named: "boxed")
  }

  @Test func aLongNoteInASmallFormScrollsToItsCursor() {
    // 30x9: the area shows 2 of its 4 rows (half of what the form has), wrapped at 20 columns.
    let size = Size(width: 30, height: 9)
    var form = Self.form(Self.note, size: size)
    for _ in 0..<4 { form.apply(.lineDown, rules: TextAreaTests.rules) }
    let frame = Self.drawn(Self.view(form), size: size)
    #expect(frame.isWellFormed)
    assertSnapshot(of: frame, as: .frame, named: "small")
    #expect(!frame.lines.joined().contains("Met at"), "the field scrolled to the cursor's line")
    #expect(frame.lines.joined().contains("Notes"))
  }

  /// A click on a row of a text area focuses it with the cursor where it landed: each row's
  /// region reaches up to the first row in view, so the click's row counts from there.
  @Test func aClickOnARowOfATextAreaPutsTheCursorThere() throws {
    let size = Size(width: 80, height: 24)
    var form = Self.form(Self.note, size: size)
    form.move(to: .field(.name))
    let frame = Self.drawn(Self.view(form), size: size, marks: true)
    let regions = (frame.mouseRegions ?? []).filter { $0.target == .item("form", index: 1) }.map(\.area)
    #expect(regions.count == 4, "one for each of the note's rows")
    let first = try #require(regions.first)
    let top = first.minY
    #expect(regions.allSatisfy { $0.minY == top } && regions.map(\.height) == [1, 2, 3, 4])
    // The second row, fourth column: as the wireframe reads a click there.
    let point = Point(x: first.minX + 3, y: top + 1)
    let hit = try #require(frame.clickTarget(at: point))
    #expect(hit.target == .item("form", index: 1))
    form.apply(
      .focus(index: 1, row: point.y - hit.area.minY, column: point.x - hit.area.minX), rules: TextAreaTests.rules)
    #expect(form.focus == .field(.notes))
    // "Met at the 1843 meeting.\n" is 25 characters: the fourth of the second line is 28.
    #expect(form.focusedTextArea?.cursor == 28)
    // Below its last line, the cursor goes to the last; a single-line field's row is 0.
    form.apply(.focus(index: 1, row: 9, column: 0), rules: TextAreaTests.rules)
    #expect(form.focusedTextArea.map { TextArea.line(of: $0.cursor, in: $0.lines(wrappedAt: $0.columns)) } == 3)
  }
}
