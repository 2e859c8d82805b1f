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
/// Colours go through ncurses' colour pairs. 24-bit colours (``Color/rgb(_:_:_:)``) reach the
/// terminal exactly when it takes them (``colorDepth`` is ``ColorDepth/trueColor``): through
/// ncurses itself under a terminfo entry with direct colour (`xterm-direct`), else, under the
/// usual `xterm-256color` with `COLORTERM=truecolor`, written by the backend as SGR `38;2`/`48;2`
/// right after ncurses' refresh, the cells also put in ncurses' picture of the screen (`curscr`)
/// so that ncurses neither writes them twice nor loses track of the screen. Frames without
/// 24-bit colours are written by ncurses alone, byte for byte as before.
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
  public var terminalClustersGraphemes = false
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
  /// Gathers each frame, so that it reaches the terminal in one `write` (see
  /// ``FrameOutputCapture``); nil if it could not be set up.
  private var capture: FrameOutputCapture?
  /// How many frames went through the capture (for tests: a frame of one write does not).
  private(set) var framesGathered = 0
  private let inputDescriptor: Int32
  private var savedStandardStreams: (output: Int32, error: Int32)?
  private var colorPairs: [ColorPair: Int32] = [:]
  private let colorsEnabled: Bool
  /// What the terminal shows (see ``ColorDepth/resolved(configured:environment:terminfoColors:terminfoHasRGB:)``):
  /// what the app or the user forced, else what the environment says (`COLORTERM`, `TERM`) or
  /// terminfo's `RGB`/`Tc`, within terminfo's `colors` except for 24-bit colour, which the
  /// backend writes itself on a terminal with 256 colours.
  public private(set) var colorDepth = ColorDepth.monochrome
  /// What the colour pairs can show: colours beyond it are drawn as the nearest one within it.
  private var pairDepth = ColorDepth.monochrome
  /// How 24-bit colours reach the terminal.
  private var directColor = DirectColor.none
  /// Cells whose 24-bit colours the backend wrote itself (row by row): what ncurses believes
  /// is there is their nearest palette colours, so a later change to exactly that must be
  /// written by the backend too. Empty until the first such cell.
  private var writtenInRGB: [Bool] = []
  private var cellsWrittenInRGB = 0
  /// The cells of the frame being drawn that the backend writes itself, in order.
  private var cellsToWrite: [Point] = []
  /// Whether the terminal's cursor is visible (so writing cells can hide it meanwhile).
  private var cursorIsVisible = false
  private var isSuspended = false
  /// Whether the screen has been through one `endwin` and refresh (see `leaveInitialState`).
  private var hasLeftInitialState = false
  private var scalarBuffer = [wchar_t](repeating: 0, count: TerminalGlyphs.maximumScalarsPerCell + 1)

  private struct ColorPair: Hashable {
    var foreground: Color
    var background: Color
  }

  /// How 24-bit colours reach the terminal.
  enum DirectColor: Equatable {
    /// As the nearest palette colours.
    case none
    /// Through ncurses, whose terminfo entry has direct colour: colour numbers from `start` on
    /// are 0xRRGGBB, those below palette entries.
    case terminfo(start: Int)
    /// Written by the backend as SGR after ncurses' refresh.
    case sgr
  }

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
    colorsEnabled = has_colors() && depth != .monochrome
    var rows: Int32 = 0
    var columns: Int32 = 0
    tf_getmaxyx(tf_stdscr(), &rows, &columns)
    size = Size(width: Int(columns), height: Int(rows))
    capture = FrameOutputCapture(descriptor: ttyDescriptor)
    TerminalRestore.activate(ttyDescriptor: ttyDescriptor, terminal: capture?.terminal)

    raw()
    noecho()
    nonl()
    keypad(tf_stdscr(), true)
    // We read stdin ourselves: ncurses need not poll it for typeahead on every refresh.
    typeahead(-1)
    curs_set(0)
    scrollsRows = tf_can_scroll_region()
    if colorsEnabled {
      start_color()
      use_default_colors()
      let paletteDepth = ColorDepth(terminfoColors: Int(tf_colors()))
      colorDepth = depth
      pairDepth = min(depth, paletteDepth)
      if depth == .trueColor {
        directColor = paletteDepth == .trueColor ? .terminfo(start: Int(tf_direct_color_start())) : .sgr
        if directColor == .sgr { pairDepth = min(paletteDepth, .palette256) }
      }
    }
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
    // Gathered only when it would take more than one write: the marks around it, a scroll
    // (two refreshes), cells in 24-bit colour written after the refresh, the cursor shown or
    // hidden (`curs_set` writes at once). A typed key's frame is one refresh, one write: going
    // through the capture would add five system calls to it. The frame that follows `endwin`
    // has ncurses set the tty's modes again, through the descriptor a capture points
    // elsewhere: that one frame is written as ncurses writes it.
    let showsCursorNow = frame.cursor.map { $0.x < size.width && $0.y < size.height } ?? false
    let takesSeveralWrites =
      usesSynchronizedOutput || scrolling != nil || cellsWrittenInRGB > 0 || showsCursorNow != cursorIsVisible
    let gathers = hasLeftInitialState && takesSeveralWrites ? capture : nil
    if !hasLeftInitialState { leaveInitialState() }
    let window = tf_stdscr()
    if let gathers {
      gathers.start()
      framesGathered += 1
    } else if usesSynchronizedOutput {
      writeToTerminal(Self.synchronizedOutputBegin)
    }
    // Should the rows not move after all, every cell is written: ncurses still sends only the
    // difference, and the changes (relative to the moved rows) would be wrong.
    var spans = changes
    if let scrolling, !scrollRows(scrolling) {
      spans = (0..<size.height).map { ChangedSpan(row: $0, columns: 0..<size.width) }
    }
    // Neighbouring cells mostly share a style: its attributes and colour pair are looked up
    // once per run of it, not per cell.
    var style = Style.plain
    var attributes = attributes(for: style)
    var pair = pairNumber(for: style)
    // Whether cells in `style` are written by the backend itself (24-bit colour as SGR).
    var styleIsWrittenHere = false
    let writesRGB = directColor == .sgr
    for span in spans where span.row < size.height {
      for column in span.columns where column < size.width {
        let cell = frame[column, span.row]
        guard !cell.isContinuation else { continue }
        if cell.style != style {
          style = cell.style
          attributes = self.attributes(for: style)
          pair = pairNumber(for: style)
          styleIsWrittenHere = writesRGB && style.hasRGB
        }
        if styleIsWrittenHere || cellsWrittenInRGB > 0 {
          if writeHere(cell, y: span.row, x: column, inRGB: styleIsWrittenHere, attributes: attributes, pair: pair) {
            continue
          }
        }
        if case .scalar(let scalar) = cell.content, scalar.value >= 0x20 && scalar.value < 0x7F {
          // Printable ASCII, most of what is on screen: one column, as libc agrees.
          scalarBuffer[0] = wchar_t(bitPattern: scalar.value)
          scalarBuffer[1] = 0
          _ = tf_mvadd_cluster(Int32(span.row), Int32(column), scalarBuffer, attributes, pair)
          continue
        }
        var x = column
        let pieces = TerminalGlyphs.pieces(
          for: cell, terminalClustersGraphemes: terminalClustersGraphemes,
          libcWidth: { Int(tf_wcwidth($0.value)) })
        for piece in pieces {
          put(piece, y: span.row, x: x, attributes: attributes, pair: pair)
          x += max(1, Int(tf_wcwidth(piece[0].value)))
        }
      }
    }
    // `curs_set` writes at once, outside the refresh: the cursor is hidden before the cells
    // change and shown only once the refresh has moved it to its place, so that it never
    // flashes where the last frame left it.
    let showsCursor: Bool
    if let cursor = frame.cursor, cursor.x < size.width, cursor.y < size.height {
      leaveok(window, false)
      wmove(window, Int32(cursor.y), Int32(cursor.x))
      showsCursor = true
    } else {
      // A hidden cursor may stay wherever the update leaves it: no move to park it.
      leaveok(window, true)
      curs_set(0)
      cursorIsVisible = false
      showsCursor = false
    }
    wrefresh(window)
    if !cellsToWrite.isEmpty { writeCellsHere(of: frame) }
    if showsCursor {
      curs_set(1)
      cursorIsVisible = true
    }
    if let gathers {
      // Whatever the refreshes, the cells written here and the cursor wrote, in one piece.
      gathers.finish(
        prefix: usesSynchronizedOutput ? Self.synchronizedOutputBegin : "",
        suffix: usesSynchronizedOutput ? Self.synchronizedOutputEnd : "")
    } else if usesSynchronizedOutput {
      writeToTerminal(Self.synchronizedOutputEnd)
    }
  }

  /// DEC mode 2026 on and off: the terminal shows what comes between at once.
  static let synchronizedOutputBegin = "\u{1B}[?2026h"
  static let synchronizedOutputEnd = "\u{1B}[?2026l"

  /// Whether the backend writes `cell` itself (after ncurses' refresh, see ``writeCellsHere(of:)``):
  /// a cell in 24-bit colour, or any cell where one was, since ncurses believes the nearest
  /// palette colours are there. Such a cell goes into ncurses' window and into its picture of
  /// the screen alike, so ncurses writes nothing for it.
  private func writeHere(_ cell: Cell, y: Int, x: Int, inRGB: Bool, attributes: attr_t, pair: Int32) -> Bool {
    let index = y * size.width + x
    if writtenInRGB.count != size.width * size.height {
      writtenInRGB = Array(repeating: false, count: size.width * size.height)
      cellsWrittenInRGB = 0
    }
    guard inRGB || writtenInRGB[index] else { return false }
    if inRGB != writtenInRGB[index] {
      writtenInRGB[index] = inRGB
      cellsWrittenInRGB += inRGB ? 1 : -1
    }
    cellsToWrite.append(Point(x: x, y: y))
    var column = x
    for piece in TerminalGlyphs.pieces(
      for: cell, terminalClustersGraphemes: terminalClustersGraphemes, libcWidth: { Int(tf_wcwidth($0.value)) })
    {
      put(piece, y: y, x: column, attributes: attributes, pair: pair)
      _ = tf_mirror_cluster(Int32(y), Int32(column), scalarBuffer, attributes, pair)
      column += max(1, Int(tf_wcwidth(piece[0].value)))
    }
    return true
  }

  /// Writes the cells ``writeHere(_:y:x:inRGB:attributes:pair:)`` took, in their own colours
  /// (SGR `38;2;r;g;b` for 24-bit ones), between saving and restoring the cursor and its
  /// attributes (DECSC, DECRC), so that ncurses finds the terminal as its refresh left it.
  private func writeCellsHere(of frame: Frame) {
    var output = cursorIsVisible ? "\u{1B}[?25l\u{1B}7" : "\u{1B}7"
    var cursor: Point?
    var style: Style?
    for point in cellsToWrite {
      let cell = frame[point.x, point.y]
      if cell.style != style {
        style = cell.style
        var drawn = cell.style
        // 24-bit colours as they are; palette ones as the pairs would draw them.
        if !drawn.foreground.isRGB { drawn.foreground = pairDepth.approximating(drawn.foreground) }
        if !drawn.background.isRGB { drawn.background = pairDepth.approximating(drawn.background) }
        output += SelectGraphicRendition.sequence(for: drawn)
      }
      var column = point.x
      for piece in TerminalGlyphs.pieces(
        for: cell, terminalClustersGraphemes: terminalClustersGraphemes, libcWidth: { Int(tf_wcwidth($0.value)) })
      {
        if cursor != Point(x: column, y: point.y) { output += "\u{1B}[\(point.y + 1);\(column + 1)H" }
        output.unicodeScalars.append(contentsOf: piece)
        column += max(1, Int(tf_wcwidth(piece[0].value)))
        cursor = Point(x: column, y: point.y)
      }
    }
    output += cursorIsVisible ? "\u{1B}[0m\u{1B}8\u{1B}[?25h" : "\u{1B}[0m\u{1B}8"
    cellsToWrite.removeAll(keepingCapacity: true)
    writeToTerminal(output)
  }

  /// Makes ncurses write each refresh in one `write`. Until a screen has been through `endwin`
  /// and a refresh, ncurses counts it as not yet started and flushes its output at every cursor
  /// move inside a refresh (for low-level terminfo programs): a frame went out in one `write`
  /// per jump between changed cells (four for a step down the list), each waking the terminal
  /// for part of a frame. Done just before the first frame, so that leaving and re-entering the
  /// alternate screen reach the terminal with that frame. `endwin` also turns the keypad's
  /// application mode off, which the refresh does not restore.
  private func leaveInitialState() {
    hasLeftInitialState = true
    // The modes set up in `init` (raw, no echo) are what the refresh restores.
    def_prog_mode()
    endwin()
    keypad(tf_stdscr(), true)
  }

  /// Moves rows the way ``RowScroll`` says, on the terminal too: the rows of the band are
  /// shifted in the window (which holds the last frame) and refreshed on their own. ncurses then
  /// finds every row of the band moved and scrolls the terminal's region, a few bytes, instead
  /// of rewriting them; left to itself with the final frame it pairs only rows that are
  /// identical across the full width, so a pane beside a scrolled list splits its scroll.
  /// Returns false when the window would not scroll (a band it cannot take).
  private func scrollRows(_ scroll: RowScroll) -> Bool {
    let window = tf_stdscr()
    let band = scroll.rows.clamped(to: 0..<size.height)
    guard band.count > abs(scroll.distance), band.count > 1,
      wsetscrreg(window, Int32(band.lowerBound), Int32(band.upperBound - 1)) == OK
    else { return false }
    scrollok(window, true)
    let scrolled = wscrl(window, Int32(scroll.distance)) == OK
    // Off again at once: with scrolling on, writing the bottom-right cell would scroll the window.
    scrollok(window, false)
    wsetscrreg(window, 0, Int32(size.height - 1))
    guard scrolled else { return false }
    if cellsWrittenInRGB > 0 { moveCellsWrittenInRGB(band: band, by: scroll.distance) }
    leaveok(window, true)
    wrefresh(window)
    return true
  }

  /// The terminal moved the band's rows, 24-bit colours and all: so do the marks of the cells
  /// written in them (row `r` now shows what row `r + distance` showed).
  private func moveCellsWrittenInRGB(band: Range<Int>, by distance: Int) {
    let width = size.width
    let old = writtenInRGB
    for row in band {
      let from = row + distance
      for column in 0..<width {
        writtenInRGB[row * width + column] = band.contains(from) ? old[from * width + column] : false
      }
    }
    cellsWrittenInRGB = writtenInRGB.reduce(0) { $0 + ($1 ? 1 : 0) }
  }

  private func put(_ scalars: [Unicode.Scalar], y: Int, x: Int, attributes: attr_t, pair: Int32) {
    for (index, scalar) in scalars.enumerated() { scalarBuffer[index] = wchar_t(bitPattern: scalar.value) }
    scalarBuffer[scalars.count] = 0
    _ = tf_mvadd_cluster(Int32(y), Int32(x), scalarBuffer, attributes, pair)
  }

  private func attributes(for style: Style) -> attr_t {
    var result = tf_a_normal()
    if style.attributes.contains(.bold) { result |= tf_a_bold() }
    if style.attributes.contains(.dim) { result |= tf_a_dim() }
    if style.attributes.contains(.italic) { result |= tf_a_italic() }
    if style.attributes.contains(.underline) { result |= tf_a_underline() }
    if style.attributes.contains(.reverse) { result |= tf_a_reverse() }
    return result
  }

  /// The colour pair for a style's colours, allocated on first use (pair 0 is the default).
  /// When the terminal's pairs run out, further colours are drawn in the default ones.
  private func pairNumber(for style: Style) -> Int32 {
    guard colorsEnabled, style.foreground != .default || style.background != .default else { return 0 }
    let key = ColorPair(foreground: style.foreground, background: style.background)
    if let pair = colorPairs[key] { return pair }
    guard colorPairs.count + 1 < Int(tf_color_pairs()) else { return 0 }
    let pair = Int32(colorPairs.count + 1)
    init_extended_pair(pair, colorNumber(key.foreground), colorNumber(key.background))
    colorPairs[key] = pair
    return pair
  }

  /// The terminal's number for `color`: the nearest colour its pairs can show, never an index
  /// wrapped around (on an 8-colour terminal bright black would wrap to black, and borders
  /// drawn in it would vanish). Worked out once per colour pair, when it is allocated.
  private func colorNumber(_ color: Color) -> Int32 {
    Self.colorNumber(color, pairDepth: pairDepth, directColor: directColor)
  }

  /// `color`'s number for colour pairs that show `pairDepth`. Under direct colour (terminfo),
  /// 24-bit colours and the palette entries the entry has no number for are 0xRRGGBB; the few
  /// 24-bit colours that would fall on the palette's numbers (almost black blues) become the
  /// nearest palette entry there. -1 is the terminal's default.
  static func colorNumber(_ color: Color, pairDepth: ColorDepth, directColor: DirectColor) -> Int32 {
    let shown = pairDepth.approximating(color)
    let start = if case .terminfo(let start) = directColor { start } else { Int.max }
    switch shown {
    case .default:
      return -1
    case .palette(let index) where Int(index) < start:
      return Int32(index)
    case .palette(let index):
      return packed(XtermPalette.rgb(of: index))
    case .rgb(let red, let green, let blue):
      let rgb = XtermPalette.RGB(red: Int(red), green: Int(green), blue: Int(blue))
      if packed(rgb) >= start { return packed(rgb) }
      // Not reached without direct colour: below truecolor every colour is a palette entry.
      guard case .palette(let index) = XtermPalette.nearest(to: rgb, among: 0..<min(start, 256)) else { return -1 }
      return Int32(index)
    }
  }

  private static func packed(_ rgb: XtermPalette.RGB) -> Int32 {
    Int32(rgb.red << 16 | rgb.green << 8 | rgb.blue)
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
    forgetCellsWrittenInRGB()
    return size
  }

  /// After the screen was cleared or resized: ncurses rewrites every cell, and the backend
  /// writes the 24-bit ones again as the next frame comes.
  private func forgetCellsWrittenInRGB() {
    writtenInRGB = []
    cellsWrittenInRGB = 0
  }

  /// Gives the tty back before the process stops (SIGTSTP).
  public func suspend() {
    guard screen != nil, !isSuspended else { return }
    writeToTerminal("\u{1B}[?2004l" + (reportsMouse ? Self.mouseOff : ""))
    endwin()
    isSuspended = true
  }

  /// Takes the tty again after SIGCONT; the caller then redraws everything.
  public func resume() {
    guard screen != nil, isSuspended else { return }
    isSuspended = false
    wclear(tf_stdscr())
    wrefresh(tf_stdscr())
    forgetCellsWrittenInRGB()
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
        writeToTerminal("\u{1B}[?2004l" + (reportsMouse ? Self.mouseOff : ""))
        curs_set(1)
        endwin()
      }
      // Answers to our start-up queries that arrived unread must not spill into the shell.
      tcflush(inputDescriptor, TCIFLUSH)
    }
    delscreen(screen)
    self.screen = nil
    capture = nil
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
    var bytes = Array(sequence.utf8)
    _ = bytes.withUnsafeMutableBytes { write(ttyDescriptor, $0.baseAddress, $0.count) }
  }
}
