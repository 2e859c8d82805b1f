import TermFlow

struct Counter: Equatable {
  var count = 0
}

enum CounterAction: Sendable {
  case increment, decrement
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
  switch action {
  case .increment: state.count += 1
  case .decrement: state.count -= 1
  }
  return .none
}

/// The number in the middle of the terminal, the keys on the bottom row.
func counterView(_ state: Counter) -> any View {
  let number = Text("Count: \(state.count)", style: Style.plain.bold, alignment: .center)
  let help = HelpBar([
    HelpItem(key: "+", label: "Increment"), HelpItem(key: "-", label: "Decrement"), HelpItem(key: "q", label: "Quit"),
  ])
  return VStack([.fill(Centered(number, size: Size(width: 20, height: 1))), .fixed(1, help)])
}

func counterKeys(_ key: Key, _ state: Counter) -> TerminalApp<Counter, CounterAction>.Command? {
  switch key {
  case .character("+"), .up: .send(.increment)
  case .character("-"), .down: .send(.decrement)
  case .character("q"): .quit
  default: nil
  }
}

@MainActor func counterApp() -> TerminalApp<Counter, CounterAction> {
  TerminalApp(initialState: Counter(), reducer: counterReducer, view: counterView, keys: counterKeys)
}
