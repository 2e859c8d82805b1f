import CNcursesw

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal, driven through ncursesw.
///
/// Starting it takes over the tty: a UTF-8 `LC_CTYPE` (see `TerminalLocale`; the user's own
/// when it is UTF-8), raw mode (Ctrl-C arrives as a key), no echo,
/// keypad transmit mode, a 25 ms escape delay, colours over the terminal's default background
/// (none when `NO_COLOR` is set), bracketed paste, the cursor hidden except on the focused field.
///
/// ncurses sets the terminal up (terminfo, the tty's modes, the alternate screen) and gives it
/// back; frames are written by the backend itself (`FrameWriter`): the renderer already knows
/// which cells changed, and ncurses' refresh would work that out again. Colours are written as
/// SGR at the terminal's ``colorDepth``, 24-bit ones as `38;2`/`48;2` when the terminal takes
/// them (`COLORTERM=truecolor`, or terminfo's `RGB`), each frame in one `write`.
/// ``stop()`` gives the tty back exactly as it was; so do the crash handlers of
/// `TerminalRestore`.
///
/// Input is not read here: the run loop reads stdin itself and decodes it with ``InputDecoder``.
@MainActor
public final class NcursesBackend: TerminalBackend {
  /// Why the terminal could not be taken over.
  public enum StartError: Error, CustomStringConvertible {
    case notATerminal
    case unknownTerminal(String)
    /// The terminal cannot place the cursor (`TERM=dumb`, a printing terminal): a full-screen
    /// app cannot draw on it.
    case noCursorAddressing(String)
    /// No UTF-8 locale exists on the system, so ncursesw could not write text outside ASCII.
    case noUTF8Locale
    case logUnavailable(String)

    public var description: String {
      switch self {
      case .notATerminal:
        "an interactive terminal is needed (stdin and stdout must be a tty)."
      case .unknownTerminal(let term) where term.isEmpty:
        "TERM is not set, so the terminal's type is unknown; try TERM=xterm-256color."
      case .unknownTerminal(let term):
        "the terminal type '\(term)' is unknown to ncurses; try TERM=xterm-256color."
      case .noCursorAddressing(let term):
        "the terminal type '\(term)' cannot place the cursor, which a full-screen app needs."
      case .noUTF8Locale:
        "no UTF-8 locale is installed (tried \(TerminalLocale.candidates.joined(separator: ", "))); "
          + "install one (on Debian and Ubuntu, the locales package) or set LC_CTYPE to one."
      case .logUnavailable(let path):
        "cannot write the log file \(path)."
      }
    }
  }

  /// Whether frames are bracketed by synchronized-output marks (DEC mode 2026), so the terminal
  /// shows each frame at once. Set from the terminal's answer to our query, or forced.
  public var usesSynchronizedOutput = false
  /// Whether the terminal joins grapheme clusters itself (DEC mode 2027); see `TerminalGlyphs`.
  public var terminalClustersGraphemes: Bool {
    get { writer.terminalClustersGraphemes }
    set { writer.terminalClustersGraphemes = newValue }
  }
  /// Whether rows are moved with the terminal's scroll region when that writes less (see
  /// ``Renderer``): when the terminal has one.
  public var scrollsRows = false

  /// Whether the terminal reports the mouse: xterm's 1000 (presses and releases), 1002 (drags)
  /// and 1006 (the SGR form, any coordinate). Turned off before the tty is restored, in
  /// ``suspend()``, ``stop()`` and the crash handlers (`TerminalRestore`), so no report spills
  /// into the shell.
  public var reportsMouse = false {
    didSet {
      guard reportsMouse != oldValue, screen != nil, !isSuspended else { return }
      writeToTerminal(reportsMouse ? Self.mouseOn : Self.mouseOff)
    }
  }
  static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"

  /// Asks for the mouse reports again, as ``reportsMouse`` did: after a report in the legacy
  /// form, the sign that the terminal forgot the SGR form (tmux does on a reattach).
  public func reassertMouseReporting() {
    guard reportsMouse, screen != nil, !isSuspended else { return }
    writeToTerminal(Self.mouseOn)
  }
  static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

