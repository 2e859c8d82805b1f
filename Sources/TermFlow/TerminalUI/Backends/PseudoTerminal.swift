import CNcursesw

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair, for driving the real ``NcursesBackend`` without a terminal: the
/// backend writes to ``follower``, and benchmarks and tests read what reached the terminal on
/// ``leader``.
package struct PseudoTerminal: Sendable {
  /// The terminal's side: what an emulator reads the program's output from.
  public let leader: Int32
  /// The program's side: a tty of the given size.
  public let follower: Int32

  /// Opens a pair whose tty is `size`; nil when the system has no pseudo-terminals to give.
  public init?(size: Size) {
    var leader: Int32 = -1
    var follower: Int32 = -1
    guard tf_open_pty(Int32(size.height), Int32(size.width), &leader, &follower) == 0 else { return nil }
    self.leader = leader
    self.follower = follower
    _ = fcntl(leader, F_SETFL, fcntl(leader, F_GETFL) | O_NONBLOCK)
  }

  /// Everything written to the follower since the last read, without waiting.
  public func readAvailable() -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      guard count > 0 else { return bytes }
      bytes += buffer[0..<count]
    }
  }

  /// Closes both sides.
  public func close() {
    _ = Glibc.close(leader)
    _ = Glibc.close(follower)
  }
}
