import ContactsConfig
import ContactsCore
import ContactsLive
import ContactsModel
import ContactsServices
import Foundation
import Logging
import SessionRecording
import TerminalUI

/// Runs the address book on the terminal: opens the database and the session log (a bad file
/// is reported before the terminal is taken over), wires the app to the run loop, and returns
/// the exit status.
///
/// Every session is recorded. With `--record FILE` the log is kept; otherwise it goes to
/// `last-session.jsonl` in the state directory, is written out on a crash (with the command
/// that replays it) and removed when the app exits normally.
@MainActor
final class AppRunner {
  let databasePath: String
  let route: String
  let recordPath: String?
  /// The app's looks (`--theme`, or the config file's `theme`), by name (see `Theme.named(_:)`).
  var themeName = "dark"
  /// The rest of the config file: the keys, the list's columns, sync's interval, the account
  /// the sign-in form starts with.
  var settings = ContactsSettings()
  /// Whether the terminal reports the mouse to the app (the config file's `mouse = false`
  /// turns it off).
  var reportsMouse = true

  init(databasePath: String, route: String, recordPath: String?) {
    self.databasePath = databasePath
    self.route = route
    self.recordPath = recordPath
  }

  func run() throws -> Int32 {
    // Logs go to a file in the state directory, never to the screen.
    let stateDirectory = AppDirectories.state(for: "contacts")
    let logPath = stateDirectory.map { $0 + "/contacts.log" }
    if let logPath, let makeHandler = FileLogHandler.open(path: logPath) {
      LoggingSystem.bootstrap(makeHandler)
    }
    let logger = Logger(label: "contacts")
    let startRoute = try AppRoute.parse(route).get()
    let database = try ContactsDatabase.openForCommand(at: databasePath)
    let phoneRegion = PhoneRegion.resolved(
      configured: settings.phoneRegion, environment: ProcessInfo.processInfo.environment)
    let dependencies = AppDependencies.live(
      accounts: AccountService(database: database),
      contacts: ContactStore(database: database, phoneRegion: phoneRegion)
    )
    .watching(database)
    .syncing(database, parallelUploads: settings.syncUploads)
    .configured(by: settings)
    logger.info("starting", metadata: ["database": .string(databasePath), "route": .string(route)])

    let size = Self.terminalSize()
    func openRecorder(at path: String) throws -> SessionRecorder<AppAction> {
      try SessionRecorder<AppAction>(
        path: path,
        header: ContactsApp.sessionHeader(
          size: size, route: route, keyBindings: settings.keys, theme: themeName, listColumns: settings.listColumns),
        reportsCrashes: true,
        crashMessage: Self.crashMessage(sessionPath: path))
    }
    let recorder: SessionRecorder<AppAction>?
    if let recordPath {
      // Asked for: a log that cannot be written is an error, reported before the terminal is taken.
      recorder = try openRecorder(at: recordPath)
    } else if let stateDirectory {
      // The crash log is a safety net: without it the app still runs.
      do {
        recorder = try openRecorder(at: stateDirectory + "/last-session.jsonl")
      } catch {
        logger.warning("no crash log: \(error)")
        recorder = nil
      }
    } else {
      recorder = nil
    }

    let app = ContactsApp(
      initialState: AppState(route: startRoute, size: size), dependencies: dependencies,
      theme: Theme.named(themeName) ?? .dark,
      keyBindings: settings.keys, listColumns: settings.listColumns, mouse: reportsMouse)
    if let recorder { app.record(to: recorder) }
    // A start failure (no tty, unknown TERM) is printed by ArgumentParser as a plain error.
    let session = try TerminalSession(
      logPath: logPath, colorDepth: settings.colors,
      render: { size in app.render(size: size) },
      handle: { event in app.handle(event) })
    // The log is written once the key's frame is out: recording adds nothing to its latency.
    if let recorder { session.didDrawFrame = { [unowned recorder] in recorder.flush() } }
    // Started as a replay starts it; the size ncurses found (normally the one the header has)
    // comes as the first input.
    let status = app.run(in: session) {
      guard let recorder else { return }
      app.finishRecording(recorder, size: session.size)
      if recordPath == nil { try? FileManager.default.removeItem(atPath: recorder.path) }
    }
    logger.info("stopped", metadata: ["status": .stringConvertible(status)])
    return status
  }

  private static func crashMessage(sessionPath: String) -> String {
    """

    contacts crashed. The session up to the crash is in \(sessionPath)
    Replay it with: contacts replay \(sessionPath) --frames contacts-frames

    """
  }

  /// The tty's size before ncurses starts (the header of the session log needs it).
  private static func terminalSize() -> Size {
    var window = winsize()
    for descriptor in [STDOUT_FILENO, STDIN_FILENO] where ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0 {
      if window.ws_col > 0, window.ws_row > 0 { return Size(width: Int(window.ws_col), height: Int(window.ws_row)) }
    }
    return Size(width: 80, height: 24)
  }
}
