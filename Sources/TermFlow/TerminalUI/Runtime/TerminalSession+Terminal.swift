import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The session's I/O on the real terminal: the `poll` loop on stdin and the signal pipe, bytes
/// decoded into keys, the lone-Esc timer, terminal mode reports, signals and suspension. Events
/// reach the app, and frames the terminal, through the same core a session the caller drives
/// uses (`deliver`, `setNeedsRender`, `renderNow`).
extension TerminalSession {
  /// Call first thing in `main`. On a terminal, makes sure the Swift backtracer will not wait
  /// 25 s for a key after a crash (it reads `SWIFT_BACKTRACE` only at start-up, so the process
  /// re-executes itself once with `interactive=no`). Returns normally when nothing was needed or
  /// re-executing failed.
  public nonisolated static func prepareProcess() {
    guard getenv("SWIFT_BACKTRACE") == nil, isatty(STDIN_FILENO) == 1 else { return }
    setenv("SWIFT_BACKTRACE", "interactive=no", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
  }

  /// Runs the loop on the main thread until ``exit(status:)`` or a terminating signal; returns
  /// the exit status (128 + n after signal n). The terminal is restored before this returns.
  ///
  /// Call it from a synchronous `main` on the main thread: an `async` main gives the main
  /// thread to Dispatch, and the main queue would then never be drained here. Only a session
  /// that took the terminal over (``init(logPath:colorDepth:render:handle:)``) runs a loop; one the caller
  /// drives gets its events through ``send(_:)``.
  public func run() -> Int32 {
    guard let terminal, let signals else {
      preconditionFailure("run() needs the real terminal; drive a session on another backend with send(_:)")
    }
    signals.handler = { [weak self] signal in self?.handle(signal: signal) }
    _ = fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK)
    // Work queued before the loop starts (effects started while the app was wired) runs first.
    MainQueue.drain()
    renderNow()
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: MainQueue.wakeUpDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    while exitStatus == nil {
      if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
        if errno == EINTR { continue }
        exit(status: 1)
        break
      }
      if descriptors[0].revents != 0 { readInput() }
      if descriptors[1].revents != 0, exitStatus == nil { MainQueue.drain() }
    }
    let status = exitStatus ?? 0
    escapeTimer?.cancel()
    stopAnimationTimer()
    _ = fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) & ~O_NONBLOCK)
    terminal.stop()
    keyTimings?.appendSummary()
    return status
  }

  private func readInput() {
    let count = readBuffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count == 0 {
      // The terminal went away (EOF on stdin): leave as after SIGHUP.
      exit(status: 128 + SIGHUP)
      return
    }
    guard count > 0 else { return }
    // Optional chaining: the clock is read only when keys are timed.
    keyTimings?.inputRead(at: KeyTimings.now())
    // Only when there is one: assigning nil to nil still runs the optional's destroy, which
    // looks its type up at run time, on every key.
    if let timer = escapeTimer {
      timer.cancel()
      escapeTimer = nil
    }
    isDeliveringInput = true
    let statusReports = decoder.statusReports
    let legacyMouseReports = decoder.legacyMouseReports
    deliver(decoder.feed(readBuffer[0..<count]))
    isDeliveringInput = false
    // tmux reattached to another client forgets 1006 and reports in X10, whose coordinates stop
    // at 223: asking again brings the SGR form back from the next report on.
    if decoder.legacyMouseReports != legacyMouseReports { terminal?.reassertMouseReporting() }
    if decoder.hasPendingInput { armEscapeTimer() }
    // Answer the keys now rather than after another trip through the main queue: keystroke
    // latency is what users feel.
    if renderScheduled { renderNow() }
    if let idleAnnouncer {
      idleAnnouncer.received(statusReports: decoder.statusReports - statusReports)
      scheduleIdleCheck()
    }
  }

  private func armEscapeTimer() {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + escapeDelay)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.escapeTimer = nil
        self.deliver(self.decoder.flushPending())
        self.scheduleIdleCheck()
      }
    }
    timer.resume()
    escapeTimer = timer
  }

  /// 2 for a left press at the cell of the last one within 400 ms (a double click), else 1.
  /// The clock is read only for presses: keys never pay for it.
  func countClicks(at position: Point) -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let time = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    defer { lastClick = (position, time) }
    guard let last = lastClick, last.position == position, time - last.time < 400_000_000 else { return 1 }
    lastClick = nil
    return 2
  }

  /// What the terminal said it supports (answers to the mode queries `NcursesBackend` sends).
  func terminalModeReported(_ mode: TerminalMode, supported: Bool) {
    guard let terminal else { return }
    switch mode {
    case .synchronizedOutput:
      if getenv("TERMFLOW_SYNC_OUTPUT") == nil { terminal.usesSynchronizedOutput = supported }
    case .graphemeClustering where supported != terminal.terminalClustersGraphemes:
      // Clusters are written differently now (see TerminalGlyphs): repaint them all.
      terminal.terminalClustersGraphemes = supported
      renderer.invalidate()
      setNeedsRender()
    default:
      break
    }
  }

  private func handle(signal: Int32) {
    switch signal {
    case SIGWINCH:
      guard let terminal else { return }
      resized(to: terminal.refreshSize())
    case SIGTSTP:
      suspend()
    default:
      exit(status: 128 + signal)
    }
  }

  /// Gives the terminal back, stops the process as the default SIGTSTP would, and on SIGCONT
  /// takes the terminal again and redraws everything: what Ctrl-Z does, and what an app asks for
  /// with `Effect.suspend`. A session the caller drives has no terminal to give back: nothing
  /// happens.
  public func suspend() {
    guard let terminal, let signals else { return }
    terminal.suspend()
    signal(SIGTSTP, SIG_DFL)
    // The main queue may run on a dispatch worker thread, which blocks signals: unblock SIGTSTP
    // here so that raising it stops the process right now, inside `raise`.
    var stop = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previousMask)
    raise(SIGTSTP)
    // Stopped here until SIGCONT.
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    signals.reinstall(SIGTSTP)
    terminal.resume()
    idleAnnouncer?.forgetQueries()
    redrawAfterResume()
  }
}
