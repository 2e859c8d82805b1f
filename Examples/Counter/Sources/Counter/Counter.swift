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

/// The number in the middle of the terminal, the keys on the bottom row.
func counterView(_ state: Counter) -> any View {
  let number = Text("Count: \(state.count)", style: Style.plain.bold, alignment: .center)
  let help = HelpBar([
    HelpItem(key: "+", label: "Increment"), HelpItem(key: "-", label: "Decrement"), HelpItem(key: "q", label: "Quit"),
  ])
  return VStack([.fill(Centered(number, size: Size(width: 20, height: 1))), .fixed(1, help)])
}

func counterKeys(_ key: Key, _ state: Counter) -> CounterAction? {
  switch key {
  case .character("+"), .up: .increment
  case .character("-"), .down: .decrement
  case .character("q"): .quit
  default: nil
  }
}

@MainActor func counterApp() -> TerminalApp<Counter, CounterAction> {
  TerminalApp(initialState: Counter(), reducer: counterReducer, view: counterView, keys: counterKeys)
}
