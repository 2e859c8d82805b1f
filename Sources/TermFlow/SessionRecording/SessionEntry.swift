public import TerminalUI

/// One line of a session log after the header.
///
/// A session is its inputs plus the answers of the outside world: replaying feeds the inputs
/// to the app again and sends the recorded effect answers in where they arrived, so nothing
/// outside the app runs. The actions are what the app made of them, kept to check a replay
/// against and to read when a session went wrong.
public enum SessionEntry<Action: Codable & Sendable>: Codable, Sendable {
  /// A key, a paste, a resize or an animation tick, as the run loop delivered it.
  case input(TerminalSession.Event)
  /// An action the app sent itself (from an input, or a reducer's follow-up).
  case action(Action)
  /// An action a running effect delivered: the outside world's answer.
  case effect(Action)
  /// How the session ended: the last frame and state, for `--verify`.
  case end(SessionEnd)

  private enum CodingKeys: String, CodingKey { case input, action, effect, end }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "Expected one of input, action, effect or end"))
    }
    switch key {
    case .input: self = .input(try container.decode(TerminalSession.Event.self, forKey: key))
    case .action: self = .action(try container.decode(Action.self, forKey: key))
    case .effect: self = .effect(try container.decode(Action.self, forKey: key))
    case .end: self = .end(try container.decode(SessionEnd.self, forKey: key))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .input(let event): try container.encode(event, forKey: .input)
    case .action(let action): try container.encode(action, forKey: .action)
    case .effect(let action): try container.encode(action, forKey: .effect)
    case .end(let end): try container.encode(end, forKey: .end)
    }
  }
}

/// The last frame (as ``FrameText``) and a canonical description of the last state.
public struct SessionEnd: Codable, Sendable, Equatable {
  public var frame: String
  public var state: String
  /// The colours the terminal showed (the theme was mapped down to them, and so the last
  /// frame's styles); nil in logs from before it was recorded, which were replayed in 24-bit.
  public var colorDepth: ColorDepth?

  public init(frame: String, state: String, colorDepth: ColorDepth? = nil) {
    self.frame = frame
    self.state = state
    self.colorDepth = colorDepth
  }
}
