import Dispatch
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The event loop of a full-screen app: it owns the terminal from start to exit.
///
/// ``run()`` keeps the main thread for itself: it waits in `poll` on the terminal and on the
/// main queue's wake-up descriptor, reads keys the moment they arrive, and drains the main queue
/// (where main-actor tasks — the app's effects coming back —, caught signals, a 25 ms timer
/// armed only while a lone Esc waits, and an animation timer running only while
/// ``isAnimating`` is on all arrive) when it has work. A key costs one wake-up of one thread,
/// as in a C curses program; with `async` main and a dispatch read source it cost four context
/// switches (the dispatch manager thread, then a worker draining the main queue). With nothing
/// to do the process sleeps: idle CPU is zero.
///
/// Rendering is on demand and coalesced: ``setNeedsRender()`` may be called any number of times
/// in a turn of the loop; one frame is drawn when the turn ends, and only its changed cells reach
/// the terminal.
///
/// It knows nothing of stores or screens: the app hands it a `render` function and receives
/// ``Event``s.
///
/// ```swift
/// TerminalSession.prepareProcess()
/// var count = 0
/// let status = try MainActor.assumeIsolated {
///   var session: TerminalSession?
///   session = try TerminalSession(
///     render: { size in Text("Count: \(count)").frame(size: size) },
///     handle: { event in
///       switch event {
///       case .input(.key(.character("+"))): count += 1
///       case .input(.key(.character("q"))): session?.exit(status: 0)
///       default: break
///       }
///       session?.setNeedsRender()
///     })
///   return session!.run()
/// }
/// ```
///
/// For tests on a real pty, `TERMFLOW_READY_FIFO=PATH` makes it write `ready <pid>`, then
/// `idle <frames> <inputs>`, to the FIFO at PATH each time the app is idle and its frame is
/// on the terminal (see `IdleAnnouncer`; the app says whether it is idle with ``isAppIdle``).
/// For tuning, `TERMFLOW_KEY_TIMING=FILE` times every key from its `read` to its frame on the
/// terminal and appends a summary to FILE at exit (see `KeyTimings`).
@MainActor
public final class TerminalSession {
  /// What the session reports to the app.
  public enum Event: Hashable, Sendable {
    case input(InputEvent)
    case resize(Size)
    /// The animation timer fired (only while `isAnimating`).
    case tick
  }

  public let backend: NcursesBackend
  private let renderer: Renderer
  private let signals: SignalPipe
  private var decoder = InputDecoder()
  private var escapeTimer: (any DispatchSourceTimer)?
  private var animationTimer: (any DispatchSourceTimer)?
  private var renderScheduled = false
  /// True while input is being delivered: the frame is drawn when it is done (`readInput`).
  private var isDeliveringInput = false
  private var exitStatus: Int32?
  private var readBuffer = [UInt8](repeating: 0, count: 65_536)

  private let render: (Size) -> Frame
  private let handle: (Event) -> Void

  /// How long a lone Esc waits for the rest of an escape sequence.
  public var escapeDelay: DispatchTimeInterval = .milliseconds(25)
  /// How often `.tick` arrives while animating.
  public var animationInterval: DispatchTimeInterval = .milliseconds(80)

  /// Whether Ctrl-Z suspends the app as it would a line-mode program. In raw mode the key
  /// arrives as input instead of SIGTSTP; on by default, as terminal users expect.
  public var suspendsOnControlZ = true

  /// Called each time a frame is on the terminal: the place for work that must not delay a
  /// key's frame (say, writing a session log).
  public var didDrawFrame: () -> Void = {}

  /// Frames drawn so far (for tests and diagnostics).
  public private(set) var framesRendered = 0
  /// Key and paste events delivered to the app so far (for tests and diagnostics).
  public private(set) var inputsDelivered = 0

  /// Whether the app has nothing in flight that could still change the screen (for an app on a
  /// store: no effect running). Asked only while idle frames are announced
  /// (``announcesIdleFrames``); an app whose work can end outside a turn of the loop also calls
  /// ``appActivityDidChange()``.
  public var isAppIdle: () -> Bool = { true }
  /// Set when `TERMFLOW_READY_FIFO` names a FIFO to announce idle frames to (see
  /// ``IdleAnnouncer``); nil otherwise, and then idle checks cost nothing.
  private let idleAnnouncer: IdleAnnouncer?
  /// Set when `TERMFLOW_KEY_TIMING` names a file to append per-key timings to at exit (see
  /// ``KeyTimings``).
  private var keyTimings: KeyTimings?

  /// Whether idle frames are announced (`TERMFLOW_READY_FIFO` is set): apps wire ``isAppIdle``
  /// and ``appActivityDidChange()`` only then.
  public var announcesIdleFrames: Bool { idleAnnouncer != nil }

  /// Tells the session the app may have become idle outside a turn of the loop (say, an effect
  /// ended without changing the screen), so that the idle point is announced.
  public func appActivityDidChange() {
    scheduleIdleCheck()
  }

