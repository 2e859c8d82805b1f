public import ContactsCore
import ContactsModel
public import ContactsServices

extension DuplicatesClient {
  /// The Duplicates screen's client over `ContactStore`, for one account. The search reads the
  /// whole book on a thread of its own (not the main actor's, nor the cooperative pool's, which
  /// it would hold for seconds), reporting progress and stopping when the screen leaves.
  public static func live(_ store: ContactStore, account: Int64) -> DuplicatesClient {
    let path = store.databasePath
    return DuplicatesClient(
      find: {
        AsyncThrowingStream { continuation in
          let search = Task.detached(priority: .userInitiated) {
            do {
              let groups = try store.duplicateGroups(account: account) { done, total in
                try Task.checkCancellation()
                continuation.yield(.progress(done: done, total: total))
              }
              continuation.yield(.found(groups))
              continuation.finish()
            } catch {
              continuation.finish(throwing: error)
            }
          }
          continuation.onTermination = { _ in search.cancel() }
        }
      },
      contacts: { ids in
        var found: [Contact?] = []
        for id in ids { found.append(try await store.contact(id: id, account: account)) }
        return found
      },
      merge: { merged, survivor, other in
        try await translating(path) {
          try await store.merge(merged, survivor: survivor, other: other, account: account)
        }
      },
      undo: { record in
        try await translating(path) {
          let (survivor, other) = try await store.undoMerge(
            record.merged, survivor: record.survivor, other: record.other, account: account)
          return MergeUndone(survivor: survivor, other: other)
        }
      },
      keepApart: { first, second in
        try await StorageError.translating(databasePath: path) {
          try await store.keepApart(first, second, account: account)
        }
      },
      phoneRegion: store.phoneRegion)
  }

  /// Runs a write, its refusals in the core's terms and a full disk in words.
  private static func translating<T: Sendable>(_ path: String, _ body: () async throws -> T) async throws -> T {
    do {
      return try await StorageError.translating(databasePath: path, body)
    } catch ContactStore.StoreError.changedElsewhere(let current) {
      throw ContactSaveError.changedElsewhere(current: current)
    } catch ContactStore.StoreError.notFound {
      throw ContactSaveError.deletedElsewhere
    }
  }
}
