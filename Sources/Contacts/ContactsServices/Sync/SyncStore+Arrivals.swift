import CardSync
import ContactsModel
import Foundation
import GRDB
import VCardFormat

/// A card as the server gave it: the href it lives at, its ETag and its text, read.
public struct RemoteCard: Hashable, Sendable {
  public let href: String
  public let etag: String
  public let text: String
  /// The card `text` holds (nil: it cannot be read as a vCard). Read when the card is made, so
  /// that a sync reads the next batch's cards while the database writes the last one's.
  public let card: VCard?
  /// Why `card` is nil, in words (too large, not a vCard…).
  public let readProblem: String?

  public init(href: String, etag: String, text: String) {
    self.href = href
    self.etag = etag
    self.text = text
    let read = VCardReader.read(text).first
    card = read?.card
    readProblem = card == nil ? (read?.error?.description ?? "it is empty") : nil
  }

  /// The UID the card is kept under here: its own, or one derived from its content.
  var uid: String? {
    card.map { card in
      card.first("UID").map(\.text).flatMap { $0.isEmpty ? nil : $0 } ?? ContactUID.derived(from: card)
    }
  }
}

/// What applying the server's cards did here.
public struct ArrivalTally: Hashable, Sendable {
  /// Contacts added or changed here from the server's cards.
  public var received = 0
  /// Contacts changed on both sides, merged here (and to be sent).
  public var merged = 0
  /// Contacts changed on both sides in the same property: waiting for the user.
  public var conflicts = 0
  /// Contacts deleted here because the server deleted them.
  public var deletedHere = 0
  /// Cards the server holds that cannot be read: left alone on both sides.
  public var unreadable = 0

  public init() {}

  /// Adds what another batch did.
  public mutating func add(_ other: ArrivalTally) {
    received += other.received
    merged += other.merged
    conflicts += other.conflicts
    deletedHere += other.deletedHere
    unreadable += other.unreadable
  }
}

extension SyncStore {
  /// Applies a batch of the server's cards, all in one transaction: the cards new to this side
  /// (`NewArrivals`) are written together (`writeNew`), and each of the others is decided
  /// (`ArrivalDecision`) against the contact with its UID and what the last sync remembered,
  /// the contact and its item written together.
  public func applyArrivals(_ cards: [RemoteCard], book: SyncBook.Key) async throws -> ArrivalTally {
    let now = now()
    return try await database.writer.write { db in
      var pending = PendingSearchRows()
      let tally = try Self.applyArrivals(cards, book: book, now: now, pending: &pending, db)
      try pending.write(db)
      return tally
    }
  }

  /// `applyArrivals` from inside the parser of a server's answer (which cannot wait), for a long
  /// stretch of a whole book's download in one transaction, the cards read (`cards(range)`) and
  /// written `chunk` at a time: a long stretch costs the database less per card (fewer commits
  /// and rewrites of the same pages, and the new contacts' search-index entries written once
  /// for the stretch, `PendingSearchRows`) while memory holds one chunk's cards.
  public func applyArrivalsNow(
    _ count: Int, chunk: Int, book: SyncBook.Key, cards: (Range<Int>) -> [RemoteCard]
  ) throws -> ArrivalTally {
    let now = now()
    return try database.writer.write { db in
      var tally = ArrivalTally()
      var pending = PendingSearchRows()
      for start in stride(from: 0, to: count, by: chunk) {
        let part = try Self.applyArrivals(
          cards(start..<min(start + chunk, count)), book: book, now: now, pending: &pending, db)
        tally.add(part)
      }
      try pending.write(db)
      return tally
    }
  }

  /// Whether this side holds no card of `book` yet (no item with an ETag): then a
  /// download of the whole book need not ask `heldETags` for each stretch, since the only cards
  /// it could find are those the download itself wrote, which the server lists once each (an
  /// href listed twice is known to `applyArrivals`, which decides it on its own).
  public func holdsNoServerCard(book: SyncBook.Key) async throws -> Bool {
    try await database.writer.read { db in
      try Bool.fetchOne(
        db, sql: "SELECT NOT EXISTS (SELECT 1 FROM sync_item WHERE accountId = ? AND book = ? AND etag IS NOT NULL)",
        arguments: [book.account, book.number]) ?? false
    }
  }

