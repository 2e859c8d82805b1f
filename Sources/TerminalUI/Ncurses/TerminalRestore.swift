import CNcursesw
import Glibc
import Synchronization

/// Gives the terminal back when the process dies by a Swift trap or a fatal signal, where no
/// Swift code unwinds.
///
/// The crash handlers call `endwin()` and then re-install the previous action (the Swift runtime's
/// backtracer) and return, so the faulting instruction faults again and the backtrace prints on
/// the restored screen rather than into the alternate screen in raw mode.
public enum TerminalRestore {
  /// Whether ncurses currently owns the terminal.
  static let isActive = Atomic<Bool>(false)

  private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
  // Written once, before any handler can run; read only by the handlers.
  nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

  /// Installs the crash handlers. Call once, after the runtime has installed its own (at start-up).
  public static func installCrashHandlers() {
    for signal in crashSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        if TerminalRestore.isActive.exchange(false, ordering: .sequentiallyConsistent) {
          endwin()
        }
        sigaction(signal, TerminalRestore.previousActions + Int(signal), nil)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, previousActions + Int(signal))
    }
  }
}
