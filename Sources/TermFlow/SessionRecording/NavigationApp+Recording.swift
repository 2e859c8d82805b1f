public import Flow
public import Navigation
public import TerminalUI

/// Session recording and replay for any app on ``NavigationApp``: what the app's shell calls to
/// keep a log of a session (`contacts --record`) and to run one again headless.
extension NavigationApp where Action: Codable & Equatable {
  /// Records every event the app handles, every action and every effect answer into
  /// `recorder`, each first passed through a redaction with the state it arrived in (to keep
  /// passwords out of the log, say). Inlinable, so that what records a key is compiled for
  /// the app's types.
  @inlinable
  public func record(
    to recorder: SessionRecorder<Action>,
    redactingEvent: @escaping (TerminalSession.Event, State) -> TerminalSession.Event = { event, _ in event },
    redactingAction: @escaping (Action, State) -> Action = { action, _ in action }
  ) {
    eventObserver = { [unowned recorder] event, state in
      recorder.record(.input(redactingEvent(event, state)))
    }
    store.actionObserver = { [unowned recorder] action, origin, state in
      let redacted = redactingAction(action, state)
      recorder.record(origin == .effect ? .effect(redacted) : .action(redacted))
    }
  }

  /// Ends the recording with the frame at `size` and the state as `describe` writes it, which a
  /// replay checks its own last frame and state against.
  public func finishRecording(
    _ recorder: SessionRecorder<Action>, size: Size, describe: (State) -> String = { StateDump.describe($0) }
  ) {
    eventObserver = nil
    store.actionObserver = nil
    recorder.finish(
      SessionEnd(
        frame: FrameText.render(render(size: size)), state: describe(store.state), colorDepth: wireframe.colorDepth))
  }

  /// Draws as the recorded terminal did: in the colours it showed (`SessionEnd.colorDepth`),
  /// so that a replay's last frame is the recorded one on any terminal. Call it on an app made
  /// to replay `log`, before running it.
  public func drawAsRecorded(in log: SessionLog<Action>) {
    guard case .end(let end)? = log.entries.last, let depth = end.colorDepth else { return }
    wireframe.colorDepth = depth
  }

  /// This app as a ``SessionReplay`` drives it, with the redaction the recording used. The app
  /// must have been made with `effects: .playedBack`.
  public func replayTarget(
    redactingAction: @escaping (Action, State) -> Action = { action, _ in action },
    describe: @escaping (State) -> String = { StateDump.describe($0) }
  ) -> SessionReplay<State, Action>.Target {
    SessionReplay.Target(
      store: store, start: { [unowned self] in start() }, handle: { [unowned self] in handle($0) },
      render: { [unowned self] in render(size: $0) }, redact: redactingAction, describe: describe)
  }
}
