public import CardDAV
import CardSync
public import ContactsServices
import Foundation
import VCardFormat

/// One two-way sync of an account with its linked address books, one book after another, each
/// with its own token and state: the imperative shell around `CardSync`'s decisions. For each
/// book:
///
/// 1. **List** what the server has changed since the last sync (RFC 6578 `sync-collection` from
///    the kept token; a stale token, a server without tokens, or an answer that cannot be a
///    listing of changes — a server that forgot the token without saying so — lists every
///    member's ETag), into the database as it streams in. Cards the server held that could not
///    be taken here (problems) and that the listing left out are fetched again, so a problem
///    stays reported until it is gone.
/// 2. **Refuse** when one side is suddenly empty (`EmptySide`), unless forced.
/// 3. **Receive** every card with an ETag this side has not seen (`addressbook-multiget` in
///    batches, or the whole book in one `addressbook-query` when most of it is new here), each
///    decided and applied with its contact in one transaction; then what the server removed.
///    Only then is the new token kept.
/// 4. **Send** what changed here, `parallelUploads` at a time: `PUT` with `If-None-Match: *` to
///    create and `If-Match` to update, `DELETE` with `If-Match`. What a send is about to write is
///    remembered first, and what it came to as its answer arrives, so a
///    sync killed after the server took it recognises its own write. A 412 means the server's
///    card changed meanwhile: it is never overwritten, and the next round decides again.
/// 5. **Compare** what the server holds of each card sent with what went up (one multiget a
///    batch): a value it dropped or changed is named in the summary (`changedByServer`).
/// 6. After sending, **list again** from the kept token (see `run`), until a round sends nothing.
///
/// Stopped anywhere, the next run converges: every step is idempotent given the database.
public struct SyncEngine: Sendable {
  public let store: SyncStore
  public let client: any AddressBookRemote
  public let link: SyncLink
  /// Cards fetched per `addressbook-multiget`, and applied per transaction.
  public var batchSize = 500
  /// Cards to fetch from which a whole listing (a first sync, or one after a stale token) asks
  /// for the whole book in one `addressbook-query` instead of multigets, when they are also at
  /// least half of the book (else reading the cards this side has would cost more than it saves).
  public var wholeBookFrom = 1_000
  /// Cards of a whole-book download written per transaction (read `batchSize` at a time within
  /// it). Fewer, longer transactions cost the database less per card (a 100,000-card download
  /// took 22-24 s of CPU at 5,000 a transaction, 33 s at 500, under the same load), and a sync
  /// killed mid-way loses at most this many cards' work, fetched again next time. A smaller
  /// book commits at least twenty times (and reports its progress as often), a batch at least.
  public var wholeBookTransaction = 5_000
  /// Changes sent at once (each its own request, on its own kept-alive connection; at least
  /// one). A server that answers each write in turn (Radicale serialises them) loses nothing by
  /// it; one that writes in parallel (Cyrus, DAViCal) is not held to one round trip at a time.
  public var parallelUploads = SyncEngine.defaultParallelUploads
  /// The default of `parallelUploads`.
  public static let defaultParallelUploads = 4
  /// Rounds of listing, receiving and sending in one run: one more after each round that sent
  /// something (or met a card changed meanwhile, a 412), at most this many.
  public var maximumRounds = 4

  public init(store: SyncStore, client: any AddressBookRemote, link: SyncLink) {
    self.store = store
    self.client = client
    self.link = link
  }

  /// Why a sync stopped.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// One side is empty although the last sync left cards on both; nothing was changed.
    case emptySide(EmptySide)
    /// The server failed (in words: unreachable, refused the password, …).
    case server(CardDAVError)
    /// One of several books failed: its name and why.
    indirect case inBook(String, Failure)

