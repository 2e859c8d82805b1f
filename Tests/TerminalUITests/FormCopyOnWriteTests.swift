import Testing

@testable import TerminalUI

/// A form keeps its core out of line and each field's parts out of line (copy on write): copies
/// share them until one is written, and a written copy never changes the other.
@Suite struct FormCopyOnWriteTests {
  @Test func anEditedCopyLeavesTheFormAsItWas() {
    let form = FormTests.form()
    var copy = form
    #expect(copy.storage === form.storage)
    copy.apply(.edit(.insert("Ada")), rules: FormTests.rules)
    #expect(copy.storage !== form.storage)
    #expect(copy.text(.name) == "Ada")
    #expect(form.text(.name) == "")
    #expect(copy != form)
  }

  @Test func aKeyCopiesNoFieldItDoesNotWrite() {
    let form = FormTests.form()
    var copy = form
    copy.apply(.edit(.insert("A")), rules: FormTests.rules)
    // The name was written: its parts are the copy's own. The others are still shared.
    #expect(copy.core.fields[0].parts !== form.core.fields[0].parts)
    for index in 1..<form.core.fields.count {
      #expect(copy.core.fields[index].parts === form.core.fields[index].parts)
    }
  }

  @Test func formsWithTheSameFieldsAreEqualWhateverTheirStorage() {
    var one = FormTests.form()
    var other = FormTests.form()
    #expect(one.storage !== other.storage)
    #expect(one == other)
    one.apply(.edit(.insert("A")), rules: FormTests.rules)
    other.apply(.edit(.insert("A")), rules: FormTests.rules)
    #expect(one == other)
    #expect(one.hashValue == other.hashValue)
    other.apply(.edit(.insert("B")), rules: FormTests.rules)
    #expect(one != other)
  }

  @Test func aStateDumpShowsTheFieldsNotTheirBoxes() {
    var form = FormTests.form()
    form.apply(.edit(.insert("Ada")), rules: FormTests.rules)
    let mirror = String(reflecting: Mirror(reflecting: form.storage).children.map(\.label))
    #expect(mirror.contains("fields"))
    let field = Mirror(reflecting: form.core.fields[0]).children.map(\.label)
    #expect(field == ["label", "content", "placeholder"])
    // The form reads as it did before its core moved out of line: a recorded session's final
    // state is compared by its dump.
    #expect(Mirror(reflecting: form).children.map(\.label) == ["core", "ids"])
    #expect(Mirror(reflecting: form).children.first?.value is FormCore)
  }
}
