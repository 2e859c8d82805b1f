import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The event loop of a full-screen app: it delivers events to the app and draws one frame per
/// turn of the loop on a ``TerminalBackend``.
///
/// The session comes in two kinds that share everything between an event and its frame
/// (delivering it, coalescing ``setNeedsRender()``, drawing through one ``Renderer``, counting
/// frames and inputs), so an app's tests exercise the loop code the program runs:
/// - On the real terminal (``init(logPath:colorDepth:render:handle:)``), it takes the terminal over with an
///   ``NcursesBackend`` and ``run()`` keeps the main thread for itself: it waits in `poll` on the
///   terminal and on the main queue's wake-up descriptor, reads keys the moment they arrive, and
///   drains the main queue (where main-actor tasks — the app's effects coming back —, caught
///   signals, a 25 ms timer armed only while a lone Esc waits, and an animation timer running
///   only while ``isAnimating`` is on all arrive) when it has work. A key costs one wake-up of one
///   thread, as in a C curses program; with `async` main and a dispatch read source it cost four
///   context switches (the dispatch manager thread, then a worker draining the main queue). With
///   nothing to do the process sleeps: idle CPU is zero.
/// - On any other backend (``init(backend:render:handle:)``, say a ``HeadlessTerminal``), the
///   caller drives it: it feeds events with ``send(_:)``, each of which ends its turn with the
///   frame it asked for, and draws a frame whenever it wants one with ``drawFrame()`` (after the
///   app's effects came back, say). No terminal, signal, timer or main-queue hop is involved, so
///   tests are deterministic.
///
/// Rendering is on demand and coalesced: ``setNeedsRender()`` may be called any number of times
/// in a turn of the loop; one frame is drawn when the turn ends, and only its changed cells reach
/// the backend.
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
/// `idle <frames> <inputs>`, to the FIFO at PATH each time the app is idle and its frame is on
/// the terminal (see `IdleAnnouncer`; the app says whether it is idle with ``isAppIdle``). For
/// tuning, `TERMFLOW_KEY_TIMING=FILE` times every key from its `read` to its frame on the
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

  /// Where the frames are drawn: the real terminal's ``NcursesBackend``, or the backend the
  /// session was made with.
  public let backend: any TerminalBackend
  let renderer: Renderer
  /// The real terminal, when the session took it over: its loop, signals and suspension are
  /// in `TerminalSession+Terminal.swift`. Nil for a session the caller drives.
  let terminal: NcursesBackend?
  /// The caught signals (only on the real terminal).
  let signals: SignalPipe?
  var decoder = InputDecoder()
  var escapeTimer: (any DispatchSourceTimer)?
  private var animationTimer: (any DispatchSourceTimer)?
  var renderScheduled = false
  /// True while input is being delivered: the frame is drawn when it is done (`readInput`,
  /// ``send(_:)``).
  var isDeliveringInput = false
  /// The status the session ended with (``exit(status:)``, or a terminating signal); nil while
  /// it runs.
  public private(set) var exitStatus: Int32?
  var readBuffer = [UInt8](repeating: 0, count: 65_536)

  private let render: (Size) -> Frame
  private let handle: (Event) -> Void

  /// How long a lone Esc waits for the rest of an escape sequence.
  public var escapeDelay: DispatchTimeInterval = .milliseconds(25)
  /// How often `.tick` arrives while animating.
  public var animationInterval: DispatchTimeInterval = .milliseconds(80)

  /// Whether the terminal reports the mouse (xterm modes 1000, 1002 and 1006: presses,
  /// releases, drags and the wheel, in SGR form), delivered as ``InputEvent/mouse(_:)``. Off
  /// by default; turned off again, before the tty is restored, on exit, on a signal, on Ctrl-Z
  /// and by the crash handlers. A session the caller drives only keeps the flag.
  public var reportsMouse = false {
    didSet { terminal?.reportsMouse = reportsMouse }
  }
  /// The last left press on the real terminal, to tell a double click.
  var lastClick: (position: Point, time: UInt64)?

  /// Whether Ctrl-Z suspends the app as it would a line-mode program. In raw mode the key
  /// arrives as input instead of SIGTSTP; on by default, as terminal users expect. Only the
  /// real terminal suspends: a session the caller drives hands Ctrl-Z to the app.
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
  /// ``IdleAnnouncer``) on the real terminal; nil otherwise, and then idle checks cost nothing.
  let idleAnnouncer: IdleAnnouncer?
  /// Set when `TERMFLOW_KEY_TIMING` names a file to append per-key timings to at exit (see
  /// ``KeyTimings``) on the real terminal.
  var keyTimings: KeyTimings?

  /// Whether idle frames are announced (`TERMFLOW_READY_FIFO` is set, on the real terminal):
  /// apps wire ``isAppIdle`` and ``appActivityDidChange()`` only then.
  public var announcesIdleFrames: Bool { idleAnnouncer != nil }

  /// Tells the session the app may have become idle outside a turn of the loop (say, an effect
  /// ended without changing the screen), so that the idle point is announced.
  public func appActivityDidChange() {
    scheduleIdleCheck()
  }

  /// Takes over the terminal. `render` builds a frame of the given size from the app's state;
  /// `handle` receives input, resizes and animation ticks. Run it with ``run()``. `colorDepth`
  /// forces how many colours are drawn (a user's setting; nil detects it, see
  /// ``ColorDepth/resolved(configured:environment:terminfoColors:terminfoHasRGB:)``).
  public init(
    logPath: String? = nil,
    colorDepth: ColorDepth? = nil,
    render: @escaping (Size) -> Frame,
    handle: @escaping (Event) -> Void
  ) throws(NcursesBackend.StartError) {
    // Caught before ncurses starts, so ncurses leaves these signals to us.
    signals = SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP])
    let terminal = try NcursesBackend(logPath: logPath, colorDepth: colorDepth)
    TerminalRestore.installCrashHandlers()
    self.terminal = terminal
    backend = terminal
    renderer = Renderer(backend: terminal)
    idleAnnouncer = IdleAnnouncer.fromEnvironment()
    keyTimings = KeyTimings.fromEnvironment()
    self.render = render
    self.handle = handle
    if let forced = getenv("TERMFLOW_SYNC_OUTPUT").map({ String(cString: $0) }) {
      terminal.usesSynchronizedOutput = forced == "1"
    }
  }

  /// A session on `backend` that the caller drives (tests, on a ``HeadlessTerminal``): it takes
  /// no terminal, catches no signal, reads no environment and runs no loop. Events come in
  /// through ``send(_:)``; frames of `render` go to `backend` at the end of each turn and on
  /// ``drawFrame()``.
  public init(
    backend: some TerminalBackend,
    render: @escaping (Size) -> Frame,
    handle: @escaping (Event) -> Void
  ) {
    terminal = nil
    signals = nil
    self.backend = backend
    renderer = Renderer(backend: backend)
    idleAnnouncer = nil
    keyTimings = nil
    self.render = render
    self.handle = handle
  }

  /// The terminal size in cells.
  public var size: Size { backend.size }

  /// Ends the loop with `status` once the current turn is over.
  public func exit(status: Int32) {
    guard exitStatus == nil else { return }
    exitStatus = status
    terminal?.stop()
  }

  /// Asks for a frame at the end of this turn of the loop. Cheap to call repeatedly.
  public func setNeedsRender() {
    guard !renderScheduled, exitStatus == nil else { return }
    renderScheduled = true
    // Drawn at the end of the input that asked for it (see `readInput` and `send`), or, for a
    // session the caller drives, when it ends the turn.
    if isDeliveringInput || terminal == nil { return }
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated {
        // Already drawn at the end of the input that asked for it (see `readInput`).
        guard let self, self.renderScheduled else { return }
        self.renderNow()
      }
    }
  }

  /// Whether `.tick` events arrive (a spinner is on screen). Off by default: no timer, no
  /// wakeups. On a session the caller drives no timer runs: the caller sends `.tick`.
  public var isAnimating = false {
    didSet {
      guard isAnimating != oldValue, terminal != nil else { return }
      if isAnimating {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + animationInterval, repeating: animationInterval)
        timer.setEventHandler { [weak self] in
          MainActor.assumeIsolated { self?.handle(.tick) }
        }
        timer.resume()
        animationTimer = timer
      } else {
        stopAnimationTimer()
      }
    }
  }

  func stopAnimationTimer() {
    animationTimer?.cancel()
    animationTimer = nil
  }

  // MARK: Driven by the caller

  /// Delivers `event` as ``run()``'s loop would, then ends the turn: the frame the app asked
  /// for is drawn. A resize means the backend already has the new size (resize a
  /// ``HeadlessTerminal`` first); the next frame is drawn in full. For a session the caller
  /// drives.
  public func send(_ event: Event) {
    switch event {
    case .input(let input):
      isDeliveringInput = true
      deliver([input])
      isDeliveringInput = false
    case .resize(let size):
      renderer.invalidate()
      resized(to: size)
    case .tick:
      handle(.tick)
    }
    if renderScheduled { renderNow() }
  }

  /// Draws the frame of the app's state now, whether asked for or not, and returns it: what a
  /// test snapshots. Only the cells that changed since the last frame reach the backend.
  @discardableResult
  public func drawFrame() -> Frame {
    renderScheduled = false
    let frame = render(backend.size)
    renderer.render(frame)
    framesRendered += 1
    didDrawFrame()
    return frame
  }

  // MARK: Turn handlers

  func renderNow() {
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

  func resized(to size: Size) {
    handle(.resize(size))
    setNeedsRender()
  }

  /// Ctrl-Z, made once: `Key.ctrl(_:)` lowercases its letter, and every key is compared with it.
  private static let suspendKey = Key.ctrl("z")

  func deliver(_ events: [InputEvent]) {
    for event in events {
      switch event {
      case .terminalMode(let mode, let supported):
        terminalModeReported(mode, supported: supported)
      case .key(let key) where key == Self.suspendKey && suspendsOnControlZ && terminal != nil:
        inputsDelivered += 1
        suspend()
      case .mouse(var mouse) where mouse.isClick && terminal != nil:
        inputsDelivered += 1
        mouse.clickCount = countClicks(at: mouse.position)
        handle(.input(.mouse(mouse)))
      default:
        inputsDelivered += 1
        handle(.input(event))
      }
      if exitStatus != nil { return }
    }
  }

  /// Hands the app the terminal's size again after a suspension, and redraws in full.
  func redrawAfterResume() {
    renderer.invalidate()
    handle(.resize(backend.size))
    setNeedsRender()
  }

  /// Announces an idle point at the end of this turn if the session and the app are idle then
  /// (see ``IdleAnnouncer``). Does nothing unless `TERMFLOW_READY_FIFO` is set.
  func scheduleIdleCheck() {
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
      terminal?.requestStatusReport()
    }
  }
}
