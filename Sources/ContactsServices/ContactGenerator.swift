public import ContactsModel

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

  public init() {}

  /// The contact at `index` (any non-negative number).
  public func contact(_ index: Int) -> ContactDraft {
    // A cheap deterministic mix so neighbouring indices do not look alike.
    var mixer = UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      mixer ^= mixer >> 29
      mixer = mixer &* 0xBF58_476D_1CE4_E5B9
      mixer ^= mixer >> 32
      return Int(mixer % UInt64(bound))
    }
    let name: String
    if next(50) == 0 {
      name = Self.fullNames[next(Self.fullNames.count)]
    } else {
      name = "\(Self.firstNames[next(Self.firstNames.count)]) \(Self.lastNames[next(Self.lastNames.count)])"
    }
    let handle =
      "\(name.lowercased().unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }.map(String.init).joined())"
    let email = "\(handle.isEmpty ? "contact" : handle)\(index)@example.com"
    let phone = "+\(1 + next(98)) \(100 + next(900)) \(1000 + index % 9000) \(next(100))"
    return ContactDraft(
      name: name, email: email, phone: phone, company: Self.companies[next(Self.companies.count)],
      address: "\(1 + next(200)) \(Self.streets[next(Self.streets.count)]), \(Self.cities[next(Self.cities.count)])",
      notes: "")
  }
}
