import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A loopback HTTP server that answers from a script, for what real servers do not do on
/// demand: redirect loops, silence until a timeout, 5xx, garbage or cut-off answers, truncated
/// sync results, huge listings. Each connection gets one request and one answer, then closes.
/// Use it through `withServer(on:_:_:)`, which stops it whatever the test did. It listens on
/// 127.0.0.1 unless told another loopback address: 127.0.0.2 is another host to a client (on
/// Linux all of 127.0.0.0/8 is this machine), which is how tests see where a password goes.
public final class ScriptedHTTPServer: Sendable {
  /// One request as the server read it.
  public struct Request: Sendable, Hashable {
    public var method: String
    /// The request target as sent: "/alice/book/" (with any query).
    public var path: String
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: [UInt8]
  }

  /// What the server does with a request.
  public enum Reply: Sendable {
    /// A complete answer with `Content-Length`.
    case answer(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
    /// Reads the request and never answers (until the client gives up or the server stops).
    case silence
    /// Sends these raw bytes (say a head promising more than follows) and closes.
    case raw([UInt8])

    /// A 207 multistatus with `xml` as its body.
    public static func multistatus(_ xml: String) -> Reply {
      .answer(status: 207, headers: [("Content-Type", "application/xml; charset=utf-8")], body: Array(xml.utf8))
    }
  }

  /// `http://127.0.0.1:PORT/` (or the address it was told to listen on).
  public let baseURL: URL
  private let listener: Int32
  private let script: @Sendable (Request) -> Reply
  private let received = Mutex<[Request]>([])

  /// Every request read so far, in order.
  public var requests: [Request] { received.withLock { $0 } }

  /// Starts a server on `address` (a loopback IPv4 address) answering by `script`, runs `body`,
  /// and stops the server.
  public static func withServer<Result>(
    on address: String = "127.0.0.1", _ script: @escaping @Sendable (Request) -> Reply,
    isolation: isolated (any Actor)? = #isolation, _ body: (ScriptedHTTPServer) async throws -> Result
  ) async throws -> Result {
    let server = try ScriptedHTTPServer(address: address, script: script)
    defer { server.stop() }
    return try await body(server)
  }

  private init(address: String, script: @escaping @Sendable (Request) -> Reply) throws {
    self.script = script
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketFD >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    let host = address
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr(host)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(socketFD, generic, length) == 0 && listen(socketFD, 64) == 0
          && getsockname(socketFD, generic, &length) == 0
      }
    }
    guard bound else {
      close(socketFD)
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    listener = socketFD
    baseURL = URL(string: "http://\(host):\(UInt16(bigEndian: address.sin_port))/")!
    Thread.detachNewThread { [self] in acceptConnections() }
  }

  private func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func acceptConnections() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }  // the listener was closed
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = readRequest(connection) else { return }
    received.withLock { $0.append(request) }
    switch script(request) {
    case .answer(let status, let headers, let body):
      var head = "HTTP/1.1 \(status) Scripted\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
      for (name, value) in headers { head += "\(name): \(value)\r\n" }
      write(Array((head + "\r\n").utf8), to: connection)
      write(body, to: connection)
    case .raw(let bytes):
      write(bytes, to: connection)
    case .silence:
      var scratch = [UInt8](repeating: 0, count: 1024)
      while recv(connection, &scratch, scratch.count, 0) > 0 {}  // until the client hangs up
    }
  }

  private func readRequest(_ connection: Int32) -> Request? {
    var bytes: [UInt8] = []
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    var expected = Int.max
    while bytes.count < expected {
      let count = recv(connection, &scratch, scratch.count, 0)
      guard count > 0 else { return nil }
      bytes += scratch[..<count]
      if headEnd == nil, let range = bytes.firstRange(of: separator) {
        headEnd = range.upperBound
        let head = String(decoding: bytes[..<range.lowerBound], as: UTF8.self)
        let length =
          head.split(separator: "\r\n").dropFirst()
          .first { $0.lowercased().hasPrefix("content-length:") }
          .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        expected = range.upperBound + length
      }
    }
    guard let headEnd else { return nil }
    let lines = String(decoding: bytes[..<(headEnd - 4)], as: UTF8.self).split(separator: "\r\n")
    let requestLine = lines.first?.split(separator: " ") ?? []
    guard requestLine.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Request(
      method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: Array(bytes[headEnd...]))
  }

  private func write(_ bytes: [UInt8], to connection: Int32) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { buffer in
        send(connection, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { return }
      offset += sent
    }
  }
}
