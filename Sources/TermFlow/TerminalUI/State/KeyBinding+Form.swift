extension KeyBinding {
  /// A form's keys, sending its meanings (``FormIntent``): the focused text field takes its
  /// editing keys and pastes; Tab or ↓ go to the next field, Shift-Tab or ↑ back; a click
  /// focuses a field (its items are those ``FormView`` marks as `control`). In a text area
  /// (``FormContent/multiline(_:)``) ↓/↑ move between its lines, leaving it from the last and
  /// the first; Tab and Shift-Tab leave it. A form with a text area adds
  /// ``formTextArea(_:sends:)`` (Enter breaks the line). A form with a choice
  /// adds ``formChoice(_:sends:)``, one with lists ``formLists(_:sends:)``. Put them in the screen's map beside the form's Enter, whose label
  /// (what the button does) is the screen's: `KeyBinding(.enter, "Sign in") { sends(.enter, $1) }`.
  ///
  /// Each binding applies while `form` gives a form that is not busy. A user rebinds them by
  /// their names: `next-field`, `previous-field`. The help bar calls Tab `next` ("Next field").
  @inlinable
  public static func form<Field>(
    _ form: @escaping @Sendable (Context) -> Form<Field>?, control: String, next: String = "Next field",
    sends: @escaping @Sendable (FormIntent, Context) -> Intent
  ) -> [KeyBinding] {
    // Read at every key (the help bar's): one question a statement, as `&&` and `??` would
    // wrap the form in a closure holding a copy of it (in a debug build).
    let editable: @Sendable (Context) -> Bool = { context in
      guard let form = form(context) else { return false }
      return !form.isBusy
    }
    let inText: @Sendable (Context) -> Bool = { context in
      guard let form = form(context), !form.isBusy else { return false }
      return form.isFocusInText
    }
    let inArea: @Sendable (Context) -> Bool = { context in
      guard let form = form(context), !form.isBusy else { return false }
      return form.isFocusInTextArea
    }
    return [
      .typing(
        when: inText,
        key: { key, context in sends(TextInput.edit(for: key).map(FormIntent.edit) ?? .next, context) },
        paste: { text, context in sends(.paste(text), context) }),
      // ↓ and ↑ are a line down and up in a text area, and the next and previous field from its
      // last and first line, as from any other field.
      KeyBinding([.tab, .down], next, shownAs: "Tab", named: "next-field", when: editable) { key, context in
        sends(key == .down && inArea(context) ? .lineDown : .next, context)
      },
      KeyBinding([.backTab, .up], "Previous field", hidden: true, named: "previous-field", when: editable) {
        key, context in sends(key == .up && inArea(context) ? .lineUp : .previous, context)
      },
      .click(control, when: editable) { click, context in
        sends(.focus(index: click.index, row: click.row, column: click.column), context)
      },
    ]
  }

  /// A text area's key, while the focus is in one: Enter breaks the line (`new-line`). Give the
  /// screen's own Enter (next field, submit) `when:` the focus is not in one
  /// (``Form/focusedTextArea`` is nil), so that the help bar shows the one that works.
  @inlinable
  public static func formTextArea<Field>(
    _ form: @escaping @Sendable (Context) -> Form<Field>?, sends: @escaping @Sendable (FormIntent, Context) -> Intent
  ) -> [KeyBinding] {
    let inArea: @Sendable (Context) -> Bool = { context in
      guard let form = form(context), !form.isBusy else { return false }
      return form.isFocusInTextArea
    }
    return [
      KeyBinding(.enter, "New line", shownAs: "Enter", named: "new-line", when: inArea) { sends(.newLine, $1) }
    ]
  }

  /// A choice's keys: ←/→ change the focused choice (`change`).
  @inlinable
  public static func formChoice<Field>(
    _ form: @escaping @Sendable (Context) -> Form<Field>?, sends: @escaping @Sendable (FormIntent, Context) -> Intent
  ) -> [KeyBinding] {
    let inChoice: @Sendable (Context) -> Bool = { context in
      guard let form = form(context), !form.isBusy, case .field(let id) = form.focus,
        case .choice = form.content(of: id)
      else { return false }
      return true
    }
    return [
      KeyBinding([.left, .right], "Change", shownAs: "←→", when: inChoice) { key, context in
        sends(.choose(by: key == .left ? -1 : 1), context)
      }
    ]
  }

  /// A list's keys, while the focus is in a list (so the help bar shows them there): Ctrl-N adds
  /// an entry (`add-entry`), Ctrl-X removes one (`remove-entry`), Alt-↑/Alt-↓ move it
  /// (`move-entry`) and Ctrl-P marks it preferred (`preferred`).
  @inlinable
  public static func formLists<Field>(
    _ form: @escaping @Sendable (Context) -> Form<Field>?, sends: @escaping @Sendable (FormIntent, Context) -> Intent
  ) -> [KeyBinding] {
    let inList: @Sendable (Context) -> Bool = { context in
      guard let form = form(context), !form.isBusy else { return false }
      switch form.focus {
      case .entry, .entryType: return true
      case .field, .submit: return false
      }
    }
    return [
      KeyBinding(.ctrl("n"), "Add", named: "add-entry", when: inList) { sends(.addEntry, $1) },
      KeyBinding(.ctrl("x"), "Remove", named: "remove-entry", when: inList) { sends(.removeEntry, $1) },
      KeyBinding(
        [Key(.up, modifiers: .alt), Key(.down, modifiers: .alt)], "Move entry", hidden: true, named: "move-entry",
        when: inList
      ) {
        key, context in sends(.moveEntry(by: key.code == .up ? -1 : 1), context)
      },
      KeyBinding(.ctrl("p"), "Preferred", named: "preferred", when: inList) { sends(.togglePreferred, $1) },
    ]
  }
}
