import Flow
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalSession {
  /// A session that has taken over the terminal, or nil after printing why it could not (not
  /// a tty, `TERM=dumb`, ...) as one line naming the program on stderr: the start shared by
  /// ``TerminalApp`` and ``NavigationApp``.
  static func start(
    logPath: String?, render: @escaping (Size) -> Frame, handle: @escaping (Event) -> Void
  ) -> TerminalSession? {
    do {
      return try TerminalSession(logPath: logPath, render: render, handle: handle)
    } catch {
      printError("\(error)")
      return nil
    }
  }

  /// Ends a program started wrong (an argument it cannot take) before it takes the terminal:
  /// `message` as one line naming the program on stderr, and exit status 2, as command-line
  /// tools do. An app's `main.swift` needs no C library of its own for it.
  public nonisolated static func exitWithUsageError(_ message: String) -> Never {
    printError(message)
    exitProcess(2)
  }

  /// `message` on stderr as one line, after the program's name.
  private nonisolated static func printError(_ message: String) {
    let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "app"
    let line = Array("\(program): \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }

  /// When pty tests ask for idle announcements (TERMFLOW_READY_FIFO): the app is idle when no
  /// effect of `store` runs, and an effect that ends without changing the screen must still let
  /// the session announce it. Shared by ``TerminalApp`` and ``NavigationApp``.
  func reportsIdle<State, Action>(of store: Store<State, Action>) {
    guard announcesIdleFrames else { return }
    isAppIdle = { [unowned store] in store.runningEffectCount == 0 }
    store.instrumentation.effectDidFinish = { [unowned self] in appActivityDidChange() }
  }

  /// The whole of a program's main for an app type: prepares the process (see
  /// `prepareProcess()`), runs `run` on the main actor, which top-level code is on and the run
  /// loop keeps, and exits with its status.
  nonisolated static func main(_ run: @MainActor () -> Int32) -> Never {
    prepareProcess()
    exitProcess(MainActor.assumeIsolated { run() })
  }
}

/// The C library's `exit`, which inside `TerminalSession` the session's own `exit(status:)` hides.
private func exitProcess(_ status: Int32) -> Never {
  exit(status)
}
