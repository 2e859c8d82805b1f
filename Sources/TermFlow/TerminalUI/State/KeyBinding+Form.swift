extension KeyBinding {
  /// A form's keys, sending its meanings (``FormIntent``): the focused text field takes its
  /// editing keys and pastes; Tab or ↓ go to the next field, Shift-Tab or ↑ back; a click
  /// focuses a field (its items are those ``FormView`` marks as `control`). A form with a choice
  /// adds ``formChoice(_:sends:)``, one with lists ``formLists(_:sends:)``. Put them in the screen's map beside the form's Enter, whose label
  /// (what the button does) is the screen's: `KeyBinding(.enter, "Sign in") { sends(.enter, $1) }`.
  ///
  /// Each binding applies while `form` gives a form that is not busy. A user rebinds them by
  /// their names: `next-field`, `previous-field`. The help bar calls Tab `next` ("Next field").
  public static func form<Field>(
    _ form: @escaping @Sendable (Context) -> Form<Field>?, control: String, next: String = "Next field",
    sends: @escaping @Sendable (FormIntent, Context) -> Intent
  ) -> [KeyBinding] {
    let editable: @Sendable (Context) -> Bool = { form($0).map { !$0.isBusy } ?? false }
    let inText: @Sendable (Context) -> Bool = { form($0).map { !$0.isBusy && $0.focusedInput != nil } ?? false }
    return [
      .typing(
        when: inText,
        key: { key, context in sends(TextInput.edit(for: key).map(FormIntent.edit) ?? .next, context) },
        paste: { text, context in sends(.paste(text), context) }),
      KeyBinding([.tab, .down], next, shownAs: "Tab", named: "next-field", when: editable) {
        sends(.next, $1)
      },
      KeyBinding([.backTab, .up], "Previous field", hidden: true, named: "previous-field", when: editable) {
        sends(.previous, $1)
      },
      .click(control, when: editable) { click, context in
        sends(.focus(index: click.index, column: click.column), context)
      },
    ]
  }

  /// A choice's keys: ←/→ change the focused choice (`change`).
  public static func formChoice<Field>(
    _ form: @escaping @Sendable (Context) -> Form<Field>?, sends: @escaping @Sendable (FormIntent, Context) -> Intent
  ) -> [KeyBinding] {
    let inChoice: @Sendable (Context) -> Bool = { context in
      guard let form = form(context), !form.isBusy, case .field(let id) = form.focus, let index = form.index(of: id)
      else { return false }
      if case .choice = form.fields[index].content { return true }
      return false
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
