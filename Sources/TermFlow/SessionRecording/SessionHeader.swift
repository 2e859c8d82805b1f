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
  /// The user's own keys the app ran with (`NavigationApp(keyBindings:)`: new keys by key map
  /// and binding name), without which a replay would send the declared keys' actions for
  /// them; nil when none were given (and in logs from before they were recorded).
  public var keyBindings: [String: [String: [Key]]]?
  /// The app's own settings that change what it does or draws (contacts: its theme and list
  /// columns), by name, as the app writes them; nil when it records none. Never a secret.
  public var settings: [String: String]?

  public static let format = "termflow-session"
  public static let currentVersion = 1

  public init(
    app: String, appVersion: String, size: Size, route: String, seed: UInt64? = nil,
    redactions: String = "none", keyBindings: [String: [String: [Key]]]? = nil, settings: [String: String]? = nil
  ) {
    format = Self.format
    version = Self.currentVersion
    self.app = app
    self.appVersion = appVersion
    self.size = size
    self.route = route
    self.seed = seed
    self.redactions = redactions
    self.keyBindings = keyBindings
    self.settings = settings
  }
}
