import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns asynchronous signals into events on the main queue (the self-pipe trick).
///
/// The C handler only writes the signal number to a pipe, which is async-signal-safe; a dispatch
/// read source on the main queue then hands it to ordinary Swift code. Installed before ncurses
/// starts, so ncurses leaves SIGINT, SIGTERM and SIGWINCH to us.
@MainActor
package final class SignalPipe {
  private nonisolated static let writeEnd = Atomic<Int32>(-1)
  private let readEnd: Int32
  private var source: (any DispatchSourceRead)?
  /// Receives each caught signal on the main actor; signals caught before it is set are held.
  public var handler: ((Int32) -> Void)? {
    didSet { deliverHeld() }
  }
  private var held: [Int32] = []

  /// Starts catching `signals`. Install before ncurses starts, so it leaves them to us.
  public init(signals: [Int32]) {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "pipe() failed")
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    SignalPipe.writeEnd.store(ends[1], ordering: .sequentiallyConsistent)

    for signal in signals { install(signal) }

    let readEnd = self.readEnd
    let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .main)
    source.setEventHandler { [weak self] in
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { return }
      MainActor.assumeIsolated {
        self?.held.append(contentsOf: buffer[0..<count].map(Int32.init))
        self?.deliverHeld()
      }
    }
    source.resume()
    self.source = source
  }

  isolated deinit {
    source?.cancel()
  }

  private nonisolated func install(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      // A signal that ends the app: it must get to exit even from the background, where the
      // call it interrupted (setting the terminal's modes) would otherwise stop it again.
      if signal != SIGWINCH && signal != SIGTSTP { TerminalRestore.ignoreBackgroundStopsForGood() }
      var byte = UInt8(truncatingIfNeeded: signal)
      _ = Glibc.write(SignalPipe.writeEnd.load(ordering: .relaxed), &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(signal, &action, nil)
  }

  /// Catches `signal` again after it was reset to its default action (after SIGTSTP).
  public func reinstall(_ signal: Int32) {
    install(signal)
  }

  private func deliverHeld() {
    guard let handler else { return }
    while !held.isEmpty { handler(held.removeFirst()) }
  }
}
