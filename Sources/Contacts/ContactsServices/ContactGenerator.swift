public import ContactsModel
import Foundation

/// Deterministic, realistic demo contacts: the same index always gives the same contact, with a
/// mix of scripts and accents ("Zoë Ångström", "李小龍", "José Núñez") so that sorting, search
/// and wide characters get exercised by the demo data.
public struct ContactGenerator: Sendable {
  static let firstNames = [
    "Ada", "Alan", "Grace", "Zoë", "José", "Émile", "Søren", "Ingrid", "Mateo", "Chloé", "Björn", "Amélie",
    "Kenji", "Yuki", "Priya", "Arjun", "Fatima", "Omar", "Leila", "Noah", "Olivia", "Liam", "Mia", "Lucas",
    "Sofía", "Hugo", "Elena", "Marek", "Zofia", "Dmitri", "Анна", "Nikos", "Αλέξης", "Tomás", "Aoife", "Siobhán",
  ]
  static let lastNames = [
    "Lovelace", "Turing", "Hopper", "Ångström", "Núñez", "Zola", "Kierkegaard", "Bergman", "García", "Dubois",
    "Larsson", "Poulain", "Tanaka", "Sato", "Sharma", "Patel", "Haddad", "Nasser", "Moreau", "Smith", "Johnson",
    "Müller", "Schmidt", "Kowalski", "Nowak", "Ivanov", "Петрова", "Papadopoulos", "O'Brien", "Ní Bhriain",
  ]
  /// Whole names from other traditions, written as they are.
  static let fullNames = ["李小龍", "王菲", "김연아", "山田太郎", "Zoë Ångström", "José Núñez"]
  static let companies = [
    "Analytical Engines", "Bletchley Park", "Navy Computing Lab", "Observatory", "Golden Harvest", "Acme",
    "Initech", "Nordisk Data", "Café Zoë", "Ülkü Yazılım", "東京システム", "", "", "",
  ]
  static let streets = ["Main Street", "Rue de Rivoli", "Storgatan", "Calle Mayor", "Königsallee", "Baker Street"]
  static let cities = ["Stockholm", "Paris", "Madrid", "Berlin", "London", "Tokyo", "Montréal", "São Paulo"]

  /// Every name the generator can give, with its sort key and email handle, computed once:
  /// the generator makes millions of contacts from a thousand names.
  struct Names: Sendable {
    let names: [String]
    let sortKeys: [String]
    let handles: [String]
    /// Each name's place in list order (by sort key, as SQLite compares it: UTF-8 bytes).
    let ranks: [Int]

