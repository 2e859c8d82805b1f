import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Sending one request and reading its answer: the only place that touches the HTTP stack.
extension CardDAVClient {
  /// The most of an answer read into memory: error bodies and write answers are small; anything
  /// larger is streamed to a file instead.
  static let smallBodyLimit = 64 * 1024

  /// Sends one request (never following a redirect) and returns the answer with its body still
  /// to read. The URL is checked first: a refused URL, or one on another origin than the
  /// client's, sends nothing.
  func send(
    _ method: HTTPMethod, _ url: URL, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) async throws(CardDAVError) -> HTTPClientResponse {
    let url = try ServerAddressPolicy.check(url)
    try requireLinkedOrigin(url)
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = method
    request.headers.add(name: "Authorization", value: credentials.basicAuthorization)
    request.headers.add(name: "User-Agent", value: "contacts (TermFlow) CardDAV")
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
    countRequest()
    do {
      return try await http.execute(request, timeout: TimeAmount(timeout))
    } catch {
      throw TransportFailure.map(error, url: url)
    }
  }

  /// Sends an XML request body (PROPFIND, REPORT, MKCOL).
  func send(
    _ method: HTTPMethod, _ url: URL, depth: String?, xml: String
  ) async throws(CardDAVError) -> HTTPClientResponse {
    var headers = [("Content-Type", "application/xml; charset=utf-8")]
    if let depth { headers.append(("Depth", depth)) }
    return try await send(method, url, headers: headers, body: Array(xml.utf8))
  }

  /// Reads up to `limit` bytes of the body; the rest is dropped (the connection is then closed).
  func readSmallBody(_ response: HTTPClientResponse, from url: URL, limit: Int = smallBodyLimit)
    async throws(CardDAVError) -> [UInt8]
  {
    var bytes: [UInt8] = []
    do {
      for try await chunk in response.body {
        bytes.append(contentsOf: chunk.readableBytesView.prefix(limit - bytes.count))
        if bytes.count >= limit { break }
      }
    } catch {
      throw TransportFailure.map(error, url: url)
    }
    return bytes
  }

  /// Streams a multistatus answer to a temporary file and reads it with the SAX parser, handing
  /// each response to `each`; returns the multistatus-level sync token. The file is removed
  /// before returning. Memory holds one network chunk and one response at a time.
  func readMultistatus(
    _ response: HTTPClientResponse, from url: URL, each: (MultistatusResponse) throws -> Void
  ) async throws -> String? {
    let file = try await spool(response, from: url)
    defer { try? FileManager.default.removeItem(at: file) }
    guard let stream = InputStream(url: file) else {
      throw CardDAVError.malformedResponse(url, "the answer could not be read back from \(file.path)")
    }
    return try MultistatusParser.parse(stream, from: url, each: each)
  }

  /// Reads a multistatus answer whole into an array: for discovery's small answers.
  func collectMultistatus(_ response: HTTPClientResponse, from url: URL) async throws(CardDAVError)
    -> [MultistatusResponse]
  {
    var responses: [MultistatusResponse] = []
    do {
      _ = try await readMultistatus(response, from: url) { responses.append($0) }
    } catch {
      throw TransportFailure.map(error, url: url)
    }
    return responses
  }

  private func spool(_ response: HTTPClientResponse, from url: URL) async throws(CardDAVError) -> URL {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("carddav-\(UUID().uuidString).xml")
    guard FileManager.default.createFile(atPath: file.path, contents: nil),
      let handle = try? FileHandle(forWritingTo: file)
    else {
      throw .connectionLost(url, "no temporary file could be created in \(file.deletingLastPathComponent().path)")
    }
    defer { try? handle.close() }
    do {
      for try await chunk in response.body {
        try chunk.withUnsafeReadableBytes { try handle.write(contentsOf: $0) }
      }
    } catch {
      try? FileManager.default.removeItem(at: file)
      if let error = error as? CocoaError {
        throw .connectionLost(url, "the answer could not be stored in a temporary file (\(error.localizedDescription))")
      }
      throw TransportFailure.map(error, url: url)
    }
    return file
  }

  /// The error for a failing status, reading the body for WebDAV preconditions. A redirect is
  /// not followed outside discovery: one to another origin, or from https to http, says so.
  func failure(_ response: HTTPClientResponse, from url: URL, href: String? = nil) async -> CardDAVError {
    let status = Int(response.status.code)
    if (300..<400).contains(status), let target = Self.redirectTarget(response, from: url) {
      do throws(CardDAVError) {
        _ = try ServerAddressPolicy.checkRedirect(from: url, to: target)
      } catch {
        _ = try? await readSmallBody(response, from: url)
        return error
      }
    }
    let body = (try? await readSmallBody(response, from: url)) ?? []
    return Self.failure(status: status, body: DAVErrorBody(body), url: url, href: href)
  }

  /// Where a redirect answer sends the request: its `Location`, resolved against `url`.
  static func redirectTarget(_ response: HTTPClientResponse, from url: URL) -> URL? {
    guard let location = response.headers.first(name: "Location") else { return nil }
    return URL(string: location, relativeTo: url)?.absoluteURL
  }

  static func failure(status: Int, body: DAVErrorBody, url: URL, href: String?) -> CardDAVError {
    if body.conditions.contains("valid-sync-token") { return .invalidSyncToken }
    if body.conditions.contains("max-resource-size") || status == 413 {
      return .tooLarge(href: href ?? url.redactedPath)
    }
    if let href, [400, 403, 409, 415, 422].contains(status) {
      return .rejectedCard(href: href, status: status, reason: body.reason ?? HTTPStatusText.phrase(for: status))
    }
    switch status {
    case 401: return .unauthorized(url)
    case 404: return .notFound(url)
    case 412: return .preconditionFailed(href: href ?? url.redactedPath)
    case 403: return .forbidden(url)
    default: return .server(status: status, url)
    }
  }
}
