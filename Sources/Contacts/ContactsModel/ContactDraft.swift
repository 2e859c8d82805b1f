import Foundation

/// What a contact form holds before it is saved: text for every field a person edits, lists
/// of entries for the fields that have several values.
///
/// A draft made from a contact (``init(_:)``) and applied back to it (``applied(to:)``)
/// changes only what was edited: entries keep their place and the property they came from,
/// and everything the form does not show stays in the contact.
public struct ContactDraft: Hashable, Sendable, Codable {
  /// A field of the form; list fields name their entry by index.
  public enum Field: Hashable, Sendable, Codable {
    case name, nickname, organization, title
    case email(Int), phone(Int), address(Int), url(Int)
    case birthday, anniversary, categories, notes
  }

  /// One entry of a list field: its text and its types as typed ("work", "home, fax").
  public struct Entry: Hashable, Sendable, Codable {
    public var value: String
    public var label: String
    public var isPreferred: Bool
    /// The index of the contact's entry this one was made from (``ContactDraft/init(_:)``);
    /// nil for an entry added in the form. ``ContactDraft/applied(to:)`` matches entries by
    /// it, so that removing the first of two emails keeps the second one's property (its group,
    /// label and parameters) rather than giving it the removed one's.
    public var origin: Int?

    public init(_ value: String = "", label: String = "", isPreferred: Bool = false, origin: Int? = nil) {
      self.value = value
      self.label = label
      self.isPreferred = isPreferred
      self.origin = origin
    }

    /// The types the label names: lower-cased, split at commas and spaces.
    public var types: [String] {
      label.lowercased().split { $0 == "," || $0 == " " }.map(String.init)
    }
  }

  public var name = ""
  /// Nicknames, separated by commas.
  public var nickname = ""
  public var organization = ""
  public var title = ""
  public var emails: [Entry] = []
  public var phones: [Entry] = []
  /// Postal addresses on one line each: "street, locality, region, postal code, country" as
  /// typed; an address that is not edited keeps its parts exactly.
  public var addresses: [Entry] = []
  public var urls: [Entry] = []
  /// `1985-04-15`, or `--04-15` without a year.
  public var birthday = ""
  public var anniversary = ""
  /// Categories, separated by commas.
  public var categories = ""
  public var notes = ""

  public init() {}

  /// A draft with one of each of the list's columns, as tests and the seeder write them.
  public init(
    name: String, email: String = "", phone: String = "", company: String = "", address: String = "",
    notes: String = ""
  ) {
    self.name = name
    emails = email.isEmpty ? [] : [Entry(email)]
    phones = phone.isEmpty ? [] : [Entry(phone)]
    organization = company
    addresses = address.isEmpty ? [] : [Entry(address)]
    self.notes = notes
  }

  /// The form for `contact`.
  public init(_ contact: Contact) {
    name = contact.name
    nickname = contact.nicknames.joined(separator: ", ")
    organization = contact.organization
    title = contact.title
    emails = contact.emails.enumerated().map(Self.entry)
    phones = contact.phones.enumerated().map(Self.entry)
    addresses = contact.addresses.enumerated().map { Self.entry($0, $1.map(\.singleLine)) }
    urls = contact.urls.enumerated().map(Self.entry)
    birthday = contact.birthday?.description ?? ""
    anniversary = contact.anniversary?.description ?? ""
    categories = contact.categories.joined(separator: ", ")
    notes = contact.notes
  }

  private static func entry(_ index: Int, _ entry: ContactEntry<String>) -> Entry {
    Entry(entry.value, label: entry.types.joined(separator: ", "), isPreferred: entry.isPreferred, origin: index)
  }

  /// The first email, phone, organisation and address: the columns of the list, as the
  /// generator's drafts are checked against them.
  public var email: String { emails.first?.value ?? "" }
  public var phone: String { phones.first?.value ?? "" }
  public var company: String { organization }
  public var address: String { addresses.first?.value ?? "" }

  // MARK: Applying

  /// `contact` with the draft's fields: what is unchanged keeps its source property, entries
  /// are matched by position, and empty entries are dropped. Revision and UID are the store's.
  public func applied(to contact: Contact) -> Contact {
    var contact = contact
    let trimmedName = name.trimmingCharacters(in: .whitespaces)
    if contact.name != trimmedName {
      contact.name = trimmedName
      if contact.sources["N"] == nil { contact.nameParts = PersonName(guessingFrom: trimmedName) }
    }
    contact.nicknames = Self.list(nickname)
    contact.organization = organization.trimmingCharacters(in: .whitespaces)
    contact.title = title.trimmingCharacters(in: .whitespaces)
    contact.emails = Self.apply(emails, to: contact.emails, text: { $0 }, reading: { $0 })
    contact.phones = Self.apply(phones, to: contact.phones, text: { $0 }, reading: { $0 })
    contact.urls = Self.apply(urls, to: contact.urls, text: { $0 }, reading: { $0 })
    contact.addresses = Self.apply(
      addresses, to: contact.addresses, text: \.singleLine, reading: PostalAddress.init(singleLine:))
    contact.birthday = PartialDate(parsing: birthday)
    contact.anniversary = PartialDate(parsing: anniversary)
    contact.categories = Self.list(categories)
    contact.notes = notes
    return contact
  }

