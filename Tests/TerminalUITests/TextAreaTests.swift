import Testing

@testable import TerminalUI

/// The form's multi-line text field (`FormContent.multiline`, a `TextArea`): line breaks typed
/// and pasted, lines wrapped by display width, ↑/↓ by the lines drawn and out of the field at
/// its first and last, Home/End of a line, its scroll, its bounds, and its keys.
@Suite struct TextAreaTests {
  enum Field: Hashable, Sendable { case name, notes, email }

  /// A name, a note `rows` high wrapped at `columns`, and an email.
  static func form(_ note: String = "", rows: Int = 4, columns: Int? = 20, maxLength: Int = 10_000) -> Form<Field> {
    var form = Form<Field>(
      [
        FormField(.name, "Name", .text(TextInput())),
        FormField(.notes, "Notes", .multiline(TextArea(note, rows: rows, maxLength: maxLength))),
        FormField(.email, "Email", .text(TextInput())),
      ], focus: .field(.notes))
    form.fitTextArea(.notes, columns: columns)
    return form
  }

  static let rules: FormRules<Field> = { form in
    form.text(.notes).contains("secret") ? [.field(.notes): "Keep secrets out of notes"] : [:]
  }

  static func typing(_ text: String, into form: inout Form<Field>) {
    for character in text {
      form.apply(character == "\n" ? .newLine : .edit(.insert(String(character))), rules: rules)
    }
  }

  @Test func enterBreaksTheLineAndBackspaceJoinsItAgain() {
    var form = Self.form()
    Self.typing("ab\nc", into: &form)
    #expect(form.text(.notes) == "ab\nc")
    #expect(form.focusedTextArea.map { $0.position == (line: 1, column: 1) } == true)
    form.apply(.edit(.left), rules: Self.rules)
    form.apply(.edit(.deleteBackward), rules: Self.rules)
    #expect(form.text(.notes) == "abc", "the break deleted joins the lines")
    #expect(form.focusedTextArea.map { $0.position == (line: 0, column: 2) } == true)
    form.apply(.edit(.end), rules: Self.rules)
    form.apply(.newLine, rules: Self.rules)
    form.apply(.edit(.left), rules: Self.rules)
    form.apply(.edit(.deleteForward), rules: Self.rules)
    #expect(form.text(.notes) == "abc", "Del at a line's end joins the next")
  }

  @Test func linesWrapAtASpaceAndByDisplayWidth() {
    let lines = { (text: String, columns: Int) in
      TextArea(text).lines(wrappedAt: columns).map { Array(text)[$0.start..<$0.end].map(String.init).joined() }
    }
    #expect(lines("hello world foo", 8) == ["hello ", "world ", "foo"])
    // Wide characters take two columns: one that does not fit goes to the next line.
    #expect(lines("ab日本語xyz", 5) == ["ab日", "本語x", "yz"])
    #expect(lines("👍👍👍", 5) == ["👍👍", "👍"])
    // A combining mark takes no column of its own.
    #expect(lines("e\u{301}e\u{301}e\u{301}x", 3) == ["e\u{301}e\u{301}e\u{301}", "x"])
    // A word longer than the line is cut where it must be.
    #expect(lines("abcdefgh", 3) == ["abc", "def", "gh"])
    #expect(lines("one\n\ntwo", 10) == ["one", "", "two"])
    #expect(lines("", 10) == [""])
  }

  @Test func upAndDownMoveByTheLinesDrawnAndKeepTheirColumnThroughWideCharacters() {
    // "ab日" | "本語x" | "yz" at 5 columns, the cursor after the a.
    var form = Self.form("ab日本語xyz", columns: 5)
    form.apply(.edit(.right), rules: Self.rules)
    form.apply(.lineDown, rules: Self.rules)
    #expect(form.focusedTextArea?.cursor == 3, "column 1 is inside 本: the cursor goes before it")
    form.apply(.lineDown, rules: Self.rules)
    #expect(form.focusedTextArea?.cursor == 7, "the column aimed for (1) is kept: after the y")
    form.apply(.lineUp, rules: Self.rules)
    form.apply(.lineUp, rules: Self.rules)
    #expect(form.focusedTextArea?.cursor == 1, "back to where it began")
    form.apply(.lineUp, rules: Self.rules)
    #expect(form.focus == .field(.name), "↑ on the first line leaves the field")
    form.apply(.lineDown, rules: Self.rules)
    #expect(form.focus == .field(.notes), "↓ from a single-line field is the next field")
    form.apply(.lineDown, rules: Self.rules)
    form.apply(.lineDown, rules: Self.rules)
    form.apply(.lineDown, rules: Self.rules)
    #expect(form.focus == .field(.email), "↓ on the last line leaves the field")
  }

  @Test func aMoveNeverPutsTheCursorPastAWrappedLinesEnd() {
    // "hello " | "world": from the end of "world", ↑ stops before the wrapped line's space.
    var form = Self.form("hello world", columns: 8)
    form.apply(.edit(.end), rules: Self.rules)
    form.apply(.lineDown, rules: Self.rules)
    form.apply(.edit(.end), rules: Self.rules)
    #expect(form.focusedTextArea?.cursor == 11)
    form.apply(.lineUp, rules: Self.rules)
    #expect(form.focusedTextArea?.cursor == 5)
  }

