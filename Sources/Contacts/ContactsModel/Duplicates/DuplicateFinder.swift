/// Finds groups of contacts that are likely one person, by indexes on normalised keys (never
/// by comparing all pairs), so a million contacts take one pass and memory for their keys.
///
/// The rules, after DDvO's Duplicate Contacts Manager and what Nextcloud's users asked of an
/// automatic merge ("never merge two different people on its own"):
/// - the same e-mail (`MatchKey.email`) links two contacts;
/// - the same phone (`MatchKey.phone`: E.164, a national number read as from the region
///   given) links them, faxes aside (a household or an office shares one);
/// - the same name (`MatchKey.names`) links them only with one more field in common: the
///   organisation, the birthday, a nickname, a street address or a web page. A name alone is
///   never enough: people share names.
/// Links are transitive: a group is every contact reachable by links.
public struct DuplicateFinder: Sendable {
  /// Why two contacts of a group were linked.
  public enum Reason: Hashable, Sendable, CustomStringConvertible {
    case email(String)
    case phone(String)
    /// The name, and the other field they share ("organisation", "birthday", "nickname",
    /// "address", "web page").
    case name(String, also: String)

    public var description: String {
      switch self {
      case .email(let address): "the same e-mail (\(address))"
      case .phone(let number): "the same phone (…\(number.suffix(6)))"
      case .name(let name, let also): "the same name (\(name)) and \(also)"
      }
    }
  }

  /// Contacts that are likely one person: their ids in the order they were added, and why.
  public struct Group: Hashable, Sendable {
    public var ids: [Int64]
    public var reasons: [Reason]

    /// The reasons in one sentence: "the same e-mail (a@x, b@y); the same name (Ada Lovelace)
    /// and organisation, birthday".
    public var summary: String {
      var emails: [String] = []
      var phones: [String] = []
      var names: [String] = []
      var alsos: [String] = []
      for reason in reasons {
        switch reason {
        case .email(let address): emails.append(address)
        case .phone(let number): phones.append("…" + number.suffix(6))
        case .name(let name, let also):
          if names.isEmpty { names.append(name) }
          if !alsos.contains(also) { alsos.append(also) }
        }
      }
      var parts: [String] = []
      if !emails.isEmpty { parts.append("the same e-mail (\(emails.joined(separator: ", ")))") }
      if !phones.isEmpty { parts.append("the same phone (\(phones.joined(separator: ", ")))") }
      if let name = names.first {
        parts.append("the same name (\(name)) and \(alsos.joined(separator: ", "))")
      }
      return parts.joined(separator: "; ")
    }
  }

  private var ids: [Int64] = []
  private var parent: [Int32] = []
  private var firstWithEmail: [String: Int32] = [:]
  private var phones: PhoneIndex
  /// For each name key and each other field ("org:acme"), the first contact with both.
  private var firstWithNameAnd: [String: Int32] = [:]
  private var links: [(Int32, Reason)] = []

  /// A finder that reads a phone number without a country code as from `phoneRegion` (an ISO
  /// 3166-1 code, see ``PhoneRegion``); with nil such numbers agree only when their digits do.
  public init(phoneRegion: String? = nil) {
    phones = PhoneIndex(region: phoneRegion)
  }

  /// Indexes `contact`, linking it to every contact added before that shares a key.
  public mutating func add(_ contact: Contact) {
    let index = Int32(ids.count)
    ids.append(contact.id)
    parent.append(index)
    for email in Self.unique(contact.emails.compactMap { MatchKey.email($0.value) }) {
      link(index, \.firstWithEmail, email, .email(email))
    }
    for phone in contact.phones where !phone.types.contains("fax") {
      // A contact's own numbers written two ways are no link.
      if let (earlier, number) = phones.add(phone.value, of: index), earlier != index {
        union(earlier, index, because: .phone(number))
      }
    }
    let others = Self.otherFields(contact)
    guard !others.isEmpty else { return }
    let names = MatchKey.names(contact)
    for name in names.sorted() {
      for (key, what) in others {
        // One flat table: a table per name would be copied on every write.
        let nameAndField = name + "\u{1}" + key
        if let earlier = firstWithNameAnd[nameAndField] {
          union(earlier, index, because: .name(contact.name, also: what))
        } else {
          firstWithNameAnd[nameAndField] = index
        }
      }
    }
  }

  /// The groups of two or more, each with its ids in the order they were added, ordered by
  /// their first contact.
  public func groups() -> [Group] {
    var finder = self
    // Every contact's root, then the members of roots with two or more: a million contacts
    // alone in their group never become a million arrays.
    var roots = [Int32](repeating: 0, count: ids.count)
    var sizes = [Int32](repeating: 0, count: ids.count)
    for index in 0..<Int32(ids.count) {
      let root = finder.root(index)
      roots[Int(index)] = root
      sizes[Int(root)] += 1
    }
    var members: [Int32: [Int64]] = [:]
    for index in ids.indices where sizes[Int(roots[index])] > 1 {
      members[roots[index], default: []].append(ids[index])
    }
    var reasons: [Int32: [Reason]] = [:]
    for (index, reason) in links {
      let root = finder.root(index)
      if !(reasons[root]?.contains(reason) ?? false) { reasons[root, default: []].append(reason) }
    }
    return members.sorted { $0.key < $1.key }.map { root, ids in
      Group(ids: ids, reasons: reasons[root] ?? [])
    }
  }

  /// The fields besides the name that make a shared name a match, as index keys and in words.
  private static func otherFields(_ contact: Contact) -> [(key: String, what: String)] {
    var fields: [(String, String)] = []
    if let organization = MatchKey.text(contact.organization) {
      fields.append(("org:" + organization, "organisation"))
    }
    if let birthday = contact.birthday {
      fields.append(("bday:\(birthday.year ?? 0)-\(birthday.month ?? 0)-\(birthday.day ?? 0)", "birthday"))
    }
    for nickname in contact.nicknames {
      if let key = MatchKey.text(nickname) { fields.append(("nick:" + key, "nickname")) }
    }
    for address in contact.addresses {
      if let street = MatchKey.text(address.value.street), let city = MatchKey.text(address.value.locality) {
        fields.append(("adr:\(street)|\(city)", "address"))
      }
    }
    for url in contact.urls {
      let key = url.value.lowercased().replacingOccurrences(of: "https://", with: "").replacingOccurrences(
        of: "http://", with: "")
      if !key.isEmpty { fields.append(("url:" + key, "web page")) }
    }
    return fields
  }

  /// The keys in their first order, once each (a Set's order changes from run to run).
  private static func unique(_ keys: [String]) -> [String] {
    guard keys.count > 1 else { return keys }
    var seen: Set<String> = []
    return keys.filter { seen.insert($0).inserted }
  }

  private mutating func link(
    _ index: Int32, _ table: WritableKeyPath<DuplicateFinder, [String: Int32]>, _ key: String, _ reason: Reason
  ) {
    if let earlier = self[keyPath: table][key] {
      union(earlier, index, because: reason)
    } else {
      self[keyPath: table][key] = index
    }
  }

  private mutating func union(_ first: Int32, _ second: Int32, because reason: Reason) {
    let (a, b) = (root(first), root(second))
    links.append((second, reason))
    if a != b { parent[Int(max(a, b))] = min(a, b) }
  }

  private mutating func root(_ index: Int32) -> Int32 {
    var node = index
    while parent[Int(node)] != node {
      parent[Int(node)] = parent[Int(parent[Int(node)])]
      node = parent[Int(node)]
    }
    return node
  }
}