  public private(set) var size: Size
  private var screen: OpaquePointer?
  private let ttyDescriptor: Int32
  /// What writes the frames, and knows what the terminal holds between them.
  private var writer: FrameWriter
  private let inputDescriptor: Int32
  private var savedStandardStreams: (output: Int32, error: Int32)?
  /// What the terminal shows (see ``ColorDepth/resolved(configured:environment:terminfoColors:terminfoHasRGB:)``):
  /// what the app or the user forced, else what the environment says (`COLORTERM`, `TERM`) or
  /// terminfo's `RGB`/`Tc`, within terminfo's `colors` except for 24-bit colour, which is
  /// written as SGR `38;2` whatever terminfo says; monochrome without colours or with `NO_COLOR`.
  public var colorDepth: ColorDepth { writer.colorDepth }
  private var isSuspended = false

  /// Takes over the terminal on `input`/`output` (stdin and stdout by default; benchmarks and
  /// tests pass a pty, and the `terminalType` they want instead of `$TERM`). With `logPath`,
  /// stdout and stderr are pointed at that file while the screen is up, so a stray print cannot
  /// corrupt it; they are restored by ``stop()``. `colorDepth` forces a colour depth (an app's
  /// or its user's setting; `NO_COLOR` still wins); `environment` is what the colour depth is
  /// detected from (the process's by default; tests give their own).
  public init(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, terminalType: String? = nil, logPath: String? = nil,
    colorDepth configured: ColorDepth? = nil, environment: [String: String]? = nil
  ) throws(StartError) {
    guard isatty(input) == 1, isatty(output) == 1 else { throw .notATerminal }
    // ncursesw picks its encoding from LC_CTYPE at start-up: it must be UTF-8.
    guard TerminalLocale.activateUTF8() else { throw .noUTF8Locale }
    // ncurses reads ESCDELAY at start-up. Our own decoder does the escape timing, but keypad
    // mode must not make ncurses wait either.
    set_escdelay(25)
    // Refused before ncurses writes anything: without cursor addressing every frame is garbage.
    guard tf_terminal_addresses_cursor(terminalType, output) != 0 else {
      throw .noCursorAddressing(terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "")
    }
    ttyDescriptor = dup(output)
    inputDescriptor = input
    let ncursesInput = dup(input)
    guard let screen = tf_newterm_fds(terminalType, ttyDescriptor, ncursesInput) else {
      close(ttyDescriptor)
      close(ncursesInput)
      throw .unknownTerminal(terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "")
    }
    self.screen = screen
    let environment = environment ?? Self.colorEnvironment()
    let depth = ColorDepth.resolved(
      configured: configured, environment: environment, terminfoColors: Int(tf_terminfo_colors()),
      terminfoHasRGB: tf_terminfo_has_rgb())
    writer = FrameWriter(colorDepth: has_colors() ? depth : .monochrome)
    var rows: Int32 = 0
    var columns: Int32 = 0
    tf_getmaxyx(tf_stdscr(), &rows, &columns)
    size = Size(width: Int(columns), height: Int(rows))
    TerminalRestore.activate(ttyDescriptor: ttyDescriptor)

    raw()
    noecho()
    nonl()
    keypad(tf_stdscr(), true)
    // We read stdin ourselves: ncurses need not poll it for typeahead on every refresh.
    typeahead(-1)
    curs_set(0)
    scrollsRows = tf_can_scroll_region()
    // ncurses' one refresh: the alternate screen, cleared, the cursor home and hidden. From
    // here on the frames are written by `writer`, and ncurses believes the screen stays so
    // (``stop()`` puts the cursor and pen back where ncurses left them before `endwin`).
    takeScreen()
    // Bracketed paste on; ask whether synchronized output and grapheme clustering are
    // supported (the answers arrive as input and are decoded like keys).
    writeToTerminal("\u{1B}[?2004h\u{1B}[?2026$p\u{1B}[?2027$p")

    if let logPath {
      let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
      guard log >= 0 else {
        stop()
        throw .logUnavailable(logPath)
      }
      fflush(nil)
      savedStandardStreams = (dup(STDOUT_FILENO), dup(STDERR_FILENO))
      dup2(log, STDOUT_FILENO)
      dup2(log, STDERR_FILENO)
      close(log)
      TerminalRestore.standardStreams = savedStandardStreams
    }
  }

  isolated deinit {
    stop()
  }

  // MARK: Drawing

  public func draw(_ frame: Frame, scrolling: RowScroll?, changes: [ChangedSpan]) {
    guard screen != nil, !isSuspended else { return }
    writer.write(
      frame, scrolling: scrollsRows ? scrolling : nil, changes: changes, synchronized: usesSynchronizedOutput)
    writeToTerminal(writer.bytes)
  }

