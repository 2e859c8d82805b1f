import Foundation
import Testing

@testable import TerminalUI

/// The framework's form as a value: its reducer (`Form.apply(_:rules:)`) driven by meanings,
/// problems shown once a place was left or a submit tried, and lists and choices edited.
@Suite struct FormTests {
  enum Field: Hashable, Sendable { case name, email, kind, phones, password }

  static func form() -> Form<Field> {
    Form([
      FormField(.name, "Name", .text(TextInput())),
      FormField(.email, "Email", .text(TextInput(maxLength: 20))),
      FormField(.kind, "Kind", .choice(["Home", "Work", "Other"], selected: 0)),
      FormField(.phones, "Phone", .list([FormEntry("+1 555 0100", type: "cell")])),
      FormField(.password, "Password", .secret(TextInput())),
    ])
  }

  /// A name is needed, an email needs an @, and each phone needs a digit.
  static let rules: FormRules<Field> = { form in
    var problems: [FormPlace<Field>: String] = [:]
    if form.text(.name).isEmpty { problems[.field(.name)] = "Enter a name" }
    if !form.text(.email).contains("@") { problems[.field(.email)] = "Enter an email" }
    for (index, entry) in form.entries(.phones).enumerated() where !entry.value.text.contains(where: \.isNumber) {
      problems[.entry(.phones, index)] = "Enter a number"
    }
    return problems
  }

