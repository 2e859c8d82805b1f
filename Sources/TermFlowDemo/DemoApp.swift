import Glibc
import TerminalUI

/// Glue between the gallery's state and a terminal session.
@MainActor
final class DemoApp {
  private var state = GalleryState()
  private var session: TerminalSession?
  private let readyFIFO: String?
  private let allowsCrash: Bool

  init(readyFIFO: String?, allowsCrash: Bool) {
    self.readyFIFO = readyFIFO
    self.allowsCrash = allowsCrash
  }

  func run() -> Int32 {
    do {
      session = try TerminalSession(
        render: { [unowned self] size in Gallery.render(state, size: size) },
        handle: { [unowned self] event in handle(event) })
    } catch {
      let message = Array("termflow-demo: \(error)\n".utf8)
      _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      return 1
    }
    if let readyFIFO {
      ReadyNotice.send(to: readyFIFO)
    }
    return session!.run()
  }

  private func handle(_ event: TerminalSession.Event) {
    switch event {
    case .input(.key(let key)):
      if allowsCrash && key == .character("!") {
        let empty: [Int] = []
        _ = empty[1]  // A deliberate out-of-bounds trap.
      }
      if !Gallery.handle(key, state: &state) {
        session?.exit(status: 0)
        return
      }
    case .input(.paste(let text)):
      switch state.focus.focused {
      case .name: state.name.insert(text)
      case .password: state.password.insert(text)
      default: break
      }
    case .input(.terminalMode):
      break
    case .resize(let size):
      state.window.resize(visible: Gallery.listRows(for: size))
    case .tick:
      state.spinnerTick += 1
    }
    session?.isAnimating = state.isBusy
    session?.setNeedsRender()
  }
}

/// Tells a waiting test that the first frame is on screen. The task runs once the loop has
/// drawn that frame and is waiting for input. Non-blocking: without a reader it does nothing.
@MainActor
enum ReadyNotice {
  static func send(to path: String) {
    Task { @MainActor in
      let descriptor = open(path, O_WRONLY | O_NONBLOCK)
      guard descriptor >= 0 else { return }
      let message = Array("ready \(getpid())\n".utf8)
      _ = message.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
    }
  }
}
