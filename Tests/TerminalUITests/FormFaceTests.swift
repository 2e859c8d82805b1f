import Testing

@testable import TerminalUI

/// `Form`'s typed face over its positional core (`FormCore`): places named by field id reach the
/// same spots and come back as they went, the fields read and written through it stay in step
/// with the ids, and `FormPlace`'s written-out equality and hashing tell every place apart.
@Suite struct FormFaceTests {
  typealias Field = FormTests.Field

  @Test func everyPlaceOfTheOrderComesBackAsItWent() {
    let form = FormTests.form()
    for place in form.order {
      var moved = form
      moved.move(to: place)
      #expect(moved.focus == place)
    }
    #expect(form.order.count == Set(form.order).count)
    #expect(form.order.first == .field(.name))
    #expect(form.order.last == .submit)
    #expect(form.order.contains(.entryType(.phones, 0)))
  }

  /// What the keys' conditions ask at every key, read without copying the field out, says
  /// what the copies say, at every place of a form with each kind of field.
  @Test func whereTheFocusIsAgreesWithTheFocusedFieldItself() {
    enum Kind: Hashable, Sendable { case text, secret, area, choice, list }
    let form = Form<Kind>([
      FormField(.text, "Text", .text(TextInput("a"))), FormField(.secret, "Secret", .secret(TextInput())),
      FormField(.area, "Notes", .multiline(TextArea("one\ntwo"))),
      FormField(.choice, "Choice", .choice(["x", "y"], selected: 0)),
      FormField(.list, "List", .list([FormEntry("1", type: "cell"), FormEntry()])),
    ])
    var inText = 0
    for place in form.order {
      var moved = form
      moved.move(to: place)
      #expect(moved.isFocusInText == (moved.focusedInput != nil), "\(place)")
      #expect(moved.isFocusInTextArea == (moved.focusedTextArea != nil), "\(place)")
      if moved.isFocusInText { inText += 1 }
    }
    // The text, the secret, the area, and two entries' values and types.
    #expect(inText == 7)
  }

  @Test func theRulesProblemsAreShownAtTheirPlaces() {
    var form = FormTests.form()
    form.validate(FormTests.rules)
    #expect(form.problems == [.field(.name): "Enter a name", .field(.email): "Enter an email"])
    form.apply(.submit, rules: FormTests.rules)
    #expect(form.shownProblem(at: .field(.email)) == "Enter an email")
    #expect(form.shownProblem(at: .field(.kind)) == nil)
    #expect(form.focus == .field(.name))
    form.touched = [.field(.email)]
    #expect(form.touched == [.field(.email)])
  }

  @Test func fieldsReadAndWrittenKeepTheirIdsInStep() {
    var form = FormTests.form()
    #expect(form.fieldIDs == [.name, .email, .kind, .phones, .password])
    #expect(form.fields.map(\.id) == form.fieldIDs)
    #expect(form.content(at: 2) == .choice(["Home", "Work", "Other"], selected: 0))
    form.setPlaceholder("you@example.com", of: .email)
    form.setContent(.text(TextInput("Ada")), of: .name)
    #expect(form.fields[1].placeholder == "you@example.com")
    #expect(form.text(.name) == "Ada")
    #expect(form.content(of: .phones) == .list([FormEntry("+1 555 0100", type: "cell")]))
    form.fields = Array(form.fields.reversed())
    #expect(form.fieldIDs == [.password, .phones, .kind, .email, .name])
    #expect(form.text(.name) == "Ada")
    #expect(form.index(of: .name) == 4)
  }

  @Test func placesAreEqualOnlyWhenAlike() {
    let places: [FormPlace<Field>] = [
      .field(.name), .field(.email), .entry(.phones, 0), .entry(.phones, 1), .entryType(.phones, 0),
      .entry(.email, 0), .submit,
    ]
    for (i, a) in places.enumerated() {
      for (j, b) in places.enumerated() { #expect((a == b) == (i == j), "\(a) and \(b)") }
    }
    #expect(Set(places).count == places.count)
    #expect(Set(places + places).count == places.count)
  }
}
