import CardDAV
import ContactsSync
import Foundation

/// The real client, except that its whole-book answer breaks off after `cardsBeforeCut` cards,
/// as an answer does when the connection drops or the server's XML goes bad mid-way.
struct CutShortRemote: ForwardingRemote {
  let client: CardDAVClient
  let cardsBeforeCut: Int

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
}
