import TermFlow

struct Counter: Equatable {
  var count = 0
}

enum CounterAction: Sendable {
  case increment, decrement, quit
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
  switch action {
  case .increment: state.count += 1
  case .decrement: state.count -= 1
  case .quit: return .quit
  }
  return .none
}

/// What each key sends, and the help bar on the bottom row.
let counterKeys = KeyMap<Counter, CounterAction>([
  KeyBinding([.character("+"), .up], "Increment", .increment),
  KeyBinding([.character("-"), .down], "Decrement", .decrement),
  KeyBinding(.character("q"), "Quit", .quit),
])

/// The number in the middle of the terminal.
func counterView(_ state: Counter) -> any View {
  Centered(Text("Count: \(state.count)", style: Style.plain.bold, alignment: .center), size: Size(width: 20, height: 1))
}

@MainActor func counterApp() -> TerminalApp<Counter, CounterAction> {
  TerminalApp(initialState: Counter(), reducer: counterReducer, view: counterView, keys: counterKeys)
}
