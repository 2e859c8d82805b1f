import TermFlow

/// The add form over the list: the framework's form, so that the framework edits the name,
/// pastes, moves focus, shows the problem once the field was left and redraws only what a key
/// changed. The screen gives it its Enter (Add) and Escape (back to the list).
struct AddScreen: Screen {
  func select(_ state: ItemsState) -> Form<NewItemField> { state.newItem }

  static let keys = KeyMap<Form<NewItemField>, ItemsAction>(
    KeyBinding.form({ $0 }, control: "add") { intent, _ in .add(intent) } + [
      KeyBinding(.enter, "Add", .add(.enter)), KeyBinding(.escape, "Back", .route(.pop)),
    ])

  func title(_ form: Form<NewItemField>) -> String { "New item" }

  func body(_ form: Form<NewItemField>, isFocused: Bool) -> any View {
    FormView(form, title: "New item", button: "Add", isFocused: isFocused, control: "add")
  }
}
