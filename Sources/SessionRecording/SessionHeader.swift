public import TerminalUI

/// The first line of a session log: what the rest of it needs to be replayed.
public struct SessionHeader: Codable, Sendable, Equatable {
  /// Always `termflow-session`: tells a session log from any other JSON lines.
  public var format: String
  /// The log format's version; a reader refuses versions it does not know.
  public var version: Int
  public var app: String
  public var appVersion: String
  /// The terminal's size when the session started.
  public var size: Size
  /// Where the session started (a route, as `--route` takes it).
  public var route: String
  /// The seed of anything random in the session (a monkey test's stream); nil when nothing
  /// was drawn at random.
  public var seed: UInt64?
  /// What was left out of the log, in words.
  public var redactions: String

  public static let format = "termflow-session"
  public static let currentVersion = 1

  public init(
    app: String, appVersion: String, size: Size, route: String, seed: UInt64? = nil,
    redactions: String = "none"
  ) {
    format = Self.format
    version = Self.currentVersion
    self.app = app
    self.appVersion = appVersion
    self.size = size
    self.route = route
    self.seed = seed
    self.redactions = redactions
  }
}
