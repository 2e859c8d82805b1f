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

/// The number in the middle of the terminal; its key map sends the actions and is the help bar.
struct CounterScreen: Screen {
  func select(_ state: Counter) -> Counter { state }

  static let keys = KeyMap<Counter, CounterAction>([
    KeyBinding(["+", .up], "Increment", .increment),
    KeyBinding(["-", .down], "Decrement", .decrement),
    KeyBinding("q", "Quit", .quit).essential(),
  ])

  func title(_ state: Counter) -> String { "Counter" }

  func body(_ state: Counter, isFocused: Bool) -> any View {
    Centered(
      Text("Count: \(state.count)", style: Style.plain.bold, alignment: .center), size: Size(width: 20, height: 1))
  }
}

@MainActor func counterApp() -> TerminalApp<Counter, CounterAction> {
  TerminalApp(initialState: Counter(), reducer: counterReducer, screen: CounterScreen())
}
