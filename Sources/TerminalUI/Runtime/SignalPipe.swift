import Dispatch
import Glibc
import Synchronization

/// Turns asynchronous signals into events on the main queue (the self-pipe trick).
///
/// The C handler only writes the signal number to a pipe, which is async-signal-safe; a dispatch
/// read source on the main queue then hands it to ordinary Swift code. Installed before ncurses
/// starts, so ncurses leaves SIGINT, SIGTERM and SIGWINCH to us.
@MainActor
public final class SignalPipe {
  private static let writeEnd = Atomic<Int32>(-1)
  private let readEnd: Int32
  private let source: any DispatchSourceRead

  /// Starts delivering `signals` to `handler` on the main actor.
  public init(signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0, "pipe() failed")
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    SignalPipe.writeEnd.store(ends[1], ordering: .sequentiallyConsistent)

    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = Glibc.write(SignalPipe.writeEnd.load(ordering: .relaxed), &byte, 1)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signal, &action, nil)
    }

    let readEnd = self.readEnd
    source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: .main)
    source.setEventHandler {
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { return }
      MainActor.assumeIsolated {
        for signal in buffer[0..<count] { handler(Int32(signal)) }
      }
    }
    source.resume()
  }

  isolated deinit {
    source.cancel()
  }
}