    init() {
      var names = fullNames
      for first in firstNames {
        for last in lastNames { names.append("\(first) \(last)") }
      }
      self.names = names
      let sortKeys = names.map(ContactPosition.sortKey(for:))
      self.sortKeys = sortKeys
      // "Zoë Ångström" → "zoe.angstrom": accents folded (not dropped), words joined by dots;
      // names with no Latin letters get "contact".
      handles = names.map { name in
        let letters = ["ø": "o", "æ": "ae", "ß": "ss", "ł": "l", "đ": "d"]
        let words = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
          .map { letters[String($0)] ?? String($0) }.joined()
          .split(separator: " ")
          .map {
            String(String.UnicodeScalarView($0.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }))
          }
          .filter { !$0.isEmpty }
        return words.isEmpty ? "contact" : words.joined(separator: ".")
      }
      let order = sortKeys.indices.sorted { sortKeys[$0].utf8.lexicographicallyPrecedes(sortKeys[$1].utf8) }
      var ranks = [Int](repeating: 0, count: names.count)
      for (rank, name) in order.enumerated() {
        // Names with the same sort key share a rank: their contacts sort by id alone.
        let previous = rank > 0 ? order[rank - 1] : name
        let isTie = previous != name && sortKeys[previous].utf8.elementsEqual(sortKeys[name].utf8)
        ranks[name] = isTie ? ranks[previous] : rank
      }
      self.ranks = ranks
    }
  }

  static let table = Names()

  /// A generated contact with its name as an index into `table`.
  struct Row: Sendable {
    var name: Int
    var email: String
    var phone: String
    var company: String
    var address: String
  }

  /// The mixer behind every choice for the contact at `index`: the same sequence every time.
  private struct Mixer {
    var state: UInt64

    init(_ index: Int) { state = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15 }

    mutating func next(_ bound: Int) -> Int {
      state ^= state >> 29
      state = state &* 0xBF58_476D_1CE4_E5B9
      state ^= state >> 32
      return Int(state % UInt64(bound))
    }

    /// The name's index in `Names.names`; the first choices of every contact.
    mutating func name() -> Int {
      if next(50) == 0 { return next(fullNames.count) }
      let first = next(firstNames.count)
      return fullNames.count + first * lastNames.count + next(lastNames.count)
    }
  }

  public init() {}

  /// The index into `Names.names` of the contact at `index`'s name (cheaper than `row`).
  func name(_ index: Int) -> Int {
    var mixer = Mixer(index)
    return mixer.name()
  }

  func row(_ index: Int) -> Row {
    // A cheap deterministic mix so neighbouring indices do not look alike.
    var mixer = Mixer(index)
    let name = mixer.name()
    let email = "\(Self.table.handles[name])\(index)@example.com"
    let phone = "+\(1 + mixer.next(98)) \(100 + mixer.next(900)) \(1000 + index % 9000) \(mixer.next(100))"
    let company = Self.companies[mixer.next(Self.companies.count)]
    let number = 1 + mixer.next(200)
    let street = Self.streets[mixer.next(Self.streets.count)]
    let address = "\(number) \(street), \(Self.cities[mixer.next(Self.cities.count)])"
    return Row(name: name, email: email, phone: phone, company: company, address: address)
  }

  /// Rows as the seeder binds them: every field's UTF-8 in one buffer, no `String` per field.
  struct Rows: Sendable {
    /// The fields of every row, one after the other.
    var bytes: [UInt8] = []
    /// Where each field ends in `bytes`; `fieldsPerRow` per row, in `Field` order.
    var ends: [Int] = []

    enum Field: Int, CaseIterable { case name, sortKey, email, phone, phoneWords, company, address }
    static let fieldsPerRow = Field.allCases.count

    var count: Int { ends.count / Self.fieldsPerRow }
  }

  /// The UTF-8 of every string the generator picks from.
  private struct Pieces: Sendable {
    let names = ContactGenerator.table.names.map { Array($0.utf8) }
    let sortKeys = ContactGenerator.table.sortKeys.map { Array($0.utf8) }
    let handles = ContactGenerator.table.handles.map { Array($0.utf8) }
    let companies = ContactGenerator.companies.map { Array($0.utf8) }
    /// The plain spellings each name and company adds to the phone words (`ExtraSearchWords`).
    let plainNames = ContactGenerator.table.names.map { Array(PlainSpellings.of($0).utf8) }
    let plainCompanies = ContactGenerator.companies.map { Array(PlainSpellings.of($0).utf8) }
    let streets = ContactGenerator.streets.map { Array($0.utf8) }
    let cities = ContactGenerator.cities.map { Array($0.utf8) }
  }

  private static let pieces = Pieces()

  /// Appends the contact at `index` to `rows`: the same fields as `contact(index)`, as bytes.
  func append(_ index: Int, to rows: inout Rows) {
    let pieces = Self.pieces
    var mixer = Mixer(index)
    let name = mixer.name()
    func end() { rows.ends.append(rows.bytes.count) }
    func number(_ value: Int) {
      if value >= 10 { number(value / 10) }
      rows.bytes.append(UInt8(0x30 + value % 10))
    }
    rows.bytes += pieces.names[name]
    end()
    rows.bytes += pieces.sortKeys[name]
    end()
    rows.bytes += pieces.handles[name]
    number(index)
    rows.bytes += "@example.com".utf8
    end()
    let phoneStart = rows.bytes.count
    rows.bytes.append(UInt8(ascii: "+"))
    number(1 + mixer.next(98))
    rows.bytes.append(UInt8(ascii: " "))
    number(100 + mixer.next(900))
    rows.bytes.append(UInt8(ascii: " "))
    number(1000 + index % 9000)
    rows.bytes.append(UInt8(ascii: " "))
    number(mixer.next(100))
    end()
    let company = mixer.next(Self.companies.count)
    PhoneWords.append(Array(rows.bytes[phoneStart...]), to: &rows.bytes)
    // A generated number always has digit words: the plain spellings follow after a space.
    for plain in [pieces.plainNames[name], pieces.plainCompanies[company]] where !plain.isEmpty {
      rows.bytes.append(UInt8(ascii: " "))
      rows.bytes += plain
    }
    end()
    rows.bytes += pieces.companies[company]
    end()
    number(1 + mixer.next(200))
    rows.bytes.append(UInt8(ascii: " "))
    rows.bytes += pieces.streets[mixer.next(Self.streets.count)]
    rows.bytes += ", ".utf8
    rows.bytes += pieces.cities[mixer.next(Self.cities.count)]
    end()
  }

  /// The contact at `index` (any non-negative number).
  public func contact(_ index: Int) -> ContactDraft {
    let row = row(index)
    return ContactDraft(
      name: Self.table.names[row.name], email: row.email, phone: row.phone, company: row.company,
      address: row.address, notes: "")
  }
}
