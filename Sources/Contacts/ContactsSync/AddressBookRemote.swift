public import CardDAV
public import Foundation

/// What a sync asks of the server: the few CardDAV requests it makes. `CardDAVClient` is the
/// real one; tests wrap it to drop a connection or stop the sync at a chosen request, which is
/// how the randomized convergence test injects failures into syncs against a real server.
public protocol AddressBookRemote: Sendable {
  /// Requests sent so far.
  var requestCount: Int { get }
  func syncCollection(
    _ book: URL, token: String?, each: (SyncChange) throws -> Void
  ) async throws -> SyncCollectionResult
  func listETags(_ book: URL, each: (RemoteETag) throws -> Void) async throws -> String?
  /// The cards at `hrefs`, in vCard `version` (the link's) when given.
  func multiget(_ book: URL, hrefs: [String], version: String?, each: (FetchedCard) throws -> Void) async throws
  /// The whole book, in vCard `version` (the link's) when given.
  func queryAll(_ book: URL, version: String?, each: (FetchedCard) throws -> Void) async throws -> Bool
  func put(_ href: String, in book: URL, card: [UInt8], condition: PutCondition) async throws -> String?
  func delete(_ href: String, in book: URL, etag: String) async throws
}

extension CardDAVClient: AddressBookRemote {}
