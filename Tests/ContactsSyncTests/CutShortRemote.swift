import CardDAV
import ContactsSync
import Foundation

/// The real client, except that its whole-book answer breaks off after `cardsBeforeCut` cards,
/// as an answer does when the connection drops or the server's XML goes bad mid-way.
struct CutShortRemote: AddressBookRemote {
  let client: CardDAVClient
  let cardsBeforeCut: Int

  var requestCount: Int { client.requestCount }

  func syncCollection(_ book: URL, token: String?, each: (SyncChange) throws -> Void) async throws
    -> SyncCollectionResult
  {
    try await client.syncCollection(book, token: token, each: each)
  }

  func listETags(_ book: URL, each: (RemoteETag) throws -> Void) async throws -> String? {
    try await client.listETags(book, each: each)
  }

  func multiget(
    _ book: URL, hrefs: [String], version: String?, each: (FetchedCard) throws -> Void
  ) async throws {
    try await client.multiget(book, hrefs: hrefs, version: version, each: each)
  }

  func queryAll(_ book: URL, version: String?, each: (FetchedCard) throws -> Void) async throws -> Bool {
    var passed = 0
    return try await client.queryAll(book, version: version) { card in
      guard passed < cardsBeforeCut else {
        throw CardDAVError.malformedResponse(book, "the answer breaks off (injected)")
      }
      passed += 1
      try each(card)
    }
  }

  func put(_ href: String, in book: URL, card: [UInt8], condition: PutCondition) async throws -> String? {
    try await client.put(href, in: book, card: card, condition: condition)
  }

  func delete(_ href: String, in book: URL, etag: String) async throws {
    try await client.delete(href, in: book, etag: etag)
  }
}
