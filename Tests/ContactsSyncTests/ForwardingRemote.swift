import CardDAV
import ContactsSync
import Foundation

/// The real client with one or two of its calls changed: a test's remote conforms, holds the
/// client, and writes only the calls it changes (a failure injected, a PUT watched); every other
/// call goes to the client as it is.
protocol ForwardingRemote: AddressBookRemote {
  var client: CardDAVClient { get }
}

extension ForwardingRemote {
  var requestCount: Int { client.requestCount }

  func syncCollection(_ book: URL, token: String?, each: (SyncChange) throws -> Void) async throws
    -> SyncCollectionResult
  {
    try await client.syncCollection(book, token: token, each: each)
  }

  func listETags(_ book: URL, each: (RemoteETag) throws -> Void) async throws -> String? {
    try await client.listETags(book, each: each)
  }

  func multiget(_ book: URL, hrefs: [String], version: String?, each: (FetchedCard) throws -> Void) async throws {
    try await client.multiget(book, hrefs: hrefs, version: version, each: each)
  }

  func queryAll(_ book: URL, version: String?, each: (FetchedCard) throws -> Void) async throws -> Bool {
    try await client.queryAll(book, version: version, each: each)
  }

  func put(_ href: String, in book: URL, card: [UInt8], condition: PutCondition) async throws -> String? {
    try await client.put(href, in: book, card: card, condition: condition)
  }

  func delete(_ href: String, in book: URL, etag: String) async throws {
    try await client.delete(href, in: book, etag: etag)
  }
}
