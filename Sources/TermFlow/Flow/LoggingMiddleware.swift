public import Logging

extension Middleware {
  /// Logs every action that reaches the reducer through swift-log.
  ///
  /// Values wrapped in ``Secret`` print as `<redacted>`, so a password typed into a form never
  /// reaches the log. Pass `describeState` to log a summary of the state after each action; keep
  /// it small, since it runs on every action.
  public static func logging(
    to logger: Logger,
    level: Logger.Level = .debug,
    describeState: (@Sendable (State) -> String)? = nil
  ) -> Middleware {
    Middleware(didReduce: { action, state in
      guard logger.logLevel <= level else { return }
      var metadata: Logger.Metadata = [:]
      if let describeState {
        metadata["state"] = .string(describeState(state))
      }
      logger.log(level: level, "action \(String(reflecting: action))", metadata: metadata)
    })
  }
}
