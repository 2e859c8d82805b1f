extension Effect {
  /// This effect with `value` bound to `local` while each of its operations (and its error
  /// handler) runs.
  ///
  /// How a parent hands its features' effects something they resolve only when they run, such
  /// as the signed-in user whose database a client reaches: the features' reducers are built
  /// once, know nothing of it, and are not built again for each value. Tasks an operation starts
  /// inherit the binding, as task-local values do.
  public func binding<Value: Sendable>(_ local: TaskLocal<Value>, to value: Value) -> Effect {
    switch kind {
    case .none, .send, .cancel, .request:
      return self
    case .run(let priority, let operation, let onError):
      let bound: Operation = { send in
        try await local.withValue(value) { () async throws -> Void in try await operation(send) }
      }
      guard let onError else { return .run(priority: priority, operation: bound) }
      return .run(priority: priority, operation: bound) { error, send in
        await local.withValue(value) { () async -> Void in await onError(error, send) }
      }
    case .merge(let effects):
      return Effect(.merge(effects.map { $0.binding(local, to: value) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect(.cancellable(id: id, cancelInFlight: cancelInFlight, effect: effect.binding(local, to: value)))
    case .background(let effect):
      return Effect(.background(effect.binding(local, to: value)))
    }
  }
}
