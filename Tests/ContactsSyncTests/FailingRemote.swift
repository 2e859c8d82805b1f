import CardDAV
import ContactsSync
import Foundation
import Synchronization

/// The real client with one failure injected at a chosen request: either the request never
/// leaves (a process killed between requests), or it reaches the server and its answer is lost
/// (a connection dropped mid-request: the server did the work, the sync never learns it).
final class FailingRemote: AddressBookRemote {
  struct Dropped: Error, CustomStringConvertible {
    var description: String { "the connection was dropped (injected)" }
  }

  let client: CardDAVClient
  /// The request (counted from 0) that fails; nil: none.
  let failing: Int?
  /// Whether the failing request reaches the server first.
  let afterSending: Bool
  private let calls = Mutex(0)

  init(_ client: CardDAVClient, failing: Int?, afterSending: Bool) {
    self.client = client
    self.failing = failing
    self.afterSending = afterSending
  }

  var requestCount: Int { client.requestCount }

  private func step<Result>(_ body: () async throws -> Result) async throws -> Result {
    let call = calls.withLock { count in
      defer { count += 1 }
      return count
    }
    if call == failing && !afterSending { throw Dropped() }
    let result = try await body()
    if call == failing && afterSending { throw Dropped() }
    return result
  }

  func syncCollection(_ book: URL, token: String?, each: (SyncChange) throws -> Void) async throws
    -> SyncCollectionResult
  {
    try await step { try await client.syncCollection(book, token: token, each: each) }
  }

  func listETags(_ book: URL, each: (RemoteETag) throws -> Void) async throws -> String? {
    try await step { try await client.listETags(book, each: each) }
  }

  func multiget(
    _ book: URL, hrefs: [String], version: String?, each: (FetchedCard) throws -> Void
  ) async throws {
    try await step { try await client.multiget(book, hrefs: hrefs, version: version, each: each) }
  }

  func queryAll(_ book: URL, version: String?, each: (FetchedCard) throws -> Void) async throws -> Bool {
    try await step { try await client.queryAll(book, version: version, each: each) }
  }

  func put(_ href: String, in book: URL, card: [UInt8], condition: PutCondition) async throws -> String? {
    try await step { try await client.put(href, in: book, card: card, condition: condition) }
  }

  func delete(_ href: String, in book: URL, etag: String) async throws {
    try await step { try await client.delete(href, in: book, etag: etag) }
  }
}