  @Test func homeAndEndGoToTheLineDrawnAndCtrlKDeletesToTheEndOfTheTextsLine() {
    var form = Self.form("hello world\nsecond", columns: 8)
    form.apply(.lineDown, rules: Self.rules)
    #expect(form.focusedTextArea?.cursor == 6, "on “world”")
    form.apply(.edit(.end), rules: Self.rules)
    #expect(form.focusedTextArea?.cursor == 11)
    form.apply(.edit(.start), rules: Self.rules)
    #expect(form.focusedTextArea?.cursor == 6)
    form.apply(.edit(.deleteToEnd), rules: Self.rules)
    #expect(form.text(.notes) == "hello \nsecond")
    form.apply(.edit(.deleteToEnd), rules: Self.rules)
    #expect(form.text(.notes) == "hello second", "at the line's end, the break")
    form.apply(.edit(.deleteToStart), rules: Self.rules)
    #expect(form.text(.notes) == "second")
  }

  @Test func aPasteKeepsItsLinesAsLineFeeds() {
    var form = Self.form()
    form.apply(.paste("one\r\ntwo\rthree\nfour\u{2028}five\ttab"), rules: Self.rules)
    #expect(form.text(.notes) == "one\ntwo\nthree\nfour\nfive tab")
    #expect(form.notice == nil)
    // A single-line field still makes them spaces.
    form.move(to: .field(.name))
    form.apply(.paste("a\r\nb"), rules: Self.rules)
    #expect(form.text(.name) == "a b")
    // And a note loaded with CR LF shows LF.
    #expect(TextArea("x\r\ny\rz").text == "x\ny\nz")
  }

  @Test func aPasteTooLongIsCutToTheFieldsLengthAndSaysSo() {
    var form = Self.form(maxLength: 10)
    form.apply(.paste("12345\r\n67890abc"), rules: Self.rules)
    #expect(form.text(.notes) == "12345\n6789")
    #expect(form.notice == "The paste was cut to 10 characters")
    form.apply(.newLine, rules: Self.rules)
    #expect(form.text(.notes) == "12345\n6789", "a full field takes no line break")
  }

  @Test func theCursorStaysInViewAsTheFieldScrolls() {
    var form = Self.form(rows: 2)
    Self.typing("1\n2\n3\n4\n5", into: &form)
    #expect(form.focusedTextArea?.scroll == 3, "lines 4 and 5 show")
    form.apply(.lineUp, rules: Self.rules)
    #expect(form.focusedTextArea?.scroll == 3)
    form.apply(.lineUp, rules: Self.rules)
    #expect(form.focusedTextArea?.scroll == 2, "the cursor's line comes in at the top")
    form.apply(.edit(.deleteToStart), rules: Self.rules)
    form.apply(.edit(.deleteBackward), rules: Self.rules)
    #expect(form.text(.notes) == "1\n2\n4\n5")
    #expect(form.focusedTextArea?.scroll == 1)
  }

  @Test func aTextAreaHasItsOwnRules() {
    var form = Self.form()
    form.validate(Self.rules)
    #expect(form.isValid)
    Self.typing("a secret", into: &form)
    #expect(form.problems[.field(.notes)] == "Keep secrets out of notes")
    form.apply(.next, rules: Self.rules)
    #expect(form.shownProblem(at: .field(.notes)) == "Keep secrets out of notes")
    form.apply(.clear, rules: Self.rules)
    #expect(form.text(.notes).isEmpty)
    #expect(form.isValid)
  }

  @Test func inATextAreaEnterBreaksTheLineAndTheArrowsMoveByLines() {
    let keys = KeyMap<Form<Field>, FormIntent>(
      KeyBinding.form({ $0 }, control: "form") { intent, _ in intent }
        + KeyBinding.formTextArea({ $0 }) { intent, _ in intent } + [
          KeyBinding(.enter, "Save", when: { $0.focusedTextArea == nil }) { _, _ in .submit }
        ])
    var form = Self.form()
    #expect(keys.intent(for: .key(.enter), in: form) == .newLine)
    #expect(keys.intent(for: .key(.down), in: form) == .lineDown)
    #expect(keys.intent(for: .key(.up), in: form) == .lineUp)
    #expect(keys.intent(for: .key(.tab), in: form) == .next)
    #expect(keys.intent(for: .key(.home), in: form) == .edit(.start))
    #expect(keys.intent(for: .paste("a\nb"), in: form) == .paste("a\nb"))
    #expect(keys.helpItems(in: form).map(\.label) == ["Next field", "New line"])
    form.move(to: .field(.email))
    #expect(keys.intent(for: .key(.enter), in: form) == .submit)
    #expect(keys.helpItems(in: form).map(\.label) == ["Next field", "Save"])
    // Rebound by name, a key keeps its meaning.
    let rebound = keys.rebinding(["new-line": [.ctrl("j")], "next-field": [.tab, .ctrl("n")]])
    #expect(keys.problems(rebinding: ["new-line": [.ctrl("j")]]).isEmpty)
    form.move(to: .field(.notes))
    #expect(rebound.intent(for: .key(.ctrl("j")), in: form) == .newLine)
    #expect(rebound.intent(for: .key(.enter), in: form) == nil, "Save is not for a text area")
    #expect(rebound.intent(for: .key(.ctrl("n")), in: form) == .lineDown)
  }
}
