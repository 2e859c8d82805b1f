import Foundation
import Testing

@testable import CardDAV

/// Large answers are read as a stream: a 100,000-member listing (about 24 MB, beyond what
/// `XMLParser(data:)` reads) is handed over member by member while it is still being produced,
/// so the whole document never exists in memory, neither ours nor the parser's.
@Suite struct StreamingParseTests {
  @Test func aHundredThousandMemberListingIsParsedWhileItIsStillArriving() throws {
    let members = 100_000
    let stream = GeneratedListing(members: members)
    var count = 0
    var wrong = 0
    var bytesReadAtFirstMember: Int?
    let source = URL(string: "http://127.0.0.1:5232/alice/book/")!
    let token = try MultistatusParser.parse(stream, from: source) { response in
      if bytesReadAtFirstMember == nil { bytesReadAtFirstMember = stream.bytesProduced }
      if response.hrefs != [GeneratedListing.href(count)] || response.properties.etag != GeneratedListing.etag(count) {
        wrong += 1
      }
      count += 1
    }
    #expect(count == members)
    #expect(wrong == 0)
    #expect(token == "http://radicale.org/ns/sync/generated")
    #expect(stream.bytesProduced > 20_000_000)
    // The first member arrived after at most a few read chunks, not after the whole document.
    #expect(try #require(bytesReadAtFirstMember) < 1_000_000)
  }
}

/// An input stream that writes a PROPFIND-style multistatus of `members` responses on demand,
/// as a network would deliver it, counting what it has produced so far.
final class GeneratedListing: InputStream {
  let members: Int
  private(set) var bytesProduced = 0
  private var next = 0
  private var pending: [UInt8] = []
  private var pendingStart = 0
  private var finished = false
  private var status: Stream.Status = .notOpen

  /// As long as a real UUID-named href, and reproducible.
  static func href(_ index: Int) -> String {
    let hex = String(index, radix: 16)
    return "/alice/book/00000000-0000-4000-8000-\(String(repeating: "0", count: 12 - hex.count))\(hex).vcf"
  }
  static func etag(_ index: Int) -> String { "\"\(String(repeating: "e", count: 24))\(index)\"" }

  init(members: Int) {
    self.members = members
    super.init(data: Data())
    pending = Array(
      #"<?xml version='1.0' encoding='utf-8'?><multistatus xmlns="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav">"#
        .utf8)
  }

  override func open() { status = .open }
  override func close() { status = .closed }
  override var streamStatus: Stream.Status { status }
  override var hasBytesAvailable: Bool { !finished || pending.count > pendingStart }

  override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
    if pendingStart > 0 {
      pending.removeFirst(pendingStart)
      pendingStart = 0
    }
    while pending.count < length, !finished { produceMore() }
    let count = min(length, pending.count)
    pending.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: count) }
    pendingStart = count
    bytesProduced += count
    if count == 0 { status = .atEnd }
    return count
  }

  private func produceMore() {
    if next == members {
      pending += Array("<sync-token>http://radicale.org/ns/sync/generated</sync-token></multistatus>".utf8)
      finished = true
      return
    }
    let response =
      "<response><href>\(Self.href(next))</href><propstat><prop><getetag>\(Self.etag(next))</getetag></prop>"
      + "<status>HTTP/1.1 200 OK</status></propstat></response>"
    pending += Array(response.utf8)
    next += 1
  }
}
