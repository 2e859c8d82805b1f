import DequeModule
public import Logging

/// The one place that holds the app's state and applies actions to it.
///
/// ```swift
/// let store = Store(initialState: Counter(), reducer: counter)
/// store.observe(label, select: \.count) { label, count in label.text = "Count: \(count)" }
/// store.send(.increment)  // the label now reads "Count: 1"
/// ```
///
/// Dispatch semantics, each pinned down by a test:
/// - One FIFO queue on the main actor. An action sent while another is being reduced or while
///   subscribers are being notified (say, from a subscriber's callback) is queued behind it,
///   never reduced re-entrantly.
/// - A batch is everything queued before the queue runs dry, including the actions effects feed
///   back synchronously with `.send`. Subscribers are notified once per batch, after it has
///   been reduced, in the order they subscribed.
/// - Every subscriber sees states in order, and never the same selected value twice in a row:
///   skip-repeats compares with the value last delivered to that subscriber.
/// - Other threads dispatch through ``sink`` (or `await send`), which hops to the main actor.
@MainActor
public final class Store<State, Action: Sendable> {
  /// Where an action came from; tests and recordings tell them apart.
  public enum Origin: Sendable, Equatable {
    /// Sent from outside the store: a screen's intent, the run loop, a test.
    case sent
    /// Fed back at once by a reducer's `.send` effect: it follows from the action before it.
    case followUp
    /// Delivered by a running `.run` effect, or by ``receive(_:)``: the answer of the outside
    /// world, which a replay sends in from the recording rather than makes afresh.
    case effect
  }

  /// How `.run` effects are treated.
  public enum EffectExecution: Sendable {
    /// Effects run: the app talks to the outside world.
    case live
    /// `.run` effects are not started: their answers are sent in from a recording instead.
    /// Synchronous `.send` follow-ups still happen, since the reducer makes them afresh.
    case playedBack
  }

  /// An action waiting in the queue. A struct, not a tuple: tuple metadata is looked up at run
  /// time on every queue operation in generic code.
  @usableFromInline
  struct Queued {
    @usableFromInline let action: Action
    @usableFromInline let origin: Origin
    /// Who owns the effects reducing it starts, besides the ids they are marked with.
    @usableFromInline let owner: EffectID?
    @usableFromInline init(_ action: consuming Action, _ origin: Origin, owner: EffectID? = nil) {
      self.action = action
      self.origin = origin
      self.owner = owner
    }
  }

  /// Hooks for test and recording tools in this package.
  @usableFromInline
  package struct Instrumentation {
    @usableFromInline package var didReduce: ((Action, Origin, State) -> Void)?
    package var didRequest: ((ProgramRequest) -> Void)?
    package var effectDidFinish: (() -> Void)?
    package init() {}
  }

  /// Sees every action about to be reduced (after middleware), where it came from, and the
  /// state it will be reduced into: what a session recorder needs, including the state that
  /// decides whether a key is a secret.
  public var actionObserver: ((Action, Origin, State) -> Void)?

  /// Carries out what reducers ask of the program (``Effect/quit``, ``Effect/suspend``), after
  /// the batch that asked has been reduced and its subscribers notified: the app loop sets it.
  public var programRequestHandler: ((ProgramRequest) -> Void)?

  /// `.playedBack` while a recording is replayed.
  public let effectExecution: EffectExecution

  /// The current state. Changes only through ``send(_:)``. Inlinable, so that reading a part
  /// of it does not copy all of it through generic code.
  @inlinable
  public var state: State { currentState }

  // The dispatch path is inlinable so that it is specialized for the app's state and action
  // types; the storage it touches is therefore @usableFromInline rather than private.
  //
  // The queue, the subscriptions and the flags are `@exclusivity(unchecked)`: the store only
  // ever reads or sets them in one go, never holding an access to one across a call out (to a
  // reducer, a subscriber, a middleware), so no access can overlap another; checked, each touch
  // is tracked at run time, some twenty a key. The state stays checked: a reducer is given it
  // `inout`, and a reducer that reached the store meanwhile would be caught.
  @usableFromInline var currentState: State
  @usableFromInline let reducer: Reducer<State, Action>
  @usableFromInline let middleware: [Middleware<State, Action>]
  @usableFromInline let logger: Logger
  @usableFromInline @exclusivity(unchecked) var queue = Deque<Queued>()
  @usableFromInline @exclusivity(unchecked) var isDraining = false
  @usableFromInline @exclusivity(unchecked) var entries: [SubscriptionEntry<State>] = []
  @usableFromInline @exclusivity(unchecked) var hasInactiveEntries = false
  @usableFromInline @exclusivity(unchecked) var pendingRequests: [ProgramRequest] = []
  @usableFromInline let effects = EffectRunner()
  private nonisolated let mailbox = Mailbox<Action>()

