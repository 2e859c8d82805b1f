import Logging
import TerminalUI

/// The first screen of `contacts`, until the address book lands: proves the chain from tty to
/// ncursesw and back. It draws on demand, reflows on resize, quits on `q` or Ctrl-C and always
/// restores the terminal (exit status 128 + n after signal n).
@MainActor
final class PlaceholderApp {
  private var session: TerminalSession?

  /// Runs until the user quits; returns the exit status.
  func run() async throws -> Int32 {
    // Logs go to a file in the state directory, never to the screen.
    let logPath = AppDirectories.state(for: "contacts").map { $0 + "/contacts.log" }
    if let logPath, let makeHandler = FileLogHandler.open(path: logPath) {
      LoggingSystem.bootstrap(makeHandler)
    }
    Logger(label: "contacts").info("starting")
    // A start failure (no tty, unknown TERM) is printed by ArgumentParser as a plain error.
    let session = try TerminalSession(
      logPath: logPath,
      render: { size in PlaceholderApp.render(size: size) },
      handle: { [unowned self] event in self.handle(event) })
    self.session = session
    return await session.run()
  }

  private func handle(_ event: TerminalSession.Event) {
    if case .input(.key(let key)) = event, key == .character("q") || key == .ctrl("c") {
      session?.exit(status: 0)
    }
    session?.setNeedsRender()
  }

  static func render(size: Size) -> Frame {
    let lines: [StackItem] = [
      .fixed(1, Text("TermFlow · contacts", style: Style.plain.bold, alignment: .center)),
      .fixed(1, Spacer()),
      .fixed(1, Text("The address book is on its way.", alignment: .center)),
      .fixed(1, Text("This placeholder proves the terminal chain.", alignment: .center)),
      .fixed(1, Spacer()),
      .fixed(1, Text("Press q to quit.", alignment: .center)),
      .fixed(1, Spacer()),
      .fixed(1, Text("Terminal: \(size.width)×\(size.height)", style: Style.plain.dim, alignment: .center)),
    ]
    var frame = Frame(size: size)
    let top = max(0, (size.height - lines.count) / 2)
    VStack(lines).render(into: &frame, in: frame.bounds.inset(top: top))
    return frame
  }
}
