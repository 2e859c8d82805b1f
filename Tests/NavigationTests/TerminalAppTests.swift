import Flow
import Navigation
import TerminalUI
import Testing

/// `TerminalApp` headless: keys become actions, the app quits when its reducer returns `.quit`,
/// Ctrl-C quits unless the app answers it, and the frame is the view of the current state.
@MainActor
struct TerminalAppTests {
  /// Adds its action to the state; -1 asks to quit.
  private static let reducer = Reducer<Int, Int> { state, action in
    guard action != -1 else { return .quit }
    state += action
    return .none
  }

  /// The number, and its keys.
  private struct NumberScreen: Screen {
    struct Model: Equatable {
      var number: Int
      var answersControlC: Bool
    }
    let answersControlC: Bool
    func select(_ state: Int) -> Model { Model(number: state, answersControlC: answersControlC) }
    static let keys = KeyMap<Model, Int>([
      KeyBinding(.character("+"), "Add", 1, hidden: true),
      KeyBinding(.ctrl("c"), "Add 100", 100, hidden: true, when: \.answersControlC),
      KeyBinding(.character("q"), "Quit", -1, when: { $0.number < 5 }),
    ])
    func title(_ model: Model) -> String { "Number" }
    func body(_ model: Model, isFocused: Bool) -> any View { Text("n=\(model.number)") }
  }

  private func app(answersControlC: Bool = false) -> TerminalApp<Int, Int> {
    TerminalApp(initialState: 0, reducer: Self.reducer, screen: NumberScreen(answersControlC: answersControlC))
  }

  @Test func keysSendActionsAndQuit() {
    let app = app()
    app.press(.character("+"), .character("x"))
    #expect(app.store.state == 1)
    #expect(!app.didQuit)
    app.press(.character("+"), .character("q"), .character("+"))
    #expect(app.store.state == 2, "no key is handled after quitting")
    #expect(app.didQuit)
    #expect(app.render(size: Size(width: 8, height: 2)).lines == ["n=2     ", " q Quit "], "help from the key map")
  }

  @Test func withoutABindingToShowTheViewHasTheWholeTerminal() {
    let app = app()
    for _ in 0..<5 { app.press(.character("+")) }
    #expect(app.render(size: Size(width: 5, height: 1)).lines == ["n=5  "], "q no longer applies, + is hidden")
    app.press(.character("q"))
    #expect(!app.didQuit)
  }

  @Test func controlCQuitsUnlessTheAppAnswersIt() {
    let plain = app()
    plain.handle(.input(.paste("+")))
    plain.handle(.resize(Size(width: 10, height: 2)))
    plain.press(.ctrl("c"))
    #expect(plain.store.state == 0, "pastes and resizes send nothing")
    #expect(plain.didQuit)
    let answering = app(answersControlC: true)
    answering.press(.ctrl("c"))
    #expect(answering.store.state == 100)
    #expect(!answering.didQuit)
  }
}
