import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Turns what the HTTP stack throws into a `CardDAVError` a person can act on: "connection
/// refused" and "the name could not be resolved" rather than a type name.
enum TransportFailure {
  static func map(_ error: any Error, url: URL) -> CardDAVError {
    if let error = error as? CardDAVError { return error }
    if let error = error as? HTTPClientError { return map(error, url: url) }
    if let error = error as? NIOConnectionError { return map(error, url: url) }
    if let error = error as? IOError { return unreachable(url, errno: error.errnoCode) }
    if let error = error as? ChannelError, case .connectTimeout = error { return .timedOut(url) }
    if error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError {
      return .tls(tlsDetail(error))
    }
    if error is CancellationError { return .connectionLost(url, "the request was cancelled") }
    return .connectionLost(url, String(describing: error))
  }

  private static func map(_ error: HTTPClientError, url: URL) -> CardDAVError {
    switch error {
    case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout, .tlsHandshakeTimeout,
      .getConnectionFromPoolTimeout:
      .timedOut(url)
    case .remoteConnectionClosed:
      .connectionLost(url, "the server closed the connection")
    case .invalidURL, .emptyHost, .emptyScheme:
      .invalidURL(url.redactedString)
    case .cancelled:
      .connectionLost(url, "the request was cancelled")
    default:
      .connectionLost(url, String(describing: error))
    }
  }

  private static func map(_ error: NIOConnectionError, url: URL) -> CardDAVError {
    let host = url.hostAndPort
    if error.dnsAError != nil || error.dnsAAAAError != nil {
      return .hostUnreachable(host: host, detail: "the name could not be resolved")
    }
    for failure in error.connectionErrors {
      if let io = failure.error as? IOError { return unreachable(url, errno: io.errnoCode) }
      if let channel = failure.error as? ChannelError, case .connectTimeout = channel { return .timedOut(url) }
    }
    if error.connectionErrors.isEmpty {
      return .hostUnreachable(host: host, detail: "the name has no address")
    }
    return .hostUnreachable(host: host, detail: "the connection failed")
  }

  /// What went wrong in the handshake, in words where BoringSSL's code is a known one.
  private static func tlsDetail(_ error: any Error) -> String {
    let text = String(describing: error)
    if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
      return "the certificate is for another host name"
    }
    if text.contains("CERTIFICATE_VERIFY_FAILED") {
      return "the certificate is not signed by an authority this machine trusts, or it has expired"
    }
    if text.contains("WRONG_VERSION_NUMBER") { return "the server does not speak TLS on this port" }
    return text
  }

  private static func unreachable(_ url: URL, errno: CInt) -> CardDAVError {
    let detail =
      switch errno {
      case ECONNREFUSED: "connection refused (is the server running on that port?)"
      case ENETUNREACH: "the network is unreachable"
      case EHOSTUNREACH: "no route to the host"
      case ETIMEDOUT: "the connection timed out"
      case ECONNRESET: "the connection was reset"
      default: String(cString: strerror(errno)).lowercased()
      }
    return .hostUnreachable(host: url.hostAndPort, detail: detail)
  }
}
