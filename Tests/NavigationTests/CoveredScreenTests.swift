import Flow
import TerminalUI
import Testing

@testable import Navigation

/// A screen wholly covered by the ones above it is not selected while covered, and is selected
/// afresh as it is uncovered: popped back to, or shown again by a split.
@MainActor
struct CoveredScreenTests {
  struct State: Equatable {
    /// How many screens are on the root: 0, 1 (a form) or 2 (a form and a picker over it).
    var depth = 0
    var rootText = "first"
    var formText = ""
  }

  enum Action: Equatable, Sendable {
    case push, pop, renameRoot(String), type(Character)
  }

  static let reducer = Reducer<State, Action> { state, action in
    switch action {
    case .push: state.depth = min(2, state.depth + 1)
    case .pop: state.depth = max(0, state.depth - 1)
    case .renameRoot(let text): state.rootText = text
    case .type(let character): state.formText.append(character)
    }
    return .none
  }

  /// How many times a screen's selector ran.
  final class Selections {
    var count = 0
  }

  /// A screen that counts its selections and shows `text` of its part of the state.
  struct Counted: Screen {
    let name: String
    let selections: Selections
    let text: @Sendable (State) -> String

    static func == (lhs: Counted, rhs: Counted) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }

    func select(_ state: State) -> String {
      selections.count += 1
      return text(state)
    }

    static let keys = KeyMap<String, Action>([])
    func title(_ model: String) -> String { name }
    func body(_ model: String, isFocused: Bool) -> any View { Text("\(name): \(model)") }
  }

  struct Coordinator: Navigation.Coordinator {
    let root: Counted
    let form: Counted
    let picker: Counted

    func stage(for state: State) -> Stage<State, Action> {
      Stage(Array([root, form, picker].prefix(state.depth + 1)))
    }
  }

  let root = Counted(name: "Root", selections: Selections()) { $0.rootText }
  let form = Counted(name: "Form", selections: Selections()) { $0.formText }
  let picker = Counted(name: "Picker", selections: Selections()) { _ in "pick one" }

  func makeApp(size: Size) -> NavigationApp<State, Action> {
    let app = NavigationApp(
      initialState: State(), reducer: Self.reducer, wireframe: Wireframe(appTitle: "Covered"),
      coordinator: Coordinator(root: root, form: form, picker: picker))
    app.start()
    app.handle(.resize(size))
    return app
  }

  @Test func aScreenUnderTheTopOfAStackIsNotSelectedAndIsFreshWhenUncovered() {
    let size = Size(width: 80, height: 24)
    let app = makeApp(size: size)
    app.store.send(.push)
    let coveredAt = root.selections.count
    for character in "typed into the form" { app.store.send(.type(character)) }
    app.store.send(.renameRoot("second"))
    #expect(app.render(size: size).lines.contains { $0.contains("Form: typed into the form") })
    #expect(root.selections.count == coveredAt, "the covered root was selected")
    app.store.send(.pop)
    #expect(root.selections.count == coveredAt + 1, "selected once, as it was uncovered")
    let frame = app.render(size: size)
    #expect(frame.lines.contains { $0.contains("Root: second") }, "\(frame.lines.joined(separator: "\n"))")
    #expect(frame == app.wireframe.renderInFull(size: size))
    // Shown again, it follows the state as before.
    app.store.send(.renameRoot("third"))
    #expect(app.render(size: size).lines.contains { $0.contains("Root: third") })
  }

  @Test func aSplitShowsTheRootAndTheTopAndCoversWhatIsBetween() {
    let wide = Size(width: 140, height: 24)
    let app = makeApp(size: wide)
    app.store.send(.push)
    app.store.send(.push)
    let rootBefore = root.selections.count
    let formBefore = form.selections.count
    app.store.send(.renameRoot("second"))
    app.store.send(.type("x"))
    #expect(root.selections.count > rootBefore, "the root is on screen beside the top")
    #expect(form.selections.count == formBefore, "the form between them is covered")
    let split = app.render(size: wide)
    #expect(split.lines.contains { $0.contains("Root: second") && $0.contains("Picker: pick one") })
    app.store.send(.pop)
    #expect(app.render(size: wide).lines.contains { $0.contains("Form: x") }, "the form selected afresh")
  }

  @Test func narrowingIntoOnePaneCoversTheRootAndWideningShowsItFresh() {
    let wide = Size(width: 140, height: 24)
    let narrow = Size(width: 80, height: 24)
    let app = makeApp(size: wide)
    app.store.send(.push)
    app.handle(.resize(narrow))
    let coveredAt = root.selections.count
    app.store.send(.renameRoot("renamed while narrow"))
    #expect(root.selections.count == coveredAt)
    #expect(!app.render(size: narrow).lines.contains { $0.contains("Root:") })
    app.handle(.resize(wide))
    #expect(app.render(size: wide).lines.contains { $0.contains("Root: renamed while narrow") })
  }

  @Test func untilTheSizeIsKnownNothingIsCovered() {
    let app = NavigationApp(
      initialState: State(), reducer: Self.reducer, wireframe: Wireframe(appTitle: "Covered"),
      coordinator: Coordinator(root: root, form: form, picker: picker))
    app.start()
    app.store.send(.push)
    let before = root.selections.count
    app.store.send(.renameRoot("second"))
    #expect(root.selections.count == before + 1)
  }
}
