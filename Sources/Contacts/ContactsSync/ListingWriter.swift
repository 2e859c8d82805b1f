import ContactsServices

/// Writes a listing into the database as the server's response is parsed, ten thousand members
/// at a time, so that a listing of 100,000 cards is never held in memory (ten thousand hold
/// about 2 MB). Why so many at once: a server lists in no order of the hrefs, and each batch is
/// written in href order (`SyncStore.addToListing`), so the larger it is, the fewer times each
/// page of the listing's index is read and written again.
final class ListingWriter {
  private let store: SyncStore
  private let book: SyncBook.Key
  private let progress: @Sendable (SyncProgress) -> Void
  private var buffer: [ListingEntry] = []
  /// Members written so far.
  private(set) var written = 0
  static let batch = 10_000

  init(store: SyncStore, book: SyncBook.Key, progress: @escaping @Sendable (SyncProgress) -> Void) {
    self.store = store
    self.book = book
    self.progress = progress
  }

  /// Forgets what an earlier, interrupted listing wrote.
  func start() async throws {
    try await store.startListing(book: book)
  }

  func add(_ entry: ListingEntry) throws {
    buffer.append(entry)
    if buffer.count >= Self.batch { try flush() }
  }

  func finish() throws {
    try flush()
  }

  private func flush() throws {
    try store.addToListing(buffer, book: book)
    written += buffer.count
    buffer.removeAll(keepingCapacity: true)
    progress(.listing(written))
  }
}
