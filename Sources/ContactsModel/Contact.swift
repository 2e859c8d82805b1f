import Foundation

/// A contact as the app shows and edits it.
public struct Contact: Hashable, Sendable, Identifiable, Codable {
  public var id: Int64
  public var name: String
  public var email: String
  public var phone: String
  public var company: String
  public var address: String
  public var notes: String

  public init(
    id: Int64, name: String, email: String = "", phone: String = "", company: String = "", address: String = "",
    notes: String = ""
  ) {
    self.id = id
    self.name = name
    self.email = email
    self.phone = phone
    self.company = company
    self.address = address
    self.notes = notes
  }

  /// Where the contact sits in the sorted list: the keyset for paging.
  public var position: ContactPosition { ContactPosition(sortKey: ContactPosition.sortKey(for: name), id: id) }
}

/// A place in the sorted list of one account's contacts.
public struct ContactPosition: Hashable, Sendable, Codable {
  public var sortKey: String
  public var id: Int64

  public init(sortKey: String, id: Int64) {
    self.sortKey = sortKey
    self.id = id
  }

  /// The sort order people expect: case and accents folded ("zoë" with "Zoe"), then by id.
  public static func sortKey(for name: String) -> String {
    // Most names are ASCII: lowercasing the bytes gives exactly what Foundation's folding gives,
    // without its cost (seeding folds millions of names).
    let ascii =
      name.utf8.withContiguousStorageIfAvailable { asciiFolded($0, name) } ?? asciiFolded(Array(name.utf8), name)
    return ascii ?? name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }

  /// `name` lowercased when its bytes are all ASCII; nil otherwise.
  private static func asciiFolded(_ bytes: some Collection<UInt8>, _ name: String) -> String? {
    var hasUppercase = false
    for byte in bytes {
      if byte >= 0x80 { return nil }
      if byte &- 0x41 < 26 { hasUppercase = true }
    }
    guard hasUppercase else { return name }
    return String(unsafeUninitializedCapacity: bytes.count) { buffer in
      var index = 0
      for byte in bytes {
        buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        index += 1
      }
      return index
    }
  }
}

/// What a contact form holds before it is saved.
public struct ContactDraft: Hashable, Sendable, Codable {
  public enum Field: String, Hashable, Sendable, CaseIterable, Codable {
    case name, email, phone, company, address, notes
  }

  public var name = ""
  public var email = ""
  public var phone = ""
  public var company = ""
  public var address = ""
  public var notes = ""

  public init(
    name: String = "", email: String = "", phone: String = "", company: String = "", address: String = "",
    notes: String = ""
  ) {
    self.name = name
    self.email = email
    self.phone = phone
    self.company = company
    self.address = address
    self.notes = notes
  }

  public init(_ contact: Contact) {
    self.init(
      name: contact.name, email: contact.email, phone: contact.phone, company: contact.company,
      address: contact.address, notes: contact.notes)
  }

  /// Per-field problems, in words for the form; empty when the draft can be saved.
  public var problems: [Field: String] {
    var problems: [Field: String] = [:]
    if name.trimmingCharacters(in: .whitespaces).isEmpty { problems[.name] = "A name is required" }
    if name.count > 200 { problems[.name] = "Keep the name under 200 characters" }
    if !email.isEmpty && !EmailAddress.isValid(email) { problems[.email] = "Enter a valid email address" }
    let phoneCharacters = CharacterSet(charactersIn: "0123456789+-(). /x")
    if !phone.isEmpty && !phone.unicodeScalars.allSatisfy(phoneCharacters.contains) {
      problems[.phone] = "Use digits, spaces and + - ( ) . / x"
    }
    if notes.count > 10_000 { problems[.notes] = "Keep notes under 10,000 characters" }
    return problems
  }
}
