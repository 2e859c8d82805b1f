import Dispatch
import Glibc
import TerminalUI

/// The first screen of `contacts`: proves the chain from tty to ncursesw and back. It draws on
/// demand (start, resize), quits on `q` or Ctrl-C, and always restores the terminal, including
/// on SIGINT, SIGTERM and SIGHUP (exit status 128 + signal).
@MainActor
final class PlaceholderApp {
  private let terminal: NcursesTerminal
  private var input: (any DispatchSourceRead)?
  private var finish: CheckedContinuation<Int32, Never>?

  private init(terminal: NcursesTerminal) {
    self.terminal = terminal
  }

  /// Runs until the user quits; returns the exit status.
  static func run() async throws -> Int32 {
    // Signal handlers go in before ncurses starts, so ncurses leaves these signals to us.
    let route = SignalRoute()
    let signals = SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGWINCH]) { signal in
      route.app?.handle(signal: signal)
    }
    // A start failure (no tty, unknown TERM) is printed by ArgumentParser as a plain error.
    let terminal = try NcursesTerminal()
    TerminalRestore.installCrashHandlers()
    let app = PlaceholderApp(terminal: terminal)
    route.app = app
    let status = await app.loop()
    withExtendedLifetime(signals) {}
    return status
  }

  private func loop() async -> Int32 {
    let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readKeys() }
    }
    source.resume()
    input = source
    draw()
    let status = await withCheckedContinuation { finish = $0 }
    source.cancel()
    terminal.stop()
    return status
  }

  private func readKeys() {
    for code in terminal.readAvailableInput() {
      switch code {
      case .character("q"), .character("\u{03}"):
        end(status: 0)
        return
      case .resize:
        terminal.refreshSize()
        draw()
      default:
        break
      }
    }
  }

  private func handle(signal: Int32) {
    if signal == SIGWINCH {
      terminal.refreshSize()
      draw()
    } else {
      end(status: 128 + signal)
    }
  }

  private func end(status: Int32) {
    terminal.stop()
    finish?.resume(returning: status)
    finish = nil
  }

  private func draw() {
    let (columns, rows) = terminal.size
    terminal.clear()
    let lines = [
      ("TermFlow · contacts", true),
      ("", false),
      ("The address book is on its way.", false),
      ("This placeholder proves the terminal chain.", false),
      ("", false),
      ("Press q to quit.", false),
      ("", false),
      ("Terminal: \(columns)×\(rows)", false),
    ]
    let top = max(0, (rows - lines.count) / 2)
    for (offset, (text, bold)) in lines.enumerated() {
      let left = max(0, (columns - text.count) / 2)
      terminal.write(text, column: left, row: top + offset, bold: bold)
    }
    terminal.flush()
  }
}

/// Lets the signal handler, installed before the app exists, reach it once it does.
@MainActor
private final class SignalRoute {
  weak var app: PlaceholderApp?
}
