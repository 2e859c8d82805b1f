public import Flow
public import TerminalUI

/// Runs a recorded session again, headless: inputs go to the app as the run loop delivered
/// them, and the recorded effect answers are sent in where they arrived, so nothing outside
/// the app runs — no database, no clock, no network. The app's store must have been made
/// with ``Store/EffectExecution/playedBack``.
///
/// Replaying is deterministic: the same log gives the same frames, byte for byte.
@MainActor
public struct SessionReplay<State, Action: Codable & Sendable & Equatable> {
  /// The app, as the replay drives it.
  public struct Target {
    public var store: Store<State, Action>
    /// Puts the first screen on stage (what the app does at launch).
    public var start: () -> Void
    public var handle: (TerminalSession.Event) -> Void
    public var render: (Size) -> Frame
    /// The same redaction the recorder applied, so actions compare equal.
    public var redact: (Action, State) -> Action
    /// A canonical description of the state (see ``StateDump``).
    public var describe: (State) -> String

    public init(
      store: Store<State, Action>, start: @escaping () -> Void, handle: @escaping (TerminalSession.Event) -> Void,
      render: @escaping (Size) -> Frame, redact: @escaping (Action, State) -> Action,
      describe: @escaping (State) -> String
    ) {
      self.store = store
      self.start = start
      self.handle = handle
      self.render = render
      self.redact = redact
      self.describe = describe
    }
  }

  /// What a replay found.
  public struct Outcome {
    /// Frames drawn: one at start, then one per input and per effect answer.
    public var frameCount = 0
    public var finalFrame: Frame?
    /// Differences from the recording, in words; empty when the replay matched.
    public var mismatches: [String] = []
    /// Whether the log recorded how the session ended (a crash log does not).
    public var hadEnd = false
  }

  public let log: SessionLog<Action>

  public init(log: SessionLog<Action>) {
    self.log = log
  }

  /// Replays the log into `target`, handing each frame to `frame` with its step number.
  public func run(into target: Target, frame: (Int, Frame) throws -> Void) throws -> Outcome {
    var outcome = Outcome()
    var produced: [Action] = []
    var recorded: [Action] = []
    // The recorded answer itself is not an action the app made; what follows from it is.
    var answerBeingDelivered = false
    target.store.actionObserver = { action, origin, state in
      if answerBeingDelivered {
        answerBeingDelivered = false
        return
      }
      produced.append(target.redact(action, state))
    }
    defer { target.store.actionObserver = nil }

    var size = log.header.size
    func draw() throws {
      let drawn = target.render(size)
      outcome.finalFrame = drawn
      try frame(outcome.frameCount, drawn)
      outcome.frameCount += 1
    }

    target.start()
    try draw()
    var ending: SessionEnd?
    for entry in log.entries {
      switch entry {
      case .input(let event):
        if case .resize(let newSize) = event { size = newSize }
        target.handle(event)
        try draw()
      case .effect(let action):
        answerBeingDelivered = true
        target.store.send(action)
        // Reset even if a middleware swallowed the answer before the observer saw it.
        answerBeingDelivered = false
        try draw()
      case .action(let action):
        recorded.append(action)
      case .end(let end):
        ending = end
      }
    }

    // A log cut short (a crash) may end before the actions of its last inputs were written:
    // the replay is checked as far as the recording goes.
    let checked = ending == nil ? Array(produced.prefix(recorded.count)) : produced
    outcome.mismatches += Self.compare(recorded: recorded, produced: checked)
    if let ending {
      outcome.hadEnd = true
      if let last = outcome.finalFrame, FrameText.render(last) != ending.frame {
        outcome.mismatches.append(
          "The last frame differs from the recording.\nRecorded:\n\(ending.frame)\nReplayed:\n\(FrameText.render(last))"
        )
      }
      let state = target.describe(target.store.state)
      if state != ending.state {
        outcome.mismatches.append(
          "The last state differs from the recording.\n\(StateDump.difference(ending.state, state))")
      }
    }
    return outcome
  }

  /// The first action where the replay parted from the recording, in words.
  private static func compare(recorded: [Action], produced: [Action]) -> [String] {
    guard
      let index = (0..<max(recorded.count, produced.count)).first(where: { index in
        index >= recorded.count || index >= produced.count || recorded[index] != produced[index]
      })
    else { return [] }
    let expected = index < recorded.count ? "\(recorded[index])" : "nothing"
    let actual = index < produced.count ? "\(produced[index])" : "nothing"
    return ["Action \(index + 1) differs: the recording has \(expected), the replay made \(actual)."]
  }
}
