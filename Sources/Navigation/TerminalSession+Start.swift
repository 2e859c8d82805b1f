import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalSession {
  /// A session that has taken over the terminal, or nil after printing why it could not (not
  /// a tty, `TERM=dumb`, ...) as one line naming the program on stderr: the start shared by
  /// ``TerminalApp`` and ``NavigationApp``.
  static func start(
    logPath: String?, render: @escaping (Size) -> Frame, handle: @escaping (Event) -> Void
  ) -> TerminalSession? {
    do {
      return try TerminalSession(logPath: logPath, render: render, handle: handle)
    } catch {
      let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "app"
      let message = Array("\(program): \(error)\n".utf8)
      _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      return nil
    }
  }
}
