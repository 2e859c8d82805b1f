import CNcursesw
import Glibc

/// The terminal as ncursesw drives it: raw keys, no echo, the alternate screen, colours over the
/// terminal's own background. Creating one takes over the tty; ``stop()`` (or deinit) gives it
/// back exactly as it was.
@MainActor
public final class NcursesTerminal {
  /// Why the terminal could not be taken over.
  public enum StartError: Error, CustomStringConvertible {
    case notATerminal
    case unknownTerminal(String)

    public var description: String {
      switch self {
      case .notATerminal:
        "contacts needs an interactive terminal (stdin and stdout must be a tty)."
      case .unknownTerminal(let term):
        "The terminal type '\(term)' is unknown to ncurses; try TERM=xterm-256color."
      }
    }
  }

  private var screen: OpaquePointer?

  /// Takes over the terminal. Fails with a clear message instead of ncurses' `exit()` when
  /// stdin/stdout are not a tty or `TERM` is unknown.
  public init() throws(StartError) {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
    setlocale(LC_ALL, "")
    // ncurses reads ESCDELAY at start-up; 25 ms tells a lone Esc from an escape sequence.
    set_escdelay(25)
    guard let screen = tf_newterm_stdio() else {
      throw .unknownTerminal(getenv("TERM").map { String(cString: $0) } ?? "")
    }
    self.screen = screen
    TerminalRestore.isActive.store(true, ordering: .sequentiallyConsistent)
    raw()
    noecho()
    nonl()
    keypad(tf_stdscr(), true)
    nodelay(tf_stdscr(), true)
    curs_set(0)
    if has_colors() && getenv("NO_COLOR") == nil {
      start_color()
      use_default_colors()
    }
  }

  isolated deinit {
    stop()
  }

  /// The terminal size in cells.
  public var size: (columns: Int, rows: Int) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    tf_getmaxyx(tf_stdscr(), &rows, &columns)
    return (Int(columns), Int(rows))
  }

  /// Tells ncurses the tty changed size (after SIGWINCH) and returns the new size.
  @discardableResult
  public func refreshSize() -> (columns: Int, rows: Int) {
    var window = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
      resizeterm(Int32(window.ws_row), Int32(window.ws_col))
    }
    return size
  }

  /// Reads every key code ncurses has ready without blocking: characters as Unicode scalars,
  /// special keys as ncurses `KEY_*` codes.
  public func readAvailableInput() -> [RawKeyCode] {
    var codes: [RawKeyCode] = []
    var character: wint_t = 0
    while true {
      let status = get_wch(&character)
      if status == KEY_CODE_YES {
        codes.append(Int32(character) == KEY_RESIZE ? .resize : .special(Int32(character)))
      } else if status == OK {
        if let scalar = Unicode.Scalar(UInt32(character)) { codes.append(.character(scalar)) }
      } else {
        break
      }
    }
    return codes
  }

  /// Blanks the screen buffer; nothing reaches the tty before ``flush()``.
  public func clear() { erase() }

  /// Writes `text` starting at `column`, `row` (0-based), clipped by ncurses to the screen.
  public func write(_ text: String, column: Int, row: Int, bold: Bool = false) {
    if bold { attr_on(tf_a_bold(), nil) }
    mvaddstr(Int32(row), Int32(column), text)
    if bold { attr_off(tf_a_bold(), nil) }
  }

  /// Pushes the pending drawing to the tty.
  public func flush() { refresh() }

  /// Restores the terminal: leaves the alternate screen, shows the cursor, restores tty modes.
  /// Safe to call more than once.
  public func stop() {
    guard let screen else { return }
    TerminalRestore.isActive.store(false, ordering: .sequentiallyConsistent)
    curs_set(1)
    endwin()
    delscreen(screen)
    self.screen = nil
  }
}

/// One key as ncurses reports it, before decoding into the framework's key type.
public enum RawKeyCode: Equatable, Sendable {
  case character(Unicode.Scalar)
  /// An ncurses `KEY_*` code.
  case special(Int32)
  /// ncurses noticed the terminal changed size.
  case resize
}