  /// The ETags this side holds for `hrefs` (absent: none), so that a download of the whole
  /// book reads only the cards this side has not seen.
  ///
  /// The index is named: with hundreds of hrefs SQLite's planner prefers reading every item of
  /// the account (the `etag` needs the row anyway), which made a whole-book download read all
  /// the items it had written so far once per batch (5.6 ms a batch at 10,000, against 1.6 ms).
  public func heldETags(_ hrefs: [String], book: SyncBook.Key) throws -> [String: String] {
    guard !hrefs.isEmpty else { return [:] }
    return try database.writer.read { db in
      var held: [String: String] = [:]
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT href, etag FROM sync_item INDEXED BY sync_item_by_href
          WHERE accountId = ? AND etag IS NOT NULL AND href IN (SELECT value FROM json_each(?))
          """,
        arguments: [book.account, try SQLStringList.json(hrefs)])
      while let row = try rows.next() { held[row["href"]] = row["etag"] }
      return held
    }
  }

  /// Applies `cards` inside the caller's transaction, leaving the search-index entries of the
  /// contacts written together to `pending` (the caller writes them before it commits).
  private static func applyArrivals(
    _ cards: [RemoteCard], book: SyncBook.Key, now: Date, pending: inout PendingSearchRows, _ db: Database
  ) throws -> ArrivalTally {
    let account = book.account
    var tally = ArrivalTally()
    // The old copies of contacts moving to another book are this side's own (schema v11): the
    // move deletes them once the new copies are stored, and receives none of them.
    let cards = try Self.leavingOutOldCopies(cards, account: account, db)
    var eachOnItsOwn = cards[...]
    let readable = cards.filter { $0.card != nil }
    if readable.count >= Self.fewestWrittenTogether {
      let arrivals = zip(readable, try Self.areKnown(readable, account: account, db)).map { remote, known in
        NewArrivals.Arrival(uid: remote.uid ?? "", isKnownHere: known)
      }
      let split = NewArrivals.split(arrivals)
      if split.new.count >= Self.fewestWrittenTogether,
        try Self.writeNew(split.new.map { readable[$0] }, book: book, now: now, pending: &pending, db)
      {
        tally.received += split.new.count
        eachOnItsOwn = (split.decideEach.map { readable[$0] } + cards.filter { $0.card == nil })[...]
      }
    }
    // A contact written on its own goes through its triggers, which read and move the entries
    // of its neighbours in the search index: the pending ones are written first.
    if !eachOnItsOwn.isEmpty { try pending.write(db) }
    for remote in eachOnItsOwn {
      try Self.apply(remote, book: book, now: now, tally: &tally, db)
    }
    return tally
  }

  private static func apply(
    _ remote: RemoteCard, book: SyncBook.Key, now: Date, tally: inout ArrivalTally, _ db: Database
  ) throws {
    let account = book.account
    guard let card = remote.card, let uid = remote.uid else {
      try recordProblem(
        remote, reason: "it cannot be read as a vCard: \(remote.readProblem ?? "it holds no card")", book: book, db)
      tally.unreadable += 1
      return
    }
    // The server moved another UID to this href (a client overwrote it): that one is gone.
    // Cached statements: a first download runs these for every card.
    if let other = try String.fetchOne(
      db.cachedStatement(sql: "SELECT uid FROM sync_item WHERE accountId = ? AND href = ? AND uid != ?"),
      arguments: [account, remote.href, uid])
    {
      try applyRemoval(uid: other, account: account, tally: &tally, db)
    }
    let item = try Row.fetchOne(
      db.cachedStatement(sql: "SELECT * FROM sync_item WHERE accountId = ? AND uid = ?"), arguments: [account, uid])
    if let item, let href: String = item["href"], href != remote.href, item["etag"] as String? != nil {
      try recordProblem(
        remote, reason: "its UID \(uid) is also the card at \(href) on the server", book: book, db)
      tally.unreadable += 1
      return
    }
    try db.cachedStatement(sql: "DELETE FROM sync_problem WHERE accountId = ? AND href = ?")
      .execute(arguments: [account, remote.href])
    let row = try Row.fetchOne(
      db.cachedStatement(sql: "SELECT * FROM contact WHERE accountId = ? AND uid = ?"), arguments: [account, uid])
    // The server's text as it came is the base: any version reads. A card taken as it is
    // becomes the contact's card, and its item stores no base of its own (schema v8).
    let base = remote.text
    guard item != nil || row != nil else {
      // New here (all of a first download): taken as it is, nothing to compare. Its item is
      // written first, so the contact's insert trigger leaves it clean.
      try remember(
        uid: uid, book: book, href: remote.href, etag: remote.etag, base: nil, fingerprint: nil, dirty: false,
        db)
      try store(card, text: remote.text, uid: uid, over: nil, account: account, now: now, db)
      tally.received += 1
      return
    }
    let stored = row.map(StoredContact.contact)
    let local = localSide(stored: stored, item: item)
    let memory = itemMemory(item, contact: row)
    let fingerprint = CardFingerprint.of(card)

    switch ArrivalDecision.decide(local: local, memory: memory, remote: card, remoteFingerprint: fingerprint) {
    case .agreed:
      try remember(
        uid: uid, book: book, href: remote.href, etag: remote.etag, base: base, fingerprint: fingerprint,
        dirty: false, db)
    case .takeRemote:
      // The contact first: its update trigger marks the item and keeps the card it replaces as
      // the base. Remembering then leaves the item clean with no base of its own: the server's
      // text, now the contact's card, is the base.
      try store(card, text: remote.text, uid: uid, over: stored, account: account, now: now, db)
      try remember(
        uid: uid, book: book, href: remote.href, etag: remote.etag, base: nil, fingerprint: fingerprint,
        dirty: false, db)
      tally.received += 1
    case .keepLocal(let rebase):
      try db.execute(
        sql: """
          UPDATE sync_item SET href = ?, etag = ?, book = ?, pendingCard = NULL, pendingHash = NULL,
            base = CASE WHEN ? THEN ? ELSE base END, baseHash = CASE WHEN ? THEN ? ELSE baseHash END
          WHERE accountId = ? AND uid = ?
          """, arguments: [remote.href, remote.etag, book.number, rebase, base, rebase, fingerprint, account, uid])
    case .merged(let merged):
      try remember(
        uid: uid, book: book, href: remote.href, etag: remote.etag, base: base, fingerprint: fingerprint,
        dirty: true, db)
      try store(merged, uid: uid, over: stored, account: account, now: now, db)
      tally.merged += 1
    case .conflict:
      try db.execute(
        sql: """
          UPDATE sync_item SET book = CASE WHEN href IS NULL THEN ? ELSE book END, href = ifnull(href, ?),
            conflictCard = ?, conflictETag = ?
          WHERE accountId = ? AND uid = ?
          """, arguments: [book.number, remote.href, base, remote.etag, account, uid])
      tally.conflicts += 1
    }
  }

  /// This side's state of a contact: `stored` is the contact (nil when there is none), `item`
  /// its sync row (nil when the link never knew it).
  static func localSide(stored: Contact?, item: Row?) -> LocalSide {
    guard let stored else { return item == nil ? .absent : .deleted }
    let card = stored.vCard
    guard let item, item["dirty"] as Int == 0 else { return .changed(card) }
    return .unchanged(card)
  }

  /// What the last sync remembered of a contact: `item` is its sync row, `contact` its row.
  /// A clean item with no base stored has the contact's card for base (schema v8).
  static func itemMemory(_ item: Row?, contact: Row?) -> ItemMemory {
    guard let item else { return .none }
    var base = (item["base"] as String?).flatMap { VCardReader.read($0).first?.card }
    if base == nil, item["dirty"] as Int == 0, let contact {
      base =
        (contact["card"] as String?).flatMap { VCardReader.read($0).first?.card }
        ?? StoredContact.contact(contact).vCard
    }
    let pending = (item["pendingCard"] as String?).flatMap { VCardReader.read($0).first?.card }
    // A first download stores no fingerprint (most cards are never compared): made when needed.
    let baseFingerprint = (item["baseHash"] as String?) ?? base.map(CardFingerprint.of)
    return ItemMemory(
      base: base, baseFingerprint: baseFingerprint, pending: pending, pendingFingerprint: item["pendingHash"])
  }

  /// Writes the item of `uid` as both sides now agree on it, in `book` (creating it when new).
  /// `base` nil: the contact's card is the base, as it is of a clean item (schema v8).
  static func remember(
    uid: String, book: SyncBook.Key, href: String, etag: String, base: String?, fingerprint: String?, dirty: Bool,
    _ db: Database
  ) throws {
    try db.cachedStatement(
      sql: """
        INSERT INTO sync_item (accountId, uid, book, href, etag, base, baseHash, pendingCard, pendingHash, dirty,
          conflictCard, conflictETag)
        VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, NULL, NULL)
        ON CONFLICT (accountId, uid) DO UPDATE SET book = excluded.book, href = excluded.href, etag = excluded.etag,
          base = excluded.base, baseHash = excluded.baseHash, pendingCard = NULL, pendingHash = NULL, dirty = excluded.dirty,
          conflictCard = NULL, conflictETag = NULL
        """
    ).execute(arguments: [book.account, uid, book.number, href, etag, base, fingerprint, dirty])
  }

  static func markClean(uid: String, account: Int64, _ db: Database) throws {
    try db.execute(sql: "UPDATE sync_item SET dirty = 0 WHERE accountId = ? AND uid = ?", arguments: [account, uid])
  }

  /// Stores `card` as the contact `uid`: over `stored` when there is one, else as a new contact.
  /// `text`, the server's text `card` was read from, is stored as the contact's card when given
  /// (see `StoredContact`).
  static func store(
    _ card: VCard, text: String? = nil, uid: String, over stored: Contact?, account: Int64, now: Date, _ db: Database
  ) throws {
    var contact = Contact(card: card)
    contact.uid = uid
    if let stored {
      contact.id = stored.id
      // The server's card taken as it came keeps the REV it holds, so this database, another
      // one and the server agree; a merge (no text) is a new revision of this side's. A card
      // without REV, or whose REV is the stored revision, gets a new one: a save started from
      // the stored revision must be refused now that the contact changed.
      if text == nil
        || contact.revision.map({ abs($0.timeIntervalSince(stored.revision ?? .distantPast)) < 0.001 })
          ?? true
      {
        contact.revision = ContactStore.revision(after: stored.revision, now: now)
      }
      try ContactStore.update(contact, text: text, db)
    } else {
      contact.revision = contact.revision ?? now
      try ContactStore.insert(contact, account: account, text: text, db)
    }
  }

  static func recordProblem(_ remote: RemoteCard, reason: String, book: SyncBook.Key, _ db: Database) throws {
    try db.execute(
      sql: "INSERT OR REPLACE INTO sync_problem (accountId, book, href, etag, reason) VALUES (?, ?, ?, ?, ?)",
      arguments: [book.account, book.number, remote.href, remote.etag, reason])
  }
}