  private static func list(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The contact's entry that `entries[index]` edits: the one it was made from, or for a draft
  /// whose entries name no origin (one built in code), the one at the same place.
  private static func base<Value>(_ index: Int, of entries: [Entry], in existing: [ContactEntry<Value>])
    -> ContactEntry<Value>?
  {
    let position = entries.contains { $0.origin != nil } ? entries[index].origin : index
    guard let position, position < existing.count else { return nil }
    return existing[position]
  }

  /// The entries of one list: each typed value over the entry it edits (kept whole while its
  /// text reads the same), new ones for the rest; empty rows dropped.
  private static func apply<Value>(
    _ entries: [Entry], to existing: [ContactEntry<Value>], text: (Value) -> String, reading: (String) -> Value
  ) -> [ContactEntry<Value>] {
    entries.enumerated().compactMap { index, entry in
      let typed = entry.value.trimmingCharacters(in: .whitespaces)
      guard !typed.isEmpty else { return nil }
      var result = base(index, of: entries, in: existing) ?? ContactEntry(reading(typed))
      if text(result.value) != typed { result.value = reading(typed) }
      if result.types != entry.types { result.types = entry.types }
      result.isPreferred = entry.isPreferred
      return result
    }
  }

  // MARK: Problems

  /// Per-field problems, in words for the form; empty when the draft can be saved.
  public var problems: [Field: String] {
    var problems: [Field: String] = [:]
    for field in [Field.name, .nickname, .organization, .title, .birthday, .anniversary, .categories, .notes] {
      if let problem = Self.problem(of: field, self[text: field]) { problems[field] = problem }
    }
    let lists: [([Entry], (Int) -> Field)] = [(emails, Field.email), (phones, Field.phone), (urls, Field.url)]
    for (entries, field) in lists {
      for (index, entry) in entries.enumerated() {
        if let problem = Self.problem(of: field(index), entry.value) { problems[field(index)] = problem }
      }
    }
    return problems
  }

  /// The problem of `text` as `field`'s value (an entry's value for a list), in words for the
  /// form: what ``problems`` finds, one field at a time. Cheap on what is typed most (a name,
  /// anything empty): a form asks after every key.
  public static func problem(of field: Field, _ text: String) -> String? {
    switch field {
    case .name:
      // A character is at least one byte: most names are known short without counting.
      if text.utf8.count > 200 && text.count > 200 { return "Keep the name under 200 characters" }
      if text.isBlank { return "A name is required" }
    case .email:
      if !text.isEmpty && !EmailAddress.isValid(text) { return "Enter a valid email address" }
    case .phone:
      if !text.utf8.allSatisfy(Self.isPhoneCharacter) { return "Use digits, spaces and + - ( ) . / x" }
    case .url:
      if text.contains(where: \.isWhitespace) { return "A web address has no spaces" }
    case .birthday, .anniversary:
      if !text.isEmpty && PartialDate(parsing: text) == nil { return "Use YYYY-MM-DD, or --MM-DD without a year" }
    case .notes:
      if text.utf8.count > 10_000 && text.count > 10_000 { return "Keep notes under 10,000 characters" }
    case .nickname, .organization, .title, .address, .categories:
      // Anything goes (`isChecked`).
      break
    }
    return nil
  }

  /// Whether ``problem(of:_:)`` can find anything wrong with `field`'s text: a form skips the
  /// others at every key (five of the editor's twelve fields, the addresses among them).
  public static func isChecked(_ field: Field) -> Bool {
    switch field {
    case .name, .email, .phone, .url, .birthday, .anniversary, .notes: true
    case .nickname, .organization, .title, .address, .categories: false
    }
  }

  /// Whether a phone number may be written with this byte: `0123456789+-(). /x#*`, all ASCII
  /// (so a byte of any other character, which is never ASCII in UTF-8, is not one).
  private static func isPhoneCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): true
    case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "."),
      UInt8(ascii: " "), UInt8(ascii: "/"), UInt8(ascii: "x"), UInt8(ascii: "#"), UInt8(ascii: "*"):
      true
    default: false
    }
  }

  /// A single field's text (empty for a list).
  public subscript(text field: Field) -> String {
    switch field {
    case .name: name
    case .nickname: nickname
    case .organization: organization
    case .title: title
    case .birthday: birthday
    case .anniversary: anniversary
    case .categories: categories
    case .notes: notes
    case .email, .phone, .address, .url: ""
    }
  }
}

extension String {
  /// Whether there is nothing but spaces and tabs: what Foundation's
  /// `trimmingCharacters(in: .whitespaces)` leaves empty (Unicode's space separators, the tab
  /// and, on Linux, the zero width space), each scalar checked without bridging to `NSString`.
  public var isBlank: Bool {
    // A name starts with a printable ASCII character most often: not blank, known at once.
    if let first = utf8.first, first > 0x20 && first < 0x7F { return false }
    return unicodeScalars.allSatisfy {
      $0 == "\t" || $0.value == 0x200B || $0.properties.generalCategory == .spaceSeparator
    }
  }
}

extension PostalAddress {
  /// An address typed on one line, read the way `singleLine` writes it: "street, [postal code]
  /// locality, region, country" with as many parts as were typed; one part is the street.
  public init(singleLine text: String) {
    let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    switch parts.count {
    case 0, 1: self.init(street: text)
    case 2: self.init(street: parts[0], locality: parts[1])
    case 3: self.init(street: parts[0], locality: parts[1], country: parts[2])
    default:
      self.init(
        street: parts[0..<(parts.count - 3)].joined(separator: ", "), locality: parts[parts.count - 3],
        region: parts[parts.count - 2], country: parts[parts.count - 1])
    }
  }
}
