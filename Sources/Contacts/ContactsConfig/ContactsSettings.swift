public import ContactsCore
public import TerminalUI

/// What the config file can set, with the defaults for what it leaves out. A command-line
/// option beats the file; the file beats the defaults.
public struct ContactsSettings: Equatable, Sendable {
  /// The database file (`database`), nil for the default one in the XDG data directory.
  public var database: String?
  /// The account commands act on and the sign-in form starts with (`account`), nil for the only
  /// one.
  public var account: String?
  /// The colour theme's name (`theme`): one of `Theme.builtIn`.
  public var theme = "dark"
  /// Whether the app takes the mouse (`mouse`): the wheel scrolls, a click selects, focuses or
  /// presses, a double click opens. Off, the terminal's own text selection works without Shift.
  public var mouse = true
  /// How many colours the terminal shows (`colors`): nil (`auto`) detects it from `COLORTERM`,
  /// `TERM` and terminfo; a depth forces it (`truecolor` where 24-bit colour works but is not
  /// announced, as over `ssh`). `NO_COLOR` still wins.
  public var colors: ColorDepth?
  /// The list's columns, in order (`[list] columns`); a narrow terminal shows the first ones
  /// that fit its width.
  public var listColumns = ContactsListColumn.allCases
  /// Minutes from the end of one sync to the next while the app is open (`[sync] interval`);
  /// 0 syncs only on `s`, after signing in and after changes.
  public var syncIntervalMinutes = 5
  /// Cards a sync sends to the server at once, each on its own kept-alive connection
  /// (`[sync] uploads`, 1 to 16): a server that writes in parallel takes a big upload several
  /// times faster; one that writes in turn loses nothing by it.
  public var syncUploads = 4
  /// The country of phone numbers written without a country code (`[phones] region`, an ISO
  /// 3166-1 code such as `DE`, checked with `PhoneRegion.known`), which tells `030 1234567` and
  /// `+49 30 1234567` are one number when looking for duplicates; nil for the locale's.
  public var phoneRegion: String?
  /// The user's own keys: for each screen's key map (`[keys.list]`…), new keys by binding name.
  /// Only bindings given other keys than their own are kept.
  public var keys: [String: [String: [Key]]] = [:]

  public init() {}

  /// The interval as the app takes it: nil when periodic syncs are off.
  public var syncInterval: Duration? {
    syncIntervalMinutes == 0 ? nil : .seconds(syncIntervalMinutes * 60)
  }
}
