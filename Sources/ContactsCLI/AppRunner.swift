import ContactsCore
import ContactsLive
import ContactsServices
import Logging
import TerminalUI

/// Runs the address book on the terminal: opens the database (a bad file is reported before
/// the terminal is taken over), wires the app to the run loop, and returns the exit status.
@MainActor
final class AppRunner {
  let databasePath: String
  let route: AppRoute

  init(databasePath: String, route: AppRoute) {
    self.databasePath = databasePath
    self.route = route
  }

  func run() async throws -> Int32 {
    // Logs go to a file in the state directory, never to the screen.
    let logPath = AppDirectories.state(for: "contacts").map { $0 + "/contacts.log" }
    if let logPath, let makeHandler = FileLogHandler.open(path: logPath) {
      LoggingSystem.bootstrap(makeHandler)
    }
    let logger = Logger(label: "contacts")
    let database = try ContactsDatabase.open(at: databasePath)
    let dependencies = AppDependencies.live(
      accounts: AccountService(database: database), contacts: ContactStore(database: database))
    logger.info("starting", metadata: ["database": .string(databasePath), "route": .string("\(route.route)")])

    let app = ContactsApp(initialState: AppState(route: route), dependencies: dependencies)
    // A start failure (no tty, unknown TERM) is printed by ArgumentParser as a plain error.
    let session = try TerminalSession(
      logPath: logPath,
      render: { size in app.render(size: size) },
      handle: { event in app.handle(event) })
    app.onQuit = { [unowned session] in session.exit(status: 0) }
    app.onChange = { [unowned session, unowned app] in
      session.isAnimating = app.isBusy
      session.setNeedsRender()
    }
    if session.announcesIdleFrames {
      // For the pty tests (TERMFLOW_READY_FIFO): idle means no effect running, and an effect
      // that ends without changing the screen must still let the session announce it.
      session.isAppIdle = { [unowned app] in app.store.runningEffectCount == 0 }
      app.store.instrumentation.effectDidFinish = { [unowned session] in session.appActivityDidChange() }
    }
    app.store.send(.resized(session.size))
    app.start()
    let status = await session.run()
    app.stop()
    logger.info("stopped", metadata: ["status": .stringConvertible(status)])
    return status
  }
}
