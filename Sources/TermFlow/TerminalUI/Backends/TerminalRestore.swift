import CNcursesw
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gives the terminal back when the process dies by a Swift trap or a fatal signal, where no
/// Swift code unwinds.
///
/// The crash handlers restore stdout/stderr (which point at the log file while the screen is
/// up), turn bracketed paste and mouse reporting off, call `endwin()`, then re-install the previous action (the Swift
/// runtime's backtracer) and return: the faulting instruction faults again and the backtrace
/// prints on the restored screen instead of into the alternate screen in raw mode. A fatal
/// signal sent with kill(2) does not repeat: the handler then runs the previous action itself
/// and dies of the signal, so the exit status is 128 + n either way.
package enum TerminalRestore {
  /// Whether a backend currently owns the terminal.
  private static let isActive = Atomic<Bool>(false)
  private static let tty = Atomic<Int32>(-1)
  private static let savedOutput = Atomic<Int32>(-1)
  private static let savedError = Atomic<Int32>(-1)

  private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
  // Written once, before any handler can run; read only by the handlers.
  nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

  static func activate(ttyDescriptor: Int32) {
    tty.store(ttyDescriptor, ordering: .sequentiallyConsistent)
    isActive.store(true, ordering: .sequentiallyConsistent)
  }

  static func deactivate() {
    isActive.store(false, ordering: .sequentiallyConsistent)
    standardStreams = nil
  }

  /// The original stdout and stderr while they point at the log file.
  static var standardStreams: (output: Int32, error: Int32)? {
    get {
      let output = savedOutput.load(ordering: .sequentiallyConsistent)
      return output < 0 ? nil : (output, savedError.load(ordering: .sequentiallyConsistent))
    }
    set {
      savedOutput.store(newValue?.output ?? -1, ordering: .sequentiallyConsistent)
      savedError.store(newValue?.error ?? -1, ordering: .sequentiallyConsistent)
    }
  }

  /// Runs `body` with SIGTTOU and SIGTTIN ignored. A process outside the terminal's foreground
  /// process group that sets the terminal's modes (`endwin`, `tcflush`) is stopped by SIGTTOU:
  /// giving the terminal back must never stop the process, or an app sent SIGTERM while in the
  /// background would stay stopped for ever instead of exiting.
  static func withoutBackgroundStops<Result>(_ body: () -> Result) -> Result {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    var previousOutput = sigaction()
    var previousInput = sigaction()
    sigaction(SIGTTOU, &ignore, &previousOutput)
    sigaction(SIGTTIN, &ignore, &previousInput)
    defer {
      sigaction(SIGTTOU, &previousOutput, nil)
      sigaction(SIGTTIN, &previousInput, nil)
    }
    return body()
  }

  /// From a signal handler, when the process is on its way out: from now on nothing it does
  /// with the terminal (a restart of the call a stop interrupted, giving the terminal back) may
  /// stop it, even from the background. Async-signal-safe.
  static func ignoreBackgroundStopsForGood() {
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    sigaction(SIGTTOU, &ignore, nil)
    sigaction(SIGTTIN, &ignore, nil)
  }

  /// Restores the terminal from a signal handler: only async-signal-safe calls, plus `endwin`,
  /// which ncurses' own handlers also call from signal context.
  static func restoreFromSignalHandler() {
    guard isActive.exchange(false, ordering: .sequentiallyConsistent) else { return }
    ignoreBackgroundStopsForGood()
    let output = savedOutput.load(ordering: .relaxed)
    if output >= 0 {
      dup2(output, STDOUT_FILENO)
      dup2(savedError.load(ordering: .relaxed), STDERR_FILENO)
    }
    // Bracketed paste and the mouse off (harmless when it was not on), the scroll region and
    // the pen reset (a crash may come in the middle of a frame), before `endwin` restores the
    // tty: a static string is plain bytes in the binary, safe to write here.
    let modesOff: StaticString = "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[r\u{1B}[0m"
    _ = write(tty.load(ordering: .relaxed), modesOff.utf8Start, modesOff.utf8CodeUnitCount)
    endwin()
  }

  /// For a signal that was sent, not a fault: runs the previous action now (the backtracer
  /// prints), then dies of `signal` by its default action. Returning would leave the process
  /// running without its terminal (the Swift backtracer returns too).
  private static func dieOfSignal(_ signal: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(signal)
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
  }

  /// Called by the crash handlers once the terminal is restored: a crash report (a session log
  /// written out, a note on stderr). Async-signal-safe code only. Set before the session starts.
  nonisolated(unsafe) public static var afterRestoringOnCrash: (@convention(c) () -> Void)?

  /// Installs the crash handlers. Call once, after the runtime has installed its own (at start-up).
  public static func installCrashHandlers() {
    for signal in crashSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = { signal, info, _ in
        TerminalRestore.restoreFromSignalHandler()
        TerminalRestore.afterRestoringOnCrash?()
        sigaction(signal, TerminalRestore.previousActions + Int(signal), nil)
        // A fault repeats on return, into the previous action; a signal sent (si_code <= 0:
        // kill, tgkill, sigqueue) does not.
        if let info, info.pointee.si_code <= 0 { TerminalRestore.dieOfSignal(signal) }
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_SIGINFO
      sigaction(signal, &action, previousActions + Int(signal))
    }
  }
}
