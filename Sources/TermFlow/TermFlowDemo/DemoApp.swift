import Glibc
import TerminalUI

/// Glue between the gallery's state and a terminal session.
@MainActor
final class DemoApp {
  private var state = GalleryState()
  private var session: TerminalSession?
  private let allowsCrash: Bool

  init(allowsCrash: Bool) {
    self.allowsCrash = allowsCrash
  }

  func run() -> Int32 {
    do {
      session = try TerminalSession(
        render: { [unowned self] size in
          // The list says how many rows it shows: its window follows, for the next PgDn.
          let frame = Gallery.render(state, size: size)
          Gallery.fit(&state, to: frame)
          return frame
        },
        handle: { [unowned self] event in handle(event) })
    } catch {
      let message = Array("termflow-demo: \(error)\n".utf8)
      _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      return 1
    }
    return session!.run()
  }

  private func handle(_ event: TerminalSession.Event) {
    switch event {
    case .input(let input):
      if allowsCrash && input == .key(.character("!")) {
        let empty: [Int] = []
        _ = empty[1]  // A deliberate out-of-bounds trap.
      }
      if !Gallery.handle(input, state: &state) {
        session?.exit(status: 0)
        return
      }
    case .resize:
      break
    case .tick:
      state.spinnerTick += 1
    }
    session?.isAnimating = state.isBusy
    session?.setNeedsRender()
  }
}
