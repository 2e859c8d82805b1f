import TermFlowTesting
import Testing

@testable import Counter

@MainActor
struct CounterTests {
  @Test func keysChangeTheNumberAndQQuits() {
    let app = counterApp()
    app.press(.character("+"), .character("+"), .up, .character("-"), .character("x"))
    #expect(app.store.state.count == 2)
    #expect(!app.didQuit)
    app.press(.character("q"))
    #expect(app.didQuit)
  }

  @Test func theFrame() {
    let app = counterApp()
    app.press(.character("+"), .character("+"), .character("+"))
    assertSnapshot(of: app.render(size: Size(width: 44, height: 5)), as: .frame)
  }

  /// The built program in a real terminal (a tmux pane): it draws, counts, and gives the
  /// terminal back when `q` quits.
  @Test func theProgramInATerminal() async throws {
    let pane = try TmuxPane(size: Size(width: 44, height: 5))
    defer { pane.close() }
    try await pane.start([try TmuxPane.executable(named: "Counter")])
    try await pane.press("+", "+")
    try await pane.waitUntilIdle()
    #expect(try await pane.capture() == counterApp().run(keys: "++", size: Size(width: 44, height: 5)))
    try await pane.press("q")
    let outcome = try await pane.waitForExit()
    #expect(outcome.status == 0)
    #expect(outcome.sttyBefore == outcome.sttyAfter)
    #expect(try await pane.display("#{alternate_on}") == "0")
  }
}

extension TerminalApp where State == Counter, Action == CounterAction {
  /// The lines a terminal shows after `keys`, trailing spaces trimmed as tmux trims them.
  fileprivate func run(keys: String, size: Size) -> [String] {
    for key in keys { press(.character(key)) }
    return render(size: size).lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }
}