    public var description: String {
      switch self {
      case .emptySide(let side): side.description
      case .server(let error): error.description
      case .inBook(let book, let failure): "\(book): \(failure)"
      }
    }
  }

  /// Runs one sync of every book the server still has. `force` lets it go on when one side of a
  /// book is empty; `progress` hears how far it is. The summary counts every book's work, and
  /// holds each book's own (`SyncSummary.books`) when there are several.
  ///
  /// A book the server answers 404 for is gone (deleted there, or its URL no longer names it):
  /// it is marked so (`SyncStore.markGone`) and not synced again, the other books are, and the
  /// summary names it (`SyncSummary.goneBooks`) in this sync and every later one. Nothing of it
  /// is deleted here: a vanished collection says nothing about its cards.
  public func run(
    force: Bool = false, progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
  ) async throws -> SyncSummary {
    var summary = SyncSummary()
    let requestsBefore = client.requestCount
    do {
      let books = link.booksToSync
      let goneEarlier = link.books.filter { $0.goneSince != nil }
      summary.goneBooks = goneEarlier.map(\.title)
      summary.defaultBookGone = goneEarlier.contains(where: \.isDefault)
      for book in books {
        let requests = client.requestCount
        var part: SyncSummary
        do {
          part = try await run(book, force: force, progress: progress)
        } catch is BookGone {
          try await store.markGone(book.key)
          summary.goneBooks.append(book.title)
          summary.defaultBookGone = summary.defaultBookGone || book.isDefault
          continue
        }
        part.requests = client.requestCount - requests
        summary.add(part)
        if books.count > 1 {
          part.book = book.title
          summary.books.append(part)
        }
      }
      try await finishMoves(into: &summary)
      let outstanding = try await store.outstanding(account: link.account)
      summary.conflicts = outstanding.conflicts
      // Every problem still outstanding, found now or earlier: said until it is gone.
      summary.unreadable = outstanding.problems
      summary.refusedEarlier = outstanding.refused - summary.refused.count
      summary.requests = client.requestCount - requestsBefore
      try await store.recordEnd(account: link.account, error: nil)
      return summary
    } catch {
      // The server's failures in the engine's words; the rest (the database's) as they are.
      let failure = (error as? CardDAVError).map(Failure.server) ?? error
      try? await store.recordEnd(account: link.account, error: "\(failure)")
      throw failure
    }
  }

  /// Syncs one book: rounds of listing, receiving and sending.
  private func run(
    _ book: SyncBook, force: Bool, progress: @escaping @Sendable (SyncProgress) -> Void
  ) async throws -> SyncSummary {
    var summary = SyncSummary()
    do {
      // A sync stopped after applying what a listing brought, before keeping its token, lists
      // every member (`SyncStore.listingWasCutShort`).
      var token = try await store.listingWasCutShort(book: book.key) ? nil : book.syncToken
      var round = 0
      var wrote = true
      // A round lists, receives and sends. What this side sent changes the server after the
      // listing, so the token kept would predate it (and a server whose tokens name its content,
      // like Xandikos's, would answer a later listing from the state it returned to as if nothing
      // had changed): after sending, another round lists again from the kept token. Its own
      // writes come back with the ETags already remembered and cost nothing more.
      while wrote && round < maximumRounds {
        // Only a token kept from an earlier run can have been forgotten; a later round's is the
        // one the server has just given.
        let listing: Listing
        do {
          listing = try await list(book, from: token, doubting: round == 0, progress: progress)
        } catch CardDAVError.notFound where round == 0 {
          // The listing asks only for the book itself (a 404 of a sync-collection is asked
          // again as a plain listing): the collection is not there.
          throw BookGone()
        }
        if round == 0, !force,
          let empty = try await store.emptySide(book: book.key, complete: listing.isComplete)
        {
          throw Failure.emptySide(empty)
        }
        try await receive(book, after: listing, into: &summary, progress: progress)
        let removed = try await store.applyRemovals(book: book.key, complete: listing.isComplete)
        summary.deletedHere += removed.deletedHere
        if round == 0 { try await recheckProblems(of: book, into: &summary) }
        try await store.saveToken(listing.token, book: book.key)
        token = listing.token
        let before = summary
        let changedMeanwhile = try await send(book, into: &summary, progress: progress)
        wrote = summary.sent != before.sent || summary.deletedThere != before.deletedThere || changedMeanwhile > 0
        round += 1
      }
      return summary
    } catch let failure as Failure where link.booksToSync.count > 1 {
      // Which book, when there are several.
      throw Failure.inBook(book.title, failure)
    } catch let error as CardDAVError where link.booksToSync.count > 1 {
      throw Failure.inBook(book.title, .server(error))
    }
  }

  /// The server answered 404 for a book's collection.
  private struct BookGone: Error {}

  // MARK: - Moves between books

  /// Deletes the old copies of contacts moved to another book whose new copies are stored
  /// (`SyncStore.movesToFinish`): never before, so a sync stopped anywhere leaves the card in
  /// one book or both, and the next one finishes. The old copy gone already finishes the move; a
  /// book the server no longer has holds nothing to delete. The old copy changed on the server
  /// meanwhile (412): the newer version, by its revision, is kept (the server's becomes the
  /// contact's and goes to the new book at the next sync, the old copy deleted then), and said.
  private func finishMoves(into summary: inout SyncSummary) async throws {
    for move in try await store.movesToFinish(account: link.account) {
      guard let book = link.books.first(where: { $0.key.number == move.from }), book.goneSince == nil else {
        // Its old book is gone from the server: the new copy is all there is to make.
        try await finished(move, into: &summary)
        continue
      }
      var etag = move.etag
      if etag == nil { etag = try await currentETag(of: move.href, in: book) }
      guard let etag else {
        // Not there any more.
        try await finished(move, into: &summary)
        continue
      }
      let deleted = try await deleteOldCopy(of: move, at: etag, in: book, into: &summary)
      if !deleted { try await oldCopyChanged(move, in: book, into: &summary) }
    }
  }

  /// Deletes the old copy of `move` if the server still holds it at `etag`, and finishes the
  /// move (an old copy gone already finishes it too); false, with nothing done, when the server
  /// holds another version of it (412).
  private func deleteOldCopy(
    of move: PendingMove, at etag: String, in book: SyncBook, into summary: inout SyncSummary
  ) async throws -> Bool {
    do {
      try await client.delete(move.href, in: book.url, etag: etag)
    } catch CardDAVError.notFound {
      // Gone already: nothing is left to delete.
    } catch CardDAVError.preconditionFailed {
      return false
    }
    try await finished(move, into: &summary)
    return true
  }

  /// `move` is done: the contact is in its new book only.
  private func finished(_ move: PendingMove, into summary: inout SyncSummary) async throws {
    try await store.finishedMove(uid: move.uid, account: link.account)
    summary.moved += 1
  }

  /// The old copy of `move` changed on the server: the newer version is kept (see
  /// `finishMoves`); when it is this side's, the old copy is deleted at its new ETag now.
  private func oldCopyChanged(_ move: PendingMove, in book: SyncBook, into summary: inout SyncSummary) async throws {
    var fetched: (etag: String, text: String)?
    try await client.multiget(book.url, hrefs: [move.href], version: book.cardVersion) { card in
      if case .card(_, let etag, let text) = card { fetched = (etag, text) }
    }
    guard let fetched else {
      try await finished(move, into: &summary)
      return
    }
    if try await store.oldCopyChanged(uid: move.uid, etag: fetched.etag, text: fetched.text, account: link.account) {
      summary.changedWhileMoving.append(
        "\(move.name): changed in \(book.title) while it moved: the server's newer version is kept and moves too")
      return
    }
    summary.changedWhileMoving.append(
      "\(move.name): changed in \(book.title) while it moved: this side's newer version is kept")
    // Changed again (false): the next sync decides again.
    _ = try await deleteOldCopy(of: move, at: fetched.etag, in: book, into: &summary)
  }

  // MARK: - Listing

  struct Listing {
    /// The token to keep once every change listed is applied (nil: the server gives none).
    var token: String?
    /// Whether the listing holds every member (so a remembered member missing from it was removed).
    var isComplete: Bool
    /// How many members (or changes) it listed.
    var count: Int
  }

  /// Lists the server's changes since the kept token into the database, or every member when
  /// there is no token, it went stale, or the server has no `sync-collection`.
  ///
  /// `doubting`: the token was kept from an earlier run, so the server may have forgotten it
  /// without saying so. DAViCal deletes its tokens a week after a newer one (or with a rebuilt
  /// database) and answers an unknown token not with RFC 6578's 403 `valid-sync-token` but with
  /// every member it has, in an answer that looks like a listing of changes: taken as one, a
  /// card deleted there meanwhile would never be deleted here. So an answer that may be every
  /// member (`isListingOfChanges`) is thrown away and every member listed instead: what the
  /// server no longer has was deleted there.
  func list(
    _ book: SyncBook, from token: String?, doubting: Bool = false,
    progress: @escaping @Sendable (SyncProgress) -> Void
  ) async throws -> Listing {
    if let token {
      do {
        let changes = try await syncCollection(book, from: token, progress: progress)
        if !doubting { return changes }
        if try await isListingOfChanges(changes, answering: token, in: book) { return changes }
      } catch let error as CardDAVError where Self.isUnsupported(error) {
        // The server forgot the token (RFC 6578 §3.2) or has no sync-collection: list
        // everything; nothing is lost.
      }
    }
    return try await listETags(book, progress: progress)
  }

  /// Whether an answer to a token kept from an earlier run is a listing of the changes since,
  /// rather than every member of a server that forgot the token. In the order that costs least:
  ///
  /// - It names nothing and gives the token back: nothing changed (a no-op stays one request).
  /// - It names a card at the ETag held here: unchanged, so not a change (RFC 6578 §3.5), and
  ///   the answer is every member.
  /// - Otherwise one card held here that it left out is asked for (`heldCardNotListed`). A
  ///   listing of changes leaves a card out because it is unchanged, so the server still has
  ///   it at the ETag held; a server listing every member left it out because it is gone. When
  ///   it left none out, nothing held here can have been deleted unseen.
  ///
  /// So a server that forgot the token and now holds only cards changed since, or none at all,
  /// is found out too, for one small request in a run that finds the server changed.
  private func isListingOfChanges(_ listing: Listing, answering token: String, in book: SyncBook) async throws
    -> Bool
  {
    if listing.count == 0 && listing.token == token { return true }
    if try await store.listingNamesUnchangedCards(book: book.key) { return false }
    guard let left = try await store.heldCardNotListed(book: book.key) else { return true }
    var stillThere = false
    try await client.multiget(book.url, hrefs: [left.href], version: book.cardVersion) { fetched in
      if case .card(_, let etag, _) = fetched, etag == left.etag || etag.isEmpty { stillThere = true }
    }
    return stillThere
  }

  /// Whether a failed `sync-collection` means the server has none (rather than a failure that
  /// a plain listing would meet too).
  static func isUnsupported(_ error: CardDAVError) -> Bool {
    switch error {
    case .forbidden, .notFound, .invalidSyncToken, .malformedResponse: true
    case .server(let status, _): status == 400 || status == 405 || status == 409 || status == 501
    default: false
    }
  }

  /// The changes since `token` (RFC 6578): what changed and what was removed, never every
  /// member, so the listing is not complete.
  private func syncCollection(
    _ book: SyncBook, from token: String, progress: @escaping @Sendable (SyncProgress) -> Void
  ) async throws -> Listing {
    let writer = ListingWriter(store: store, book: book.key, progress: progress)
    try await writer.start()
    var token: String? = token
    var truncated = true
    while truncated {
      let result = try await client.syncCollection(book.url, token: token) { change in
        switch change {
        case .changed(let href, let etag): try writer.add(ListingEntry(href: href, etag: etag))
        case .removed(let href): try writer.add(ListingEntry(href: href, etag: nil, isRemoved: true))
        }
      }
      token = result.newToken
      truncated = result.isTruncated
    }
    try writer.finish()
    return Listing(token: token, isComplete: false, count: writer.written)
  }

  /// Lists every member with a PROPFIND and keeps the collection's `sync-token` it reports
  /// (RFC 6578 §4 requires the property wherever the report exists), so the next sync asks only
  /// for changes; a server without one is listed whole each time.
  ///
  /// A whole listing is made this way rather than by a `sync-collection` without a token, which
  /// Radicale answers by looking each member up in a list of all members (`get_multi` in its
  /// storage/multifilesystem/get.py): 256 s for 100,000 cards here, against 20 s for this.
  /// The token comes first in the answer, so a change made while the members are listed is
  /// listed again next time rather than missed.
  private func listETags(
    _ book: SyncBook, progress: @escaping @Sendable (SyncProgress) -> Void
  ) async throws -> Listing {
    let writer = ListingWriter(store: store, book: book.key, progress: progress)
    try await writer.start()
    let token = try await client.listETags(book.url) { member in
      try writer.add(ListingEntry(href: member.href, etag: member.etag))
    }
    try writer.finish()
    return Listing(token: token, isComplete: true, count: writer.written)
  }

  // MARK: - Receiving

  /// Fetches and applies every listed card this side has not seen: most of a whole book in one
  /// answer (`receiveWholeBook`), the rest a batch at a time. The next batch is fetched (and
  /// its cards read) while the database writes this one, never more than one ahead, so the
  /// server's time and ours overlap and memory holds two batches at most.
  private func receive(
    _ book: SyncBook, after listing: Listing, into summary: inout SyncSummary,
    progress: @escaping @Sendable (SyncProgress) -> Void
  ) async throws {
    let total = try await store.countToFetch(book: book.key)
    var done = 0
    if listing.isComplete, total >= wholeBookFrom, total * 2 >= listing.count {
      try await receiveWholeBook(book, total: total, done: &done, into: &summary, progress: progress)
    }
    var hrefs = try await store.hrefsToFetch(book: book.key, after: nil, limit: batchSize)
    var cards = try await fetch(hrefs, from: book)
    while !hrefs.isEmpty {
      let nextHrefs = try await store.hrefsToFetch(book: book.key, after: hrefs.last, limit: batchSize)
      async let nextCards = fetch(nextHrefs, from: book)
      summary.count(try await store.applyArrivals(cards, book: book.key))
      done += hrefs.count
      progress(.receiving(done: min(done, total), of: total))
      cards = try await nextCards
      hrefs = nextHrefs
    }
  }

  /// Downloads the whole book in one `addressbook-query`, applying its cards a batch at a time
  /// as the answer is read, and skipping those this side already holds. What it leaves out (a
  /// server that cut its answer short, a card changed since the listing) the multigets after it
  /// fetch; a server without the report, or whose answer cannot be read, is left to them
  /// entirely: every batch applied stays applied.
  private func receiveWholeBook(
    _ book: SyncBook, total: Int, done: inout Int, into summary: inout SyncSummary,
    progress: @escaping @Sendable (SyncProgress) -> Void
  ) async throws {
    var batch: [(href: String, etag: String, text: String)] = []
    let stretch = min(wholeBookTransaction, max(batchSize, total / 20))
    // A first download holds nothing yet: no stretch asks what is held (13k instructions a card).
    let holdsNone = try await store.holdsNoServerCard(book: book.key)
    func apply() throws {
      // In href order: a server's href is mostly its card's UID, so the items' two indexes, the
      // contacts' UID index and the held ETags' lookups are each walked from one end to the
      // other instead of at random, and every page of them is read and written once a stretch
      // (at 100,000 they are many times SQLite's cache).
      batch.sort { $0.href < $1.href }
      let held = holdsNone ? [:] : try store.heldETags(batch.map(\.href), book: book.key)
      let unseen = batch.filter { held[$0.href] != $0.etag }
      summary.count(
        try store.applyArrivalsNow(unseen.count, chunk: batchSize, book: book.key) { range in
          unseen[range].map { RemoteCard(href: $0.href, etag: $0.etag, text: $0.text) }
        })
      done += unseen.count
      progress(.receiving(done: min(done, total), of: total))
      batch.removeAll(keepingCapacity: true)
    }
    do {
      _ = try await client.queryAll(book.url, version: book.cardVersion) { fetched in
        guard case .card(let href, let etag, let text) = fetched else { return }
        batch.append((href, etag, text))
        if batch.count >= stretch { try apply() }
      }
      try apply()
    } catch let error as CardDAVError where Self.isUnsupported(error) {
      // No addressbook-query here, or an answer that cannot be read: multigets fetch the rest.
    }
  }

  /// Fetches again the server's cards of `book` kept as problems that this round's listing did
  /// not bring: one gone from the server (or fixed there, or whose UID's other card is gone)
  /// stops being a problem, one still unreadable stays one. A sync without problems asks nothing.
  private func recheckProblems(of book: SyncBook, into summary: inout SyncSummary) async throws {
    let hrefs = try await store.problemsNotListed(book: book.key)
    guard !hrefs.isEmpty else { return }
    var cards: [RemoteCard] = []
    var gone: [String] = []
    try await client.multiget(book.url, hrefs: hrefs, version: book.cardVersion) { fetched in
      switch fetched {
      case .card(let href, let etag, let text): cards.append(RemoteCard(href: href, etag: etag, text: text))
      case .missing(let href): gone.append(href)
      }
    }
    try await store.clearProblems(gone, account: book.key.account)
    summary.count(try await store.applyArrivals(cards, book: book.key))
  }

  /// The cards at `hrefs` in `book` (none for none), read.
  private func fetch(_ hrefs: [String], from book: SyncBook) async throws -> [RemoteCard] {
    var cards: [RemoteCard] = []
    try await client.multiget(book.url, hrefs: hrefs, version: book.cardVersion) { fetched in
      if case .card(let href, let etag, let text) = fetched {
        cards.append(RemoteCard(href: href, etag: etag, text: text))
      }
    }
    return cards
  }

  // MARK: - Sending

  /// Sends every change made here; returns how many cards had changed on the server meanwhile
  /// (412): the next round's listing brings them, to decide again.
  private func send(
    _ book: SyncBook, into summary: inout SyncSummary, progress: @escaping @Sendable (SyncProgress) -> Void
  ) async throws -> Int {
    var changedMeanwhile = 0
    var done = 0
    var parallel = max(1, parallelUploads)
    // Cards first, then deletes: a merge's survivor reaches the server before the other leaves it.
    for deletes in [false, true] {
      try await send(
        book, deletes: deletes, parallel: &parallel, into: &summary, changedMeanwhile: &changedMeanwhile,
        done: &done, progress)
    }
    return changedMeanwhile
  }

  /// Sends the changes of one kind, `parallel` at a time. A server that refuses a write while
  /// another is under way (Xandikos answers 423 Locked: its store takes one commit at a time)
  /// gets the rest one at a time (`parallel` becomes 1), and what it refused is sent again so;
  /// refused again, alone, the sync stops (nothing is lost: the next one sends it).
  private func send(
    _ book: SyncBook, deletes: Bool, parallel: inout Int, into summary: inout SyncSummary, changedMeanwhile: inout Int,
    done: inout Int, _ progress: @escaping @Sendable (SyncProgress) -> Void
  ) async throws {
    var after: String?
    var written: [WrittenCard] = []
    func count(_ outcome: SendOutcome) {
      switch outcome {
      case .sent(let card):
        summary.sent += 1
        written.append(card)
      case .deletedThere: summary.deletedThere += 1
      case .gone: break
      case .changedMeanwhile:
        changedMeanwhile += 1
        return
      case .refused(let line): summary.refused.append(line)
      case .busy: return
      }
      done += 1
      progress(.sending(done: done))
    }
    while true {
      let departures = try await store.departures(
        book: book.key, after: after, limit: batchSize, deletes: deletes)
      guard let last = departures.last else { break }
      after = last.uid
      // A few at a time, each on its own kept-alive connection: the server sets the pace of a
      // request, not this side. Each item's state is written as its answer arrives, as one at a
      // time did; a failure that stops the sync lets the requests under way finish first.
      var failure: (any Error)?
      var refusedWhileBusy: [Departure] = []
      written = []
      let limit = parallel
      await withThrowingTaskGroup(of: SendOutcome.self) { group in
        var waiting = departures[...]
        var running = 0
        while failure == nil || running > 0 {
          while failure == nil, running < limit, let departure = waiting.popFirst() {
            group.addTask { try await self.sendOrRefuse(departure, to: book) }
            running += 1
          }
          guard running > 0 else { break }
          do {
            guard let outcome = try await group.next() else { break }
            running -= 1
            if case .busy(let departure, _) = outcome { refusedWhileBusy.append(departure) }
            count(outcome)
          } catch {
            running -= 1
            if failure == nil { failure = error }
          }
        }
      }
      if let failure { throw failure }
      if !refusedWhileBusy.isEmpty { parallel = 1 }
      for departure in refusedWhileBusy {
        let outcome = try await sendOrRefuse(departure, to: book)
        if case .busy(_, let error) = outcome { throw error }
        count(outcome)
      }
      try await compareWithTheServer(written, in: book, into: &summary)
    }
  }

  /// A card this sync wrote to the server, as it went up.
  struct WrittenCard: Sendable {
    var href: String
    /// The ETag the server gave the write (nil when it gave none and none could be had).
    var etag: String?
    var card: VCard
    var name: String
  }

  /// What sending one change came to.
  private enum SendOutcome: Sendable {
    /// Written: the card as it went up, for `compareWithTheServer`.
    case sent(WrittenCard)
    case deletedThere
    /// A delete of a card the server never had: only forgotten here.
    case gone
    /// 412: changed on the server meanwhile; the next round lists it and decides again.
    case changedMeanwhile
    /// The server would not store it: the line for the summary (kept here, not sent again).
    case refused(String)
    /// The server would not take it while another write was under way (423 Locked, 429): to
    /// send again, alone.
    case busy(Departure, CardDAVError)
  }

  /// Sends one change, writing what the server's answer means for it; a failure that is not
  /// about this card alone is thrown.
  private func sendOrRefuse(_ departure: Departure, to book: SyncBook) async throws -> SendOutcome {
    do {
      return try await send(departure, to: book)
    } catch let error as CardDAVError {
      if error.isAnswerFromServer { try await store.notSent(departure, account: link.account) }
      let name = departure.card?.first("FN")?.text ?? departure.uid
      let reason: String
      switch error {
      case .preconditionFailed: return .changedMeanwhile
      case .server(let status, _) where status == 423 || status == 429: return .busy(departure, error)
      case .tooLarge: reason = "too large for the server"
      case .rejectedCard(_, let status, let why): reason = "\(why) (\(status))"
      case .server(let status, _) where (400..<500).contains(status): reason = "refused (HTTP \(status))"
      default: throw error
      }
      try await store.refused(departure, reason: reason, account: link.account)
      return .refused("\(name): the server refused the card: \(reason)")
    }
  }

  /// Sends one change: the card (created or replacing the ETag the server had), or the delete.
  private func send(_ departure: Departure, to book: SyncBook) async throws -> SendOutcome {
    guard let card = departure.card else {
      var outcome = SendOutcome.gone
      if let href = departure.href, let etag = departure.etag {
        try await client.delete(href, in: book.url, etag: etag)
        outcome = .deletedThere
      }
      // Without an ETag the server never had it.
      try await store.deletedOnServer(uid: departure.uid, account: link.account)
      return outcome
    }
    let href = departure.href ?? CardDAVClient.href(forUID: departure.uid, in: book.url)
    let fingerprint = CardFingerprint.of(card)
    try await store.willSend(departure, href: href, fingerprint: fingerprint, account: link.account)
    let condition: PutCondition = departure.etag.map { .replace(etag: $0) } ?? .create
    let bytes = VCardWriter(version: book.cardVersion == "4.0" ? .v40 : .v30).bytes(card)
    var etag = try await client.put(href, in: book.url, card: bytes, condition: condition)
    if etag == nil { etag = try await currentETag(of: href, in: book) }
    try await store.sent(departure, href: href, etag: etag, fingerprint: fingerprint, account: link.account)
    return .sent(WrittenCard(href: href, etag: etag, card: card, name: card.first("FN")?.text ?? departure.uid))
  }

  /// Reads back the cards just written (one multiget a batch, in the link's version) and names
  /// each one the server holds with a value dropped or changed (`VCardDifference`: what every
  /// server rewrites, such as folding, parameter case, PRODID or 3.0 for 4.0, is no change, and
  /// nor is a property the server adds). This side keeps the card as it sent it. A card changed
  /// since by someone else (another ETag) is not this side's to judge.
  private func compareWithTheServer(
    _ written: [WrittenCard], in book: SyncBook, into summary: inout SyncSummary
  ) async throws {
    guard !written.isEmpty else { return }
    let byHref = Dictionary(written.map { ($0.href, $0) }, uniquingKeysWith: { $1 })
    var changed: [String] = []
    try await client.multiget(book.url, hrefs: written.map(\.href), version: book.cardVersion) { fetched in
      guard case .card(let href, let etag, let text) = fetched, let sent = byHref[href],
        sent.etag == nil || sent.etag == etag, let stored = VCardReader.read(text).first?.card
      else { return }
      let difference = VCardDifference(from: sent.card, to: stored)
      var what: [String] = []
      if !difference.dropped.isEmpty { what.append("dropped " + difference.dropped.joined(separator: ", ")) }
      if !difference.changed.isEmpty { what.append("changed " + difference.changed.joined(separator: ", ")) }
      guard !what.isEmpty else { return }
      changed.append("\(sent.name): the server \(what.joined(separator: " and ")) of the card sent (kept here as sent)")
    }
    summary.changedByServer += changed.sorted()
  }

  /// The ETag of the card at `href`, for a server that sent none with the PUT (RFC 7231 allows it).
  private func currentETag(of href: String, in book: SyncBook) async throws -> String? {
    var etag: String?
    try await client.multiget(book.url, hrefs: [href], version: book.cardVersion) { fetched in
      if case .card(_, let found, _) = fetched { etag = found }
    }
    return etag
  }
}

extension CardDAVError {
  /// Whether the server answered (so a write it refused was certainly not done), rather than
  /// the connection failing before an answer came.
  var isAnswerFromServer: Bool {
    switch self {
    case .preconditionFailed, .tooLarge, .rejectedCard, .unauthorized, .forbidden, .notFound: true
    // A server error (5xx) may come after the write was done.
    case .server(let status, _): status < 500
    default: false
    }
  }
}

extension SyncSummary {
  /// Counts what applying a batch of the server's cards did.
  mutating func count(_ tally: ArrivalTally) {
    received += tally.received
    merged += tally.merged
    deletedHere += tally.deletedHere
    unreadable += tally.unreadable
  }
}
