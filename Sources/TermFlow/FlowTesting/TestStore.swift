import CustomDump
public import Flow
import IssueReporting

/// A store for tests that makes every state change and every effect explicit.
///
/// - ``send(_:assert:fileID:filePath:line:column:)`` reduces one action and requires the test to
///   state the exact change it makes to the state.
/// - Actions that effects feed back are queued; each must be taken with
///   ``receive(_:timeout:assert:fileID:filePath:line:column:)``, again stating its change.
///   Sending while received actions wait unhandled is a failure.
/// - What a reducer asks of the program (``Effect/quit``, ``Effect/suspend``) must be checked with
///   ``assertRequested(_:fileID:filePath:line:column:)``, in order, like a received action.
/// - When the test store goes away, unreceived actions, unchecked requests and effects still
///   running fail the test.
///   An effect that has sent its last action may still be winding down at that moment, so end a
///   test whose effects finish with ``finish(timeout:fileID:filePath:line:column:)``: it waits
///   for them deterministically.
///
/// Time is the test's: effects read time through an injected clock (a ``ControlledClock`` in tests), and
/// `receive` waits for the effect's action to arrive rather than sleeping. Its timeout is only a
/// guard against a test that would otherwise hang: generous (ten minutes) because other tests
/// running in parallel — the monkey test, the pty and snapshot suites — keep the main actor and
/// the few threads of the cooperative pool busy, on a 2-core machine for over a minute at a time
/// (three tests waited out a one-minute guard in a full run and passed alone in 0.07 s), and a
/// guard that fires on a busy machine would make the test depend on the machine's speed.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable & Sendable> {
  /// The state as of the last assertion.
  public private(set) var state: State
  /// How long `receive` and `finish` wait before failing.
  public var timeout: Duration

  private let store: Store<State, Action>
  private var received: [(action: Action, state: State)] = []
  private var requests: [ProgramRequest] = []
  private var lastSentState: State?
  private var waiter: CheckedContinuation<Void, Never>?
  private let origin: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)

  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    timeout: Duration = .seconds(600),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.state = initialState
    self.timeout = timeout
    self.store = Store(initialState: initialState, reducer: reducer)
    self.origin = (fileID, filePath, line, column)
    var instrumentation = Store<State, Action>.Instrumentation()
    instrumentation.didReduce = { [weak self] action, origin, state in
      self?.didReduce(action, origin: origin, state: state)
    }
    instrumentation.effectDidFinish = { [weak self] in self?.wake() }
    instrumentation.didRequest = { [weak self] request in self?.requests.append(request) }
    store.instrumentation = instrumentation
  }

  // A plain deinit, not an isolated one: isolated deinits run without task-local values, and
  // Swift Testing finds the current test through one. Test stores live on the main actor.
  deinit {
    MainActor.assumeIsolated { self.checkNothingIsLeft() }
  }

  private func checkNothingIsLeft() {
    if !received.isEmpty {
      fail(
        "The store received \(received.count) unexpected action(s) that the test did not handle:\n"
          + received.map { "  " + String(customDumping: $0.action) }.joined(separator: "\n"),
        at: origin)
    }
    if !requests.isEmpty {
      fail(
        "The program was asked to \(requests.map { "\($0)" }.joined(separator: ", then ")), "
          + "and the test did not check it with assertRequested.",
        at: origin)
    }
    let running = store.activeEffectCount + store.backgroundEffectCount
    if running > 0 {
      fail(
        "\(running) effect(s) are still running at the end of the test. "
          + "Receive their actions, await `finish()`, or cancel them.",
        at: origin)
    }
    store.cancelAllEffects()
  }

  // MARK: Sending

  /// Sends `action` and checks that it changes the state exactly as `assert` does to the last
  /// asserted state. Omit `assert` for an action that must not change the state.
  public func send(
    _ action: Action,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = (fileID, filePath, line, column)
    if !received.isEmpty {
      fail(
        "Must handle \(received.count) received action(s) before sending an action:\n"
          + received.map { "  " + String(customDumping: $0.action) }.joined(separator: "\n"),
        at: location)
      received.removeAll()
    }
    if !requests.isEmpty {
      fail(
        "Must check that the program was asked to \(requests.map { "\($0)" }.joined(separator: ", then ")) "
          + "(assertRequested) before sending an action.",
        at: location)
      requests.removeAll()
    }
    lastSentState = nil
    store.send(action)
    guard let actual = lastSentState else {
      fail("The action was swallowed before it reached the reducer.", at: location)
      return
    }
    expect(actual, from: updateExpected, at: location)
  }

  // MARK: Requests

  /// Checks that a reducer asked the program to `expected` (``Effect/quit``,
  /// ``Effect/suspend``): the next request not checked yet must be that one.
  public func assertRequested(
    _ expected: ProgramRequest,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = (fileID, filePath, line, column)
    guard !requests.isEmpty else {
      fail("Expected the program to be asked to \(expected), but nothing was asked of it.", at: location)
      return
    }
    let actual = requests.removeFirst()
    if actual != expected {
      fail("Expected the program to be asked to \(expected), but it was asked to \(actual).", at: location)
    }
  }

  // MARK: Receiving

  /// Takes the next action an effect fed back, checks it equals `expected`, and checks its state
  /// change. Waits for running effects when nothing has arrived yet.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      described: String(customDumping: expected), timeout: timeout, assert: updateExpected,
      at: (fileID, filePath, line, column)
    ) { received in
      guard received != expected else { return nil }
      return diff(expected, received, format: .proportional)
        .map { "Received an unexpected action:\n\($0.indent(by: 4))\n\n(Expected: −, Received: +)" }
        ?? "Received an unexpected action:\n\(String(customDumping: received).indent(by: 2))"
    }
  }

  /// Takes the next received action if `matches` accepts it, checking its state change.
  public func receive(
    where matches: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      described: "a matching action", timeout: timeout, assert: updateExpected, at: (fileID, filePath, line, column)
    ) { received in
      matches(received)
        ? nil : "Received an action that does not match:\n\(String(customDumping: received).indent(by: 2))"
    }
  }

  /// The shared body of the `receive`s: `mismatch` describes why a received action is not the
  /// expected one, or returns nil when it is.
  private func receive(
    described description: String,
    timeout: Duration?,
    assert updateExpected: ((inout State) throws -> Void)?,
    at location: (StaticString, StaticString, UInt, UInt),
    mismatch: (Action) -> String?
  ) async {
    guard let next = await nextReceived(waitingUpTo: timeout ?? self.timeout, for: description, at: location)
    else { return }
    if let problem = mismatch(next.action) { fail(problem, at: location) }
    expect(next.state, from: updateExpected, at: location)
  }

  /// Waits for every effect to finish, failing if some are still running after `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now + (timeout ?? self.timeout)
    while store.runningEffectCount > 0 {
      if ContinuousClock.now >= deadline {
        fail(
          "\(store.runningEffectCount) effect(s) still running after \(timeout ?? self.timeout).",
          at: (fileID, filePath, line, column))
        return
      }
      await waitForEvent(until: deadline)
    }
  }

  /// Cancels the effects still running, for a test that deliberately ends with work in flight.
  public func cancelInFlightEffects() {
    store.cancelAllEffects()
  }

  /// The actions effects fed back that the test has not received yet, in order: to check that
  /// some arrived when their order is not fixed (effects side by side), before
  /// ``skipReceivedActions()``.
  public var receivedActions: [Action] { received.map(\.action) }

  /// Drops the actions received so far without asserting on them, adopting the latest state.
  public func skipReceivedActions() {
    if let last = received.last { state = last.state }
    received.removeAll()
  }

  // MARK: Internals

  private func didReduce(_ action: Action, origin: Store<State, Action>.Origin, state: State) {
    switch origin {
    case .sent:
      lastSentState = state
    case .effect, .followUp:
      received.append((action, state))
      wake()
    }
  }

  private func nextReceived(
    waitingUpTo timeout: Duration,
    for description: String,
    at location: (StaticString, StaticString, UInt, UInt)
  ) async -> (action: Action, state: State)? {
    let deadline = ContinuousClock.now + timeout
    while received.isEmpty {
      guard store.activeEffectCount + store.backgroundEffectCount > 0 else {
        fail("Expected to receive \(description), but no effects are running.", at: location)
        return nil
      }
      if ContinuousClock.now >= deadline {
        fail("Expected to receive \(description), but nothing arrived within \(timeout).", at: location)
        return nil
      }
      await waitForEvent(until: deadline)
    }
    return received.removeFirst()
  }

  /// Suspends until an effect sends an action or finishes, or the deadline passes. Callers
  /// re-check what they wait for: the deadline only guards against a hanging test.
  private func waitForEvent(until deadline: ContinuousClock.Instant) async {
    let alarm = Task { [weak self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      guard !Task.isCancelled else { return }
      self?.wake()
    }
    await withCheckedContinuation { waiter = $0 }
    alarm.cancel()
  }

  private func wake() {
    waiter?.resume()
    waiter = nil
  }

  private func expect(
    _ actual: State,
    from updateExpected: ((inout State) throws -> Void)?,
    at location: (StaticString, StaticString, UInt, UInt)
  ) {
    var expected = state
    do {
      try updateExpected?(&expected)
    } catch {
      fail("The assertion threw: \(error)", at: location)
    }
    if expected != actual {
      let difference =
        diff(expected, actual, format: .proportional)
        .map { "\($0.indent(by: 4))\n\n(Expected: −, Actual: +)" } ?? "(no printable difference)"
      fail("State change does not match expectation:\n\(difference)", at: location)
    }
    state = actual
  }

  private func fail(_ message: String, at location: (StaticString, StaticString, UInt, UInt)) {
    reportIssue(message, fileID: location.0, filePath: location.1, line: location.2, column: location.3)
  }
}

extension String {
  fileprivate func indent(by spaces: Int) -> String {
    let padding = String(repeating: " ", count: spaces)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { padding + $0 }.joined(separator: "\n")
  }
}
