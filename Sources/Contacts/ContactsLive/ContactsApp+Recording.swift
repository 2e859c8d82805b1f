public import ContactsCore
import Flow
public import Navigation
public import SessionRecording
public import TerminalUI

// Session recording for the app: the shell's part, so that the functional core (ContactsCore)
// does not link the file-writing recorder.
extension NavigationApp where State == AppState, Action == AppAction {
  /// The app's name and version in session logs.
  public nonisolated static var name: String { "contacts" }
  public nonisolated static var version: String { "0.1.0" }

  /// A header for a session of this app starting at `route` on a terminal of `size`, with what
  /// a replay needs of the user's config to do and draw the same: their keys, the theme's name
  /// and the list's columns (only those that differ from the defaults).
  public nonisolated static func sessionHeader(
    size: Size, route: String, seed: UInt64? = nil, keyBindings: [String: [String: [Key]]] = [:],
    theme: String = "dark", listColumns: [ContactsListColumn] = ContactsListColumn.allCases
  ) -> SessionHeader {
    var settings: [String: String] = [:]
    if theme != "dark" { settings["theme"] = theme }
    if listColumns != ContactsListColumn.allCases {
      settings["columns"] = listColumns.map(\.rawValue).joined(separator: ",")
    }
    return SessionHeader(
      app: name, appVersion: version, size: size, route: route, seed: seed, redactions: SessionSecrets.description,
      keyBindings: keyBindings.isEmpty ? nil : keyBindings, settings: settings.isEmpty ? nil : settings)
  }

  /// Records every input, action and effect answer into `recorder`, secrets redacted.
  public func record(to recorder: SessionRecorder<AppAction>) {
    record(to: recorder, redactingEvent: SessionSecrets.redact(_:in:), redactingAction: SessionSecrets.redact(_:in:))
    recorder.actionLine = { AppAction.typedKeyLine($0) ?? AppAction.moveLine($0) }
  }

  /// An app that replays `log`: it starts where the recording started, with the keys, theme,
  /// columns and colours it was recorded with, and runs no effects. A header without them (an
  /// older log) replays with the defaults, as it was recorded.
  public static func replaying(_ log: SessionLog<AppAction>) throws(RouteError) -> ContactsApp {
    let route = try AppRoute.parse(log.header.route).get()
    let settings = log.header.settings ?? [:]
    let columns = settings["columns"].map {
      $0.split(separator: ",").compactMap { ContactsListColumn(rawValue: String($0)) }
    }
    let app = ContactsApp(
      initialState: AppState(route: route, size: log.header.size), dependencies: .playedBack, effects: .playedBack,
      theme: settings["theme"].flatMap(Theme.named) ?? .dark, keyBindings: log.header.keyBindings ?? [:],
      listColumns: columns.flatMap { $0.isEmpty ? nil : $0 } ?? ContactsListColumn.allCases)
    app.drawAsRecorded(in: log)
    return app
  }

  /// This app as a replay drives it.
  public var replayTarget: SessionReplay<AppState, AppAction>.Target {
    replayTarget(redactingAction: SessionSecrets.redact(_:in:))
  }
}

extension AppAction {
  /// The log line of an action a key typed into a form or the search makes, written by hand
  /// (`{"action":{"search":{"_0":{"key":{"_0":"a"}}}}}`, or a form's typed text): what the
  /// recorder would otherwise run the encoder for on every typed key. Nil for every other action.
  static func typedKeyLine(_ action: AppAction) -> [UInt8]? {
    let (prefix, key): (StaticString, Key)
    switch action {
    case .signIn(.form(.edit(.insert(let text)))):
      return SessionRecorder<AppAction>.line(
        #"{"action":{"signIn":{"_0":{"form":{"_0":{"edit":{"_0":{"insert":{"_0":"#, text: text, "}}}}}}}}}")
    case .signUp(.form(.edit(.insert(let text)))):
      return SessionRecorder<AppAction>.line(
        #"{"action":{"signUp":{"_0":{"form":{"_0":{"edit":{"_0":{"insert":{"_0":"#, text: text, "}}}}}}}}}")
    case .editor(.form(.edit(.insert(let text)))):
      return SessionRecorder<AppAction>.line(
        #"{"action":{"editor":{"_0":{"form":{"_0":{"edit":{"_0":{"insert":{"_0":"#, text: text, "}}}}}}}}}")
    case .search(.key(let typed)): (prefix, key) = (#"{"action":{"search":{"_0":{"key":{"_0":"#, typed)
    default: return nil
    }
    return SessionRecorder<AppAction>.line(prefix, key, "}}}}}")
  }

  /// The log line of a move in the list or in the search's results
  /// (`{"action":{"browser":{"_0":{"move":{"_0":{"down":{}}}}}}}`), written by hand: the
  /// encoder costs more than the rest of a step down the list. Nil for every other action
  /// (a click's move to a row included).
  static func moveLine(_ action: AppAction) -> [UInt8]? {
    let (feature, move): (String, ScrollWindow.Move)
    switch action {
    case .browser(.move(let moved)): (feature, move) = ("browser", moved)
    case .search(.move(let moved)): (feature, move) = ("search", moved)
    default: return nil
    }
    let name: String
    switch move {
    case .up: name = "up"
    case .down: name = "down"
    case .pageUp: name = "pageUp"
    case .pageDown: name = "pageDown"
    case .home: name = "home"
    case .end: name = "end"
    case .to: return nil  // a click: rare, and its row number goes through the encoder
    }
    return Array(#"{"action":{"\#(feature)":{"_0":{"move":{"_0":{"\#(name)":{}}}}}}}"#.utf8) + [0x0A]
  }
}