  @usableFromInline
  package var instrumentation = Instrumentation() {
    didSet { effects.onFinish = instrumentation.effectDidFinish }
  }

  /// Creates a store. `logger` receives errors that effects throw without handling them.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middleware: [Middleware<State, Action>] = [],
    logger: Logger = Logger(label: "termflow.store"),
    effects effectExecution: EffectExecution = .live
  ) {
    self.effectExecution = effectExecution
    self.currentState = initialState
    self.reducer = reducer
    self.middleware = middleware
    self.logger = logger
  }

  isolated deinit {
    effects.cancelAll()
  }

  // MARK: Dispatch

  /// Queues `action` and, unless the store is already working through its queue, reduces the
  /// whole batch and notifies subscribers once.
  ///
  /// The action is consumed: handed from the key that made it to the reducer without a copy,
  /// which for an app's action enum is a call of its type's copy (a switch over every case).
  @inlinable
  public func send(_ action: consuming Action) {
    queue.append(Queued(action, .sent))
    drain()
  }

  /// Sends `action` on behalf of `owner`: the effects reducing it starts (and its `.send`
  /// follow-ups start) can also be cancelled by ``cancelEffects(id:)`` with `owner`. This is how
  /// the navigation layer ties what a screen starts when it comes on stage to the screen, with
  /// no id for the reducer to know.
  public func send(_ action: Action, owner: some Hashable & Sendable) {
    queue.append(Queued(action, .sent, owner: EffectID(owner)))
    drain()
  }

  /// A handle that dispatches into this store from any thread.
  public nonisolated var sink: ActionSink<Action> {
    ActionSink(mailbox: mailbox) { [weak self] in
      Task { @MainActor in self?.drainMailbox() }
    }
  }

  private func drainMailbox() {
    for action in mailbox.takeAll() { queue.append(Queued(action, .sent)) }
    drain()
  }

  @inlinable
  func drain() {
    guard !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    repeat {
      while let next = queue.popFirst() {
        process(next.action, origin: next.origin, owner: next.owner)
      }
      notifySubscribers()
      if !pendingRequests.isEmpty { carryOutRequests() }
    } while !queue.isEmpty
  }

  @usableFromInline
  func carryOutRequests() {
    let requests = pendingRequests
    pendingRequests.removeAll()
    for request in requests { programRequestHandler?(request) }
  }

  @inlinable
  func process(_ sent: consuming Action, origin: Origin, owner: EffectID?) {
    var action = sent
    for layer in middleware {
      guard let next = layer.intercept(action, currentState) else { return }
      action = next
    }
    actionObserver?(action, origin, currentState)
    let effect = reducer.reduce(into: &currentState, action: action)
    instrumentation.didReduce?(action, origin, currentState)
    for layer in middleware.reversed() {
      layer.didReduce(action, currentState)
    }
    if effect.isNone { return }
    run(effect, ids: owner.map { [$0] } ?? [], isBackground: false, owner: owner)
  }

  // MARK: Effects

  @usableFromInline
  func run(_ effect: Effect<Action>, ids: [EffectID], isBackground: Bool, owner: EffectID? = nil) {
    switch effect.kind {
    case .none:
      break
    case .send(let action):
      queue.append(Queued(action, .followUp, owner: owner))
    case .run(let priority, let operation, let onError):
      guard effectExecution == .live else { return }
      let send = Send<Action> { [weak self] action in self?.receiveFromEffect(action) }
      effects.start(
        priority: priority, ids: ids, isBackground: isBackground, operation: operation, onError: onError,
        send: send, logger: logger)
    case .merge(let children):
      for child in children { run(child, ids: ids, isBackground: isBackground, owner: owner) }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { effects.cancel(id: id) }
      run(inner, ids: ids + [id], isBackground: isBackground, owner: owner)
    case .cancel(let id):
      effects.cancel(id: id)
    case .background(let inner):
      run(inner, ids: ids, isBackground: true, owner: owner)
    case .request(let request):
      // Like `.send`, made afresh by the reducer: carried out in a replay too.
      instrumentation.didRequest?(request)
      pendingRequests.append(request)
    }
  }

  /// Delivers `action` as an answer of the outside world that no effect of the app asked for
  /// (``Origin/effect``): what the framework learns of the terminal after drawing, such as the
  /// rows a list showed. A recording keeps it as an answer, and a replay (whose store plays
  /// effects back) sends it in from there, where it arrived, rather than drawing to learn it.
  public func receive(_ action: Action) {
    receiveFromEffect(action)
  }

  func receiveFromEffect(_ action: Action) {
    queue.append(Queued(action, .effect))
    drain()
  }

  /// Cancels every running effect marked with `id`: how a coordinator stops the work of a screen
  /// that has left the route.
  public func cancelEffects(id: some Hashable & Sendable) {
    effects.cancel(id: EffectID(id))
  }

  /// The number of `.run` effects started and neither finished nor cancelled (background
  /// ones, see ``Effect/background()``, excluded).
  public var activeEffectCount: Int { effects.activeCount }

  /// Background effects (``Effect/background()``) started and neither finished nor cancelled:
  /// a test store requires them to be ended like any other.
  package var backgroundEffectCount: Int { effects.backgroundCount }

  /// Effects whose tasks have not ended yet, including cancelled ones still winding down
  /// (background ones excluded: they wait on the outside world, they are not work).
  package var runningEffectCount: Int { effects.runningCount }

  package func cancelAllEffects() { effects.cancelAll() }

  /// Waits until the effects running now have finished (effects they start meanwhile may
  /// still be running afterwards).
  package func waitForEffects() async { await effects.waitForRunning() }

  // MARK: Subscriptions

  /// Subscribes `subscriber` to the values `select` derives from the state. The current value is
  /// delivered at once; later values arrive once per batch unless `skipRepeats` says otherwise.
  @inlinable
  @discardableResult
  public func subscribe<Subscriber: StoreSubscriber>(
    _ subscriber: Subscriber,
    select: @escaping (State) -> Subscriber.Value,
    skipRepeats: SkipRepeats<Subscriber.Value> = .never
  ) -> Subscription {
    observe(subscriber, select: select, skipRepeats: skipRepeats) { subscriber, value in
      subscriber.receive(value)
    }
  }

  /// Subscribes with Equatable values, which skip repeats by default.
  @inlinable
  @discardableResult
  public func subscribe<Subscriber: StoreSubscriber>(
    _ subscriber: Subscriber,
    select: @escaping (State) -> Subscriber.Value,
    skipRepeats: SkipRepeats<Subscriber.Value> = .whenEqual
  ) -> Subscription where Subscriber.Value: Equatable {
    observe(subscriber, select: select, skipRepeats: skipRepeats) { subscriber, value in
      subscriber.receive(value)
    }
  }

  /// Calls `onChange` with values derived from the state, for as long as `owner` is alive: the
  /// closure form of `subscribe`, handy for coordinators that watch one part of the state.
  @inlinable
  @discardableResult
  public func observe<Owner: AnyObject, Value>(
    _ owner: Owner,
    select: @escaping (State) -> Value,
    skipRepeats: SkipRepeats<Value>,
    onChange: @escaping (Owner, Value) -> Void
  ) -> Subscription {
    let isRepeat = skipRepeats.isRepeat
    var lastDelivered: Value?
    // The owner is loaded (an atomic weak-reference read) only when there is something to
    // deliver; a released owner is noticed then, or by `subscriptionCount`.
    let entry = SubscriptionEntry<State>(owner: owner) { [weak owner] state in
      let value = select(state)
      if let isRepeat, let last = lastDelivered, isRepeat(last, value) { return true }
      guard let owner else { return false }
      lastDelivered = value
      onChange(owner, value)
      return true
    }
    entries.append(entry)
    _ = entry.notify(currentState)
    return Subscription(entry: entry)
  }

  /// Equatable values skip repeats by default.
  @inlinable
  @discardableResult
  public func observe<Owner: AnyObject, Value: Equatable>(
    _ owner: Owner,
    select: @escaping (State) -> Value,
    onChange: @escaping (Owner, Value) -> Void
  ) -> Subscription {
    observe(owner, select: select, skipRepeats: .whenEqual, onChange: onChange)
  }

  /// Ends every subscription `subscriber` holds.
  public func unsubscribe(_ subscriber: AnyObject) {
    for entry in entries where entry.owner === subscriber {
      entry.isActive = false
      hasInactiveEntries = true
    }
  }

  /// The number of live subscriptions: what lifecycle tests check after a screen is gone.
  public var subscriptionCount: Int {
    entries.count { $0.isActive && $0.owner != nil }
  }

  @inlinable
  func notifySubscribers() {
    // Subscriptions added during the pass already received the current value, so the pass
    // walks the list as it was when it began. Cancelled ones are skipped and swept afterwards.
    let snapshot = entries
    let state = currentState
    var sawInactive = false
    for entry in snapshot {
      guard entry.isActive, entry.notify(state) else {
        entry.isActive = false
        sawInactive = true
        continue
      }
    }
    if sawInactive { hasInactiveEntries = true }
    if hasInactiveEntries {
      entries.removeAll { !$0.isActive || $0.owner == nil }
      hasInactiveEntries = false
    }
  }
}