  /// DEC mode 2026 on and off: the terminal shows what comes between at once.
  static let synchronizedOutputBegin = String(decoding: FrameWriter.synchronizedOutputBegin, as: UTF8.self)
  static let synchronizedOutputEnd = String(decoding: FrameWriter.synchronizedOutputEnd, as: UTF8.self)

  /// ncurses' refresh of an empty screen, the one it does: the alternate screen entered (or
  /// entered again after `endwin`), cleared, the tty's modes set, the cursor home and hidden.
  /// What the terminal held is forgotten: the next frame writes everything it sets.
  private func takeScreen() {
    let window = tf_stdscr()
    wclear(window)
    leaveok(window, false)
    wmove(window, 0, 0)
    wrefresh(window)
    writer.forgetTerminalState()
  }

  /// Before ncurses writes again (`endwin`): the terminal's cursor home and its pen plain, where
  /// ncurses left them, so that its moves from there land where it means.
  private func giveScreenBack() -> String {
    "\u{1B}[0m\u{1B}[H"
  }

  /// The variables ``ColorDepth/detect(environment:)`` reads.
  private static func colorEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM", "COLORTERM", "TERM_PROGRAM", ColorDepth.environmentVariable] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
  }

  // MARK: Terminal life

  /// Re-reads the tty's size after SIGWINCH and tells ncurses; returns the new size.
  @discardableResult
  public func refreshSize() -> Size {
    var window = winsize()
    if ioctl(ttyDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
      resizeterm(Int32(window.ws_row), Int32(window.ws_col))
    }
    var rows: Int32 = 0
    var columns: Int32 = 0
    tf_getmaxyx(tf_stdscr(), &rows, &columns)
    size = Size(width: Int(columns), height: Int(rows))
    // The terminal may have moved the cursor as it resized; the next frame writes everything.
    writer.forgetTerminalState()
    return size
  }

  /// Gives the tty back before the process stops (SIGTSTP).
  public func suspend() {
    guard screen != nil, !isSuspended else { return }
    writeToTerminal("\u{1B}[?2004l" + (reportsMouse ? Self.mouseOff : "") + giveScreenBack())
    endwin()
    isSuspended = true
  }

  /// Takes the tty again after SIGCONT; the caller then redraws everything.
  public func resume() {
    guard screen != nil, isSuspended else { return }
    isSuspended = false
    takeScreen()
    // `endwin` turned the keypad's application mode off; the refresh does not restore it.
    keypad(tf_stdscr(), true)
    writeToTerminal("\u{1B}[?2004h" + (reportsMouse ? Self.mouseOn : ""))
    refreshSize()
  }

  /// Restores the terminal: bracketed paste off, cursor shown, the alternate screen left, tty
  /// modes as before, stdout/stderr back on the terminal. Safe to call more than once.
  public func stop() {
    guard let screen else { return }
    TerminalRestore.deactivate()
    TerminalRestore.withoutBackgroundStops {
      if !isSuspended {
        // The mouse off first, while the tty is still raw: a report cannot echo.
        writeToTerminal("\u{1B}[?2004l" + (reportsMouse ? Self.mouseOff : "") + giveScreenBack())
        curs_set(1)
        endwin()
      }
      // Answers to our start-up queries that arrived unread must not spill into the shell.
      tcflush(inputDescriptor, TCIFLUSH)
    }
    delscreen(screen)
    self.screen = nil
    if let saved = savedStandardStreams {
      fflush(nil)
      dup2(saved.output, STDOUT_FILENO)
      dup2(saved.error, STDERR_FILENO)
      close(saved.output)
      close(saved.error)
      savedStandardStreams = nil
    }
  }

  /// Asks the terminal for its operating status (`ESC [ 5 n`); it answers `ESC [ 0 n` once it
  /// has processed everything written before (the idle announcements' barrier).
  func requestStatusReport() {
    guard screen != nil, !isSuspended else { return }
    writeToTerminal("\u{1B}[5n")
  }

  private func writeToTerminal(_ sequence: String) {
    writeToTerminal(Array(sequence.utf8))
  }

  /// Writes all of `bytes`, in one `write` unless the terminal takes less at a time.
  private func writeToTerminal(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count {
        let count = write(ttyDescriptor, buffer.baseAddress! + written, buffer.count - written)
        if count > 0 {
          written += count
        } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
          continue
        } else {
          return
        }
      }
    }
  }
}
