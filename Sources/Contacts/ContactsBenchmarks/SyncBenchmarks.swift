import Benchmarking
import CardDAV
import ContactsServices
import ContactsSync
import Foundation
import Synchronization

/// Issue 23's CPU target for a first download (our own CPU at most a third of vdirsyncer's) is
/// measured against a real Radicale by `Benchmarks/sync.sh`; this is the part of it that is
/// ours alone, without the network or the server: the real `SyncEngine` and `SyncStore` over a
/// real database file, downloading a book that an in-memory server hands out card by card as
/// Radicale's whole-book answer would. Deterministic, so callgrind's counts steer the work
/// (`SYNC_BENCH_RUNS=1 valgrind --tool=callgrind termflow-bench --only sync`, on a copy
/// stripped of debug information, which valgrind cannot read); `SYNC_BENCH_CARDS` sets the size.
@MainActor
enum SyncBenchmarks {
  static func run(into runner: inout BenchmarkRunner) {
    let environment = ProcessInfo.processInfo.environment
    let count = Int(environment["SYNC_BENCH_CARDS"] ?? "") ?? 10_000
    let runs = Int(environment["SYNC_BENCH_RUNS"] ?? "") ?? 3
    let book = BookInMemory(count: count)
    var samples: [Double] = []
    var received = 0
    for _ in 0..<runs {
      let (seconds, summary) = blocking { try await firstDownload(of: book) }
      samples.append(seconds * 1e9)
      received = summary.received
    }
    runner.record("sync-first-download-\(count / 1000)k", nanoseconds: samples, counters: ["received": received])
    if received != count {
      print("error: received \(received) of \(count) cards")
      exit(1)
    }
  }

  /// Downloads `book` into a fresh database in a temporary folder; the seconds it took.
  nonisolated static func firstDownload(of book: BookInMemory) async throws -> (Double, SyncSummary) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sync-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try ContactsDatabase.open(at: directory.appendingPathComponent("bench.sqlite").path)
    let account = try await AccountService(database: database, hasher: .fastForTesting)
      .createAccount(email: "bench@example.com", password: "benchmark").id
    let store = SyncStore(database: database)
    try await store.saveLink(
      SyncLink(
        account: account, addressBook: BookInMemory.url, username: "bench", password: .command("unused"),
        cardVersion: "3.0"))
    guard let link = try await store.link(account: account) else { throw CancellationError() }
    let clock = ContinuousClock()
    let start = clock.now
    let summary = try await SyncEngine(store: store, client: book, link: link).run()
    let elapsed = clock.now - start
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, summary)
  }

  /// Runs `work` to its end from the main thread, which the benchmarks hold.
  private static func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> T {
    let result = Mutex<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      let outcome: Result<T, any Error>
      do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
      result.withLock { $0 = outcome }
      done.signal()
    }
    done.wait()
    switch result.withLock({ $0 })! {
    case .success(let value): return value
    case .failure(let error):
      print("error: \(error)")
      exit(1)
    }
  }
}

/// A server's address book held in memory, shaped as `Benchmarks/sync.sh` writes its books for
/// Radicale (vCard 3.0, name, e-mail, phone, organisation, note), answering only what a first
/// download asks: the listing and the cards.
///
/// Each card's UID (and so its href) is random-looking, as sync.sh's name-based UUIDs, a
/// phone's or a server's are: a download then writes the indexes keyed by UID (the items, their
/// hrefs, the contacts' UIDs) and by name in no common order, which is what costs at 100,000.
/// (Sequential UIDs, used before, brought the cards in nearly the order of every index: at
/// 10,000 the database read and wrote a sixth of the pages Radicale's book made it.)
struct BookInMemory: AddressBookRemote {
  static let url = URL(string: "http://127.0.0.1:1/bench/book/")!
  let cards: [(href: String, etag: String, text: String)]

  init(count: Int) {
    cards = (0..<count).map { index in
      let uid = UUID(uuid: Self.uuidBytes(index)).uuidString.lowercased()
      let text =
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:Person;Number \(index);;;\r\nFN:Number \(index) Person\r\n"
        + "EMAIL;TYPE=INTERNET:person\(index)@example.com\r\nTEL;TYPE=CELL:+1 555 \(index)\r\n"
        + "ORG:Company \(index % 977)\r\nNOTE:Generated for the sync benchmark\\, card \(index)\r\nEND:VCARD\r\n"
      return ("/bench/book/\(uid).vcf", "\"\(String(UInt64(index) &* 2_654_435_761, radix: 16))\"", text)
    }
  }

  /// Sixteen random-looking bytes made from `index` alone (SplitMix64, twice), the same in
  /// every run: a name-based UUID's shape without a hash function.
  private static func uuidBytes(_ index: Int) -> uuid_t {
    func mixed(_ seed: UInt64) -> UInt64 {
      var z = seed &+ 0x9E37_79B9_7F4A_7C15
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    let high = mixed(UInt64(index) &* 2)
    let low = mixed(UInt64(index) &* 2 &+ 1)
    func byte(_ word: UInt64, _ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> shift) }
    return (
      byte(high, 56), byte(high, 48), byte(high, 40), byte(high, 32), byte(high, 24), byte(high, 16), byte(high, 8),
      byte(high, 0), byte(low, 56), byte(low, 48), byte(low, 40), byte(low, 32), byte(low, 24), byte(low, 16),
      byte(low, 8), byte(low, 0)
    )
  }

  var requestCount: Int { 0 }

  func syncCollection(_ book: URL, token: String?, each: (SyncChange) throws -> Void) async throws
    -> SyncCollectionResult
  {
    for card in cards { try each(.changed(href: card.href, etag: card.etag)) }
    return SyncCollectionResult(newToken: "token-1", isTruncated: false)
  }

  func listETags(_ book: URL, each: (RemoteETag) throws -> Void) async throws -> String? {
    for card in cards { try each(RemoteETag(href: card.href, etag: card.etag)) }
    return "token-1"
  }

  func multiget(
    _ book: URL, hrefs: [String], version: String?, each: (FetchedCard) throws -> Void
  ) async throws {
    let wanted = Set(hrefs)
    for card in cards where wanted.contains(card.href) {
      try each(.card(href: card.href, etag: card.etag, text: card.text))
    }
  }

  func queryAll(_ book: URL, version: String?, each: (FetchedCard) throws -> Void) async throws -> Bool {
    for card in cards { try each(.card(href: card.href, etag: card.etag, text: card.text)) }
    return true
  }

  func put(_ href: String, in book: URL, card: [UInt8], condition: PutCondition) async throws -> String? {
    throw CardDAVError.malformedResponse(book, "not asked by a first download")
  }

  func delete(_ href: String, in book: URL, etag: String) async throws {
    throw CardDAVError.malformedResponse(book, "not asked by a first download")
  }
}
