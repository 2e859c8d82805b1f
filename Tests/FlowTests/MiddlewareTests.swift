import Flow
import Logging
import Synchronization
import Testing

private struct SignIn: Equatable {
  var email = ""
  var password = Secret("")
}

private enum SignInAction: Equatable, Sendable {
  case emailChanged(String)
  case passwordChanged(Secret<String>)
}

private let signInReducer = Reducer<SignIn, SignInAction> { state, action in
  switch action {
  case .emailChanged(let email): state.email = email
  case .passwordChanged(let password): state.password = password
  }
  return .none
}

/// A swift-log handler that keeps messages in memory.
private struct CapturingLogHandler: LogHandler {
  let lines: Mutex<[String]>.Box
  var logLevel: Logger.Level = .trace
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let rendered = "\(event.message) \(event.metadata.map { "\($0)" } ?? "")"
    lines.value.withLock { $0.append(rendered) }
  }
}

extension Mutex {
  /// Shares one mutex between a log handler and the test.
  final class Box: Sendable {
    let value: Mutex<Value>
    init(_ initial: sending Value) { value = Mutex(initial) }
  }
}

@MainActor
struct MiddlewareTests {
  @Test func interceptCanTransformAndSwallow() {
    let store = Store(
      initialState: Counter(),
      reducer: counterReducer,
      middleware: [
        Middleware(intercept: { action, _ in action == .reset ? nil : action }),
        Middleware(intercept: { action, _ in action == .increment ? .add(10) : action }),
      ]
    )
    store.send(.increment)
    store.send(.reset)
    #expect(store.state.count == 10)
  }

  @Test func layersSeeActionsInOrderAndResultsInReverse() {
    let trace = Log<String>()
    let layer = { (name: String) in
      Middleware<Counter, CounterAction>(
        intercept: { action, _ in
          trace.append("\(name) before")
          return action
        },
        didReduce: { _, state in trace.append("\(name) after \(state.count)") }
      )
    }
    let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [layer("outer"), layer("inner")])
    store.send(.increment)
    #expect(trace.entries == ["outer before", "inner before", "inner after 1", "outer after 1"])
  }

  @Test func loggingMiddlewareWritesActionsAndRedactsSecrets() {
    let lines = Mutex<[String]>.Box([])
    let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
    let store = Store(
      initialState: SignIn(),
      reducer: signInReducer,
      middleware: [.logging(to: logger, describeState: { String(reflecting: $0) })]
    )
    store.send(.emailChanged("ada@example.com"))
    store.send(.passwordChanged(Secret("hunter2-hunter2")))

    let logged = lines.value.withLock { $0 }
    #expect(logged.count == 2)
    #expect(logged[0].contains("emailChanged(\"ada@example.com\")"))
    #expect(logged[1].contains("passwordChanged(<redacted>)"))
    #expect(!logged.joined().contains("hunter2"))
    #expect(store.state.password.value == "hunter2-hunter2")
  }

  @Test func secretsAreRedactedInEveryDescription() {
    let state = SignIn(email: "a@b.c", password: Secret("hunter2-hunter2"))
    var dumped = ""
    dump(state, to: &dumped)
    for description in [String(describing: state), String(reflecting: state), "\(state.password)", dumped] {
      #expect(!description.contains("hunter2"), "leaked in: \(description)")
    }
  }
}
