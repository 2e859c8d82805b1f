/// Work a reducer asks the store to do, described as a value.
///
/// Reducers stay pure by returning effects instead of performing them. The store runs them at
/// the edge: `.send` feeds an action back synchronously (in the same batch, so it costs no extra
/// notification), `.run` starts async work whose results come back through `Send`, and
/// `cancellable`/`cancel` tie work to an ``EffectID`` so it can be stopped when it is no longer
/// wanted.
///
/// ```swift
/// case .queryChanged(let query):
///   state.query = query
///   return .run { send in
///     let results = try await contacts.search(query)  // an injected client
///     await send(.resultsLoaded(results))
///   } onError: { error, send in
///     await send(.searchFailed("\(error)"))
///   }
///   .cancellable(id: "search", cancelInFlight: true)  // a newer query cancels this one
/// ```
public struct Effect<Action: Sendable>: Sendable {
  /// The async body of a `.run` effect.
  public typealias Operation = @Sendable (Send<Action>) async throws -> Void
  /// Turns an error thrown by a `.run` operation into actions.
  public typealias ErrorHandler = @Sendable (any Error, Send<Action>) async -> Void

  @usableFromInline
  indirect enum Kind: Sendable {
    case none
    case send(Action)
    case run(priority: TaskPriority?, operation: Operation, onError: ErrorHandler?)
    case merge([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, effect: Effect)
    case cancel(id: EffectID)
    case background(Effect)
    case request(ProgramRequest)
  }

  @usableFromInline let kind: Kind

  @usableFromInline
  init(_ kind: Kind) {
    self.kind = kind
  }

  /// No work.
  public static var none: Effect { Effect(.none) }

  /// Whether this is ``none``: no work at all.
  @inlinable
  public var isNone: Bool {
    if case .none = kind { true } else { false }
  }

  /// Feeds `action` back into the store right after the current action, in the same batch.
  public static func send(_ action: Action) -> Effect { Effect(.send(action)) }

  /// Asks the program running the store to end (a terminal app quits, its terminal restored),
  /// once the batch of actions this effect belongs to is reduced. A reducer decides when to quit,
  /// so a test asserts it like any state change (`TestStore.assertRequested(.quit)`).
  public static var quit: Effect { Effect(.request(.quit)) }

  /// Asks the program running the store to step aside as Ctrl-Z would (a terminal app gives the
  /// terminal back and stops until the shell resumes it), once the batch is reduced.
  public static var suspend: Effect { Effect(.request(.suspend)) }

  /// Runs `operation` as a task. Errors other than cancellation go to `onError`; without one
  /// they are reported to the store's logger, since an effect should turn failures into actions.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping Operation,
    onError: ErrorHandler? = nil
  ) -> Effect {
    Effect(.run(priority: priority, operation: operation, onError: onError))
  }

  /// Runs several effects side by side.
  public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

  /// Runs several effects side by side.
  public static func merge(_ effects: [Effect]) -> Effect {
    let work = effects.filter { !$0.isNone }
    switch work.count {
    case 0: return .none
    case 1: return work[0]
    default: return Effect(.merge(work))
    }
  }

  /// Cancels every running effect marked with `id`.
  public static func cancel(id: some Hashable & Sendable) -> Effect {
    Effect(.cancel(id: EffectID(id)))
  }

  /// Marks this effect's work with `id` so it can be cancelled later. With `cancelInFlight`,
  /// work already running under the same id is cancelled first (the "latest wins" pattern of
  /// search-as-you-type).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
    if isNone { return self }
    return Effect(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, effect: self))
  }

  /// Marks this effect's work as waiting on the outside world for as long as it is wanted (a
  /// file watcher, a socket) rather than as work in progress: it does not count as running, so
  /// a store whose only effects are background ones is idle, and waiting for effects to end
  /// does not wait for it. It is still cancelled like any other effect.
  public func background() -> Effect {
    if isNone { return self }
    return Effect(.background(self))
  }

  /// Changes the action type, so a feature's effects can be lifted into its parent's.
  /// Inlinable for its usual case, no work, which a feature's reducer returns at most keys.
  @inlinable
  public func map<Parent: Sendable>(_ embed: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
    if isNone { return Effect<Parent>(.none) }
    return lifted(embed)
  }

  @usableFromInline
  func lifted<Parent: Sendable>(_ embed: @escaping @Sendable (Action) -> Parent) -> Effect<Parent> {
    switch kind {
    case .none:
      return .none
    case .send(let action):
      return .send(embed(action))
    case .run(let priority, let operation, let onError):
      let liftedOperation: Effect<Parent>.Operation = { send in
        try await operation(send.map(embed))
      }
      var liftedOnError: Effect<Parent>.ErrorHandler?
      if let onError {
        liftedOnError = { error, send in await onError(error, send.map(embed)) }
      }
      return .run(priority: priority, operation: liftedOperation, onError: liftedOnError)
    case .merge(let effects):
      return Effect<Parent>(.merge(effects.map { $0.map(embed) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<Parent>(.cancellable(id: id, cancelInFlight: cancelInFlight, effect: effect.map(embed)))
    case .cancel(let id):
      return Effect<Parent>(.cancel(id: id))
    case .background(let effect):
      return Effect<Parent>(.background(effect.map(embed)))
    case .request(let request):
      return Effect<Parent>(.request(request))
    }
  }
}