  /// Takes over the terminal. `render` builds a frame of the given size from the app's state;
  /// `handle` receives input, resizes and animation ticks.
  public init(
    logPath: String? = nil,
    render: @escaping (Size) -> Frame,
    handle: @escaping (Event) -> Void
  ) throws(NcursesBackend.StartError) {
    // Caught before ncurses starts, so ncurses leaves these signals to us.
    signals = SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP])
    backend = try NcursesBackend(logPath: logPath)
    TerminalRestore.installCrashHandlers()
    renderer = Renderer(backend: backend)
    idleAnnouncer = IdleAnnouncer.fromEnvironment()
    keyTimings = KeyTimings.fromEnvironment()
    self.render = render
    self.handle = handle
    if let forced = getenv("TERMFLOW_SYNC_OUTPUT").map({ String(cString: $0) }) {
      backend.usesSynchronizedOutput = forced == "1"
    }
  }

  /// The terminal size in cells.
  public var size: Size { backend.size }

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
  /// thread to Dispatch, and the main queue would then never be drained here.
  public func run() -> Int32 {
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
    animationTimer?.cancel()
    _ = fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) & ~O_NONBLOCK)
    backend.stop()
    keyTimings?.appendSummary()
    return status
  }

  /// Ends the loop with `status` once the current turn is over.
  public func exit(status: Int32) {
    guard exitStatus == nil else { return }
    exitStatus = status
    backend.stop()
  }

  /// Asks for a frame at the end of this turn of the loop. Cheap to call repeatedly.
  public func setNeedsRender() {
    guard !renderScheduled, exitStatus == nil else { return }
    renderScheduled = true
    if isDeliveringInput { return }
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated {
        // Already drawn at the end of the input that asked for it (see `readInput`).
        guard let self, self.renderScheduled else { return }
        self.renderNow()
      }
    }
  }

  /// Whether `.tick` events arrive (a spinner is on screen). Off by default: no timer, no wakeups.
  public var isAnimating = false {
    didSet {
      guard isAnimating != oldValue else { return }
      if isAnimating {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + animationInterval, repeating: animationInterval)
        timer.setEventHandler { [weak self] in
          MainActor.assumeIsolated { self?.handle(.tick) }
        }
        timer.resume()
        animationTimer = timer
      } else {
        animationTimer?.cancel()
        animationTimer = nil
      }
    }
  }

  // MARK: Turn handlers

  private func renderNow() {
    renderScheduled = false
    guard exitStatus == nil else { return }
    if keyTimings == nil {
      renderer.render(render(backend.size))
    } else {
      renderTimed()
    }
    framesRendered += 1
    didDrawFrame()
    scheduleIdleCheck()
  }

  /// The frame drawn as `renderNow` draws it, timed for ``KeyTimings``.
  private func renderTimed() {
    let buildStart = KeyTimings.now()
    let frame = render(backend.size)
    let drawStart = KeyTimings.now()
    renderer.render(frame)
    keyTimings?.frameDrawn(buildStart: buildStart, drawStart: drawStart, drawEnd: KeyTimings.now())
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
    escapeTimer?.cancel()
    escapeTimer = nil
    isDeliveringInput = true
    let statusReports = decoder.statusReports
    deliver(decoder.feed(readBuffer[0..<count]))
    isDeliveringInput = false
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

  private func deliver(_ events: [InputEvent]) {
    for event in events {
      switch event {
      case .terminalMode(.synchronizedOutput, let supported):
        if getenv("TERMFLOW_SYNC_OUTPUT") == nil { backend.usesSynchronizedOutput = supported }
      case .terminalMode(.graphemeClustering, let supported) where supported != backend.terminalClustersGraphemes:
        // Clusters are written differently now (see TerminalGlyphs): repaint them all.
        backend.terminalClustersGraphemes = supported
        renderer.invalidate()
        setNeedsRender()
      case .terminalMode:
        break
      case .key(let key) where key == .ctrl("z") && suspendsOnControlZ:
        inputsDelivered += 1
        suspend()
      default:
        inputsDelivered += 1
        handle(.input(event))
      }
      if exitStatus != nil { return }
    }
  }

  private func handle(signal: Int32) {
    switch signal {
    case SIGWINCH:
      let size = backend.refreshSize()
      handle(.resize(size))
      setNeedsRender()
    case SIGTSTP:
      suspend()
    default:
      exit(status: 128 + signal)
    }
  }

  /// Announces an idle point at the end of this turn if the session and the app are idle then
  /// (see ``IdleAnnouncer``). Does nothing unless `TERMFLOW_READY_FIFO` is set.
  private func scheduleIdleCheck() {
    guard let idleAnnouncer, !idleAnnouncer.isCheckScheduled else { return }
    idleAnnouncer.isCheckScheduled = true
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated { self?.checkIdle() }
    }
  }

  private func checkIdle() {
    guard let idleAnnouncer else { return }
    idleAnnouncer.isCheckScheduled = false
    guard exitStatus == nil, !renderScheduled, !decoder.hasPendingInput, isAppIdle() else { return }
    if idleAnnouncer.idle(at: IdleAnnouncer.Point(frames: framesRendered, inputs: inputsDelivered)) {
      backend.requestStatusReport()
    }
  }

  /// Gives the terminal back, stops the process as the default SIGTSTP would, and on SIGCONT
  /// takes the terminal again and redraws everything.
  private func suspend() {
    backend.suspend()
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
    backend.resume()
    idleAnnouncer?.forgetQueries()
    renderer.invalidate()
    handle(.resize(backend.size))
    setNeedsRender()
  }
}
