import ArgumentParser
import ContactsModel
import ContactsServices
import Foundation

/// `contacts bench-search --db PATH`: search latency on a seeded database, per query, as the app
/// asks (`ContactStore.search`). Run by `Benchmarks/search-latency.sh`; build with `-c release`.
struct BenchSearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-search",
    abstract: "Time searches on a seeded database (p50/p95 per query), and a few inserts and renames.",
    shouldDisplay: false
  )

  /// Single letters, 2–4 letter prefixes, digits, non-ASCII, several words, no match.
  static let defaultQueries = [
    "a", "l", "z", "q", "5", "li", "ni", "zo", "ada", "zoe", "zoë", "liam", "adal", "nowak", "example", "555", "5551",
    "李", "ång", "ada love", "liam no", "zoe ang", "xyzzy", "adalovelace12",
  ]

  @OptionGroup var database: DatabaseOptions

  @Option(name: .customLong("repeat"), help: "Runs per query (after one warm-up run).")
  var runs: Int = 20

  @Option(name: .long, parsing: .upToNextOption, help: "Result limits to time (the app asks for 500).")
  var limit: [Int] = [500, 50]

  @Option(name: .long, parsing: .upToNextOption, help: "Queries (default: a fixed list).")
  var query: [String] = []

  @Option(name: .long, help: "Search only the address book with this number (0 is the account's first).")
  var book: Int?

  @Option(
    name: .long,
    help: "With --book: the size up to which a book is read whole rather than searched by the index (0: never).")
  var smallBookLimit: Int = ContactStore.smallBookLimit

  @Flag(name: .long, help: "Also time inserts and renames (they change the database: use a copy).")
  var writes = false

  @Flag(
    name: .long,
    help: "Time every keystroke of typing whole queries (each prefix, as the app searches while you type).")
  var typed = false

  /// What people type whole: names, email addresses, companies and phone numbers of contacts
  /// the seed made (the first, one in the middle and one near the end of 10M), and a miss.
  static var typedQueries: [String] {
    let generator = ContactGenerator()
    return [17, 4_321_987, 9_876_543].flatMap { index in
      let contact = generator.contact(index)
      return [contact.name, contact.email, contact.company, contact.phone]
    }.filter { !$0.isEmpty } + ["xyzzy plugh"]
  }

  func run() async throws {
    let path = try database.path()
    let opened = Date()
    let store = try ContactsDatabase.openForCommand(at: path)
    print(String(format: "opened (and migrated if needed) in %.1f s", Date().timeIntervalSince(opened)))
    let accounts = AccountService(database: store)
    let account = try await Seeder(database: store, accounts: accounts).demoAccount()
    let contacts = ContactStore(database: store)
    print("\(try await contacts.count(account: account.id)) contacts; \(runs) runs per query")
    print("query".padding(toLength: 16, withPad: " ", startingAt: 0) + "limit   p50 ms   p95 ms   max ms  total")
    if typed {
      try await timeTyping(query.isEmpty ? Self.typedQueries : query, contacts, account: account.id)
      return
    }
    for text in query.isEmpty ? Self.defaultQueries : query {
      for limit in self.limit {
        var times: [Double] = []
        var total = ""
        for run in 0...runs {
          let start = DispatchTime.now().uptimeNanoseconds
          let result = try await contacts.search(
            account: account.id, book: book, query: text, limit: limit, smallBookLimit: smallBookLimit)
          let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
          if run > 0 { times.append(elapsed) }
          total = "\(result.total)\(result.isTotalExact ? "" : "+")"
        }
        print(Self.line(text, limit, times, total))
      }
    }
    guard writes else { return }
    var times: [Double] = []
    var inserted: [Contact] = []
    for index in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      inserted.append(try await contacts.insert(ContactDraft(name: "Ada Bench \(index % 3)"), account: account.id))
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    print(Self.line("(insert)", 1, times, ""))
    times = []
    for contact in inserted {
      let start = DispatchTime.now().uptimeNanoseconds
      _ = try await contacts.update(id: contact.id, with: ContactDraft(name: "Zed Bench"), account: account.id)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    print(Self.line("(rename)", 1, times, ""))
  }

  /// Every prefix of every query, `runs` times each at the app's limit: one line per query
  /// (its keystrokes' p50/p95/max) and one for all keystrokes together.
  private func timeTyping(_ queries: [String], _ contacts: ContactStore, account: Int64) async throws {
    var all: [Double] = []
    for text in queries {
      var times: [Double] = []
      var slowest = (time: 0.0, prefix: "")
      for length in 1...text.count {
        let prefix = String(text.prefix(length))
        _ = try await contacts.search(account: account, query: prefix, limit: 500)
        for _ in 0..<runs {
          let start = DispatchTime.now().uptimeNanoseconds
          _ = try await contacts.search(account: account, query: prefix, limit: 500)
          let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
          times.append(elapsed)
          if elapsed > slowest.time { slowest = (elapsed, prefix) }
        }
      }
      all += times
      print(Self.line(text, 500, times, "slowest: \"\(slowest.prefix)\""))
    }
    print(Self.line("(all keystrokes)", 500, all, "\(all.count / runs) keystrokes × \(runs) runs"))
  }

  static func line(_ name: String, _ limit: Int, _ times: [Double], _ total: String) -> String {
    let sorted = times.sorted()
    func percentile(_ p: Double) -> Double {
      sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }
    return name.padding(toLength: max(16, name.count + 1), withPad: " ", startingAt: 0)
      + String(
        format: "%5d %8.2f %8.2f %8.2f  %@", limit, percentile(0.5), percentile(0.95), sorted.last ?? 0, total)
  }
}
