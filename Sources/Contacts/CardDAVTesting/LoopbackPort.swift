import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// TCP ports on 127.0.0.1 for test servers, and for tests that need a port nothing listens on.
public enum LoopbackPort {
  /// A port nothing listens on right now: the kernel picks it for a socket bound to port 0, and
  /// the socket is closed again. Another process may take it before the caller does; a server
  /// start then fails with "address in use" and `DAVTestServer` tries another.
  public static func unused() -> Int? {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketFD >= 0 else { return nil }
    defer { close(socketFD) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(socketFD, generic, length) == 0 && getsockname(socketFD, generic, &length) == 0
      }
    }
    guard bound else { return nil }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