  @Test func theFocusGoesThroughEveryPlaceInOrder() {
    var form = Self.form()
    #expect(
      form.order == [
        .field(.name), .field(.email), .field(.kind), .entry(.phones, 0), .entryType(.phones, 0), .field(.password),
        .submit,
      ])
    for place in form.order.dropFirst() {
      form.apply(.next, rules: Self.rules)
      #expect(form.focus == place)
    }
    form.apply(.next, rules: Self.rules)
    #expect(form.focus == .field(.name), "round again")
    form.apply(.previous, rules: Self.rules)
    #expect(form.focus == .submit)
  }

  @Test func editsGoToTheFocusedFieldAndProblemsShowOnceItWasLeft() {
    var form = Self.form()
    form.validate(Self.rules)
    #expect(form.problems[.field(.name)] == "Enter a name")
    #expect(form.shownProblem(at: .field(.name)) == nil, "nothing shows before the field was left")
    form.apply(.edit(.insert("A")), rules: Self.rules)
    #expect(form.text(.name) == "A")
    #expect(form.problems[.field(.name)] == nil)
    form.apply(.edit(.deleteBackward), rules: Self.rules)
    #expect(form.shownProblem(at: .field(.name)) == nil)
    form.apply(.next, rules: Self.rules)
    #expect(form.shownProblem(at: .field(.name)) == "Enter a name")
    #expect(form.shownProblem(at: .field(.email)) == nil)
  }

  @Test func anInvalidSubmitShowsEveryProblemAndGoesToTheFirst() {
    var form = Self.form()
    form.apply(.next, rules: Self.rules)
    form.apply(.edit(.insert("x")), rules: Self.rules)
    #expect(form.apply(.submit, rules: Self.rules) == .none)
    #expect(form.submitTried)
    #expect(form.focus == .field(.name))
    #expect(form.shownProblem(at: .field(.email)) == "Enter an email")
    #expect(!form.isBusy)
  }

  @Test func aValidSubmitMakesTheFormBusyUntilItIsFinished() {
    var form = Self.form()
    form.set(.name, text: "Ada")
    form.set(.email, text: "ada@example.com")
    form.serverError = "earlier"
    #expect(form.apply(.enter, rules: Self.rules) == .none, "Enter moves on from the first field")
    #expect(form.focus == .field(.email))
    #expect(form.apply(.submit, rules: Self.rules) == .submit)
    #expect(form.isBusy && form.serverError == nil && !form.canSubmit)
    let busy = form
    form.apply(.edit(.insert("x")), rules: Self.rules)
    form.apply(.next, rules: Self.rules)
    #expect(form == busy, "a busy form takes nothing")
    form.finish(error: "The server said no")
    #expect(!form.isBusy && form.serverError == "The server said no" && form.canSubmit)
  }

  @Test func enterSubmitsFromTheLastFieldAndTheButton() {
    var form = Self.form()
    form.set(.name, text: "Ada")
    form.set(.email, text: "ada@example.com")
    form.move(to: .field(.password))
    #expect(form.apply(.enter, rules: Self.rules) == .submit)
    form.finish(error: nil)
    form.move(to: .submit)
    #expect(form.apply(.enter, rules: Self.rules) == .submit)
  }

  @Test func aPasteIsCutToTheFieldAndSaysSo() {
    var form = Self.form()
    form.move(to: .field(.email))
    form.apply(.paste("a line\nand more than twenty"), rules: Self.rules)
    #expect(form.text(.email) == "a line and more than")
    #expect(form.notice == "The paste was cut to 20 characters")
    form.apply(.edit(.end), rules: Self.rules)
    #expect(form.notice == nil, "cleared by the next intent")
  }

  @Test func aChoiceTurnsBothWays() {
    var form = Self.form()
    form.move(to: .field(.kind))
    form.apply(.choose(by: -1), rules: Self.rules)
    #expect(form.choice(.kind) == 2)
    form.apply(.choose(by: 2), rules: Self.rules)
    #expect(form.choice(.kind) == 1)
    form.apply(.edit(.insert("x")), rules: Self.rules)
    #expect(form.choice(.kind) == 1, "a choice has no text")
  }

  @Test func listEntriesAreAddedMovedMarkedAndRemoved() {
    var form = Self.form()
    form.move(to: .entryType(.phones, 0))
    form.apply(.addEntry, rules: Self.rules)
    #expect(form.entries(.phones).count == 2)
    #expect(form.focus == .entry(.phones, 1))
    #expect(form.problems[.entry(.phones, 1)] == "Enter a number")
    form.apply(.paste("+44 20 7946 0000"), rules: Self.rules)
    form.apply(.next, rules: Self.rules)
    form.apply(.edit(.insert("work")), rules: Self.rules)
    form.apply(.moveEntry(by: -1), rules: Self.rules)
    #expect(form.entries(.phones).map(\.value.text) == ["+44 20 7946 0000", "+1 555 0100"])
    #expect(form.entries(.phones).map(\.type.text) == ["work", "cell"])
    #expect(form.focus == .entryType(.phones, 0), "the entry moved, the cursor still in its type")
    form.apply(.togglePreferred, rules: Self.rules)
    #expect(form.entries(.phones).map(\.isPreferred) == [true, false])
    form.apply(.togglePreferred, rules: Self.rules)
    #expect(form.entries(.phones).map(\.isPreferred) == [false, false])
    form.apply(.removeEntry, rules: Self.rules)
    #expect(form.entries(.phones).map(\.value.text) == ["+1 555 0100"])
    form.apply(.removeEntry, rules: Self.rules)
    #expect(form.entries(.phones) == [FormEntry()], "a list keeps one empty entry, so that it can be reached")
    #expect(form.order.contains(.entry(.phones, 0)))
  }

  @Test func anEntrysShownProblemGoesWithItAsEntriesComeMoveAndGo() {
    var form = Self.form()
    form.move(to: .entry(.phones, 0))
    form.apply(.edit(.deleteToStart), rules: Self.rules)
    form.apply(.paste("none"), rules: Self.rules)
    form.apply(.next, rules: Self.rules)
    #expect(form.shownProblem(at: .entry(.phones, 0)) == "Enter a number")
    form.apply(.togglePreferred, rules: Self.rules)
    #expect(form.shownProblem(at: .entry(.phones, 0)) == "Enter a number", "marking it moves nothing")
    form.move(to: .entry(.phones, 0))
    form.apply(.addEntry, rules: Self.rules)
    form.apply(.paste("+44 20 7946 0000"), rules: Self.rules)
    form.apply(.previous, rules: Self.rules)
    form.apply(.previous, rules: Self.rules)
    form.apply(.addEntry, rules: Self.rules)
    // none, (new), +44…: the problem stays on "none"; the new entry was not left yet.
    #expect(form.entries(.phones).map(\.value.text) == ["none", "", "+44 20 7946 0000"])
    #expect(form.shownProblem(at: .entry(.phones, 0)) == "Enter a number")
    #expect(form.shownProblem(at: .entry(.phones, 1)) == nil)
    form.apply(.removeEntry, rules: Self.rules)
    #expect(form.focus == .entry(.phones, 1))
    #expect(form.touched.contains(.entry(.phones, 1)), "+44… was left, and is second again")
    form.apply(.previous, rules: Self.rules)
    form.apply(.previous, rules: Self.rules)
    form.apply(.moveEntry(by: 1), rules: Self.rules)
    #expect(form.entries(.phones).map(\.value.text) == ["+44 20 7946 0000", "none"])
    #expect(form.shownProblem(at: .entry(.phones, 1)) == "Enter a number")
    form.apply(.removeEntry, rules: Self.rules)
    #expect(form.entries(.phones).map(\.value.text) == ["+44 20 7946 0000"])
    #expect(form.touched.allSatisfy { $0 != .entry(.phones, 1) && $0 != .entryType(.phones, 1) }, "gone with it")
  }

  @Test func aClickFocusesThePlaceAndPutsTheCursorThere() {
    var form = Self.form()
    form.set(.email, text: "ada@example.com")
    form.apply(.focus(index: 1, column: 3), rules: Self.rules)
    #expect(form.focus == .field(.email))
    #expect(form.focusedInput?.cursor == 3)
    #expect(form.touched == [.field(.name)])
    form.set(.name, text: "Ada")
    #expect(form.apply(.focus(index: form.order.count - 1, column: 0), rules: Self.rules) == .submit)
  }

  @Test func clearStartsTheFormOver() {
    var form = Self.form()
    form.set(.name, text: "Ada")
    form.apply(.next, rules: Self.rules)
    form.apply(.submit, rules: Self.rules)
    form.apply(.clear, rules: Self.rules)
    #expect(form.text(.name).isEmpty && form.touched.isEmpty && !form.submitTried)
    #expect(form.entries(.phones) == [FormEntry()])
    #expect(form.focus == .field(.name))
  }

  @Test func aSecretNeverAppearsInDescriptions() {
    var form = Self.form()
    form.set(.password, text: "hunter2-hunter2")
    #expect(form.text(.password) == "hunter2-hunter2")
    #expect(!String(describing: form).contains("hunter2"))
    #expect(!String(reflecting: form).contains("hunter2"))
    var dumped = ""
    dump(form, to: &dumped)
    #expect(!dumped.contains("hunter2"))
    #expect(dumped.contains("<redacted>"))
  }

  @Test func theFormsKeysSendMeanings() {
    let keys = KeyMap<Form<Field>, FormIntent>(
      KeyBinding.form({ $0 }, control: "form") { intent, _ in intent }
        + KeyBinding.formChoice({ $0 }) { intent, _ in intent } + KeyBinding.formLists({ $0 }) { intent, _ in intent })
    var form = Self.form()
    #expect(keys.intent(for: .key(.character("a")), in: form) == .edit(.insert("a")))
    #expect(keys.intent(for: .key(.ctrl("w")), in: form) == .edit(.deleteWordBackward))
    #expect(keys.intent(for: .paste("text"), in: form) == .paste("text"))
    #expect(keys.intent(for: .key(.tab), in: form) == .next)
    #expect(keys.intent(for: .key(.up), in: form) == .previous)
    #expect(keys.intent(for: .key(.ctrl("n")), in: form) == nil, "a list's keys only in a list")
    form.move(to: .field(.kind))
    #expect(keys.intent(for: .key(.character("a")), in: form) == nil, "a choice takes no typing")
    #expect(keys.intent(for: .key(.left), in: form) == .choose(by: -1))
    form.move(to: .entry(.phones, 0))
    #expect(keys.intent(for: .key(.ctrl("n")), in: form) == .addEntry)
    #expect(keys.intent(for: .key(Key(.down, modifiers: .alt)), in: form) == .moveEntry(by: 1))
    #expect(keys.helpItems(in: form).map(\.label) == ["Next field", "Add", "Remove", "Preferred"])
    form.isBusy = true
    #expect(keys.intent(for: .key(.character("a")), in: form) == nil)
    #expect(keys.helpItems(in: form).isEmpty, "nothing works while it submits")
    // Rebound by name, a key keeps its meaning.
    let rebound = keys.rebinding(["next-field": [.ctrl("j"), .ctrl("k")]])
    form.isBusy = false
    #expect(rebound.intent(for: .key(.ctrl("j")), in: form) == .next)
    #expect(rebound.intent(for: .key(.tab), in: form) == nil)
  }
}

/// A click's intent as a recording keeps it: one recorded before clicks had a row still reads.
@Suite struct FormIntentCodingTests {
  @Test func aClickRecordedWithoutARowIsReadAsRowZero() throws {
    let old = #"{"focus":{"index":1,"column":3}}"#
    let decoded = try JSONDecoder().decode(FormIntent.self, from: Data(old.utf8))
    #expect(decoded == .focus(index: 1, row: nil, column: 3))
    let clicked = FormIntent.focus(index: 2, row: 4, column: 5)
    #expect(try JSONDecoder().decode(FormIntent.self, from: JSONEncoder().encode(clicked)) == clicked)
  }
}
