import VCardFormat

/// Two records of one person made one: the survivor keeps its UID, its row and everything it
/// has; the other adds what the survivor lacks.
///
/// - A single-valued field (``Field``) both fill differently is picked, per field: the
///   survivor's by default, the other's when asked. A field only one of them fills comes from that one.
/// - Lists (e-mails, phones, addresses, web pages, nicknames, categories) are united without
///   repeats, an entry being a repeat when it matches one of the survivor's as the duplicate
///   finder compares them (``ListEntryKeys``: `Ada@X.org` is `ada@x.org`, and with the region
///   `GB` `+44 20 7946 0001` is `020 7946 0001`). The survivor's entries come first and keep
///   the preferred mark and their types.
/// - The properties the app does not understand (``Contact/kept``: photos, keys, `X-`
///   properties, labels in `itemN.` groups) of both survive; the other's groups are renamed
///   where they would collide with the survivor's, so each label stays with its value.
/// - The other's UID is recorded as `X-TERMFLOW-MERGED-UID` (``mergedUIDProperty``).
///
/// Why an `X-` property rather than `RELATED`: RFC 6350 has no "same as" relation (`RELATED`'s
/// types are kinds of people: friend, colleague, spouse…), so a client would show the merged
/// record as a relative of itself. An `X-` property (§6.10) is kept by servers and clients as
/// it is, says what happened, and lets an import of the other's old card find where it went.
public enum ContactMerge {
  /// The property that records a merged contact's UID on the survivor (one per merge; a
  /// survivor of survivors carries them all).
  public static let mergedUIDProperty = "X-TERMFLOW-MERGED-UID"

  /// A single-valued field, which a merge takes from one side.
  public enum Field: String, CaseIterable, Hashable, Sendable, Codable {
    case name, organization, title, birthday, anniversary, notes

    /// The field as a person reads it.
    public var label: String {
      switch self {
      case .name: "Name"
      case .organization: "Company"
      case .title: "Title"
      case .birthday: "Birthday"
      case .anniversary: "Anniversary"
      case .notes: "Notes"
      }
    }

    /// Whether `contact` fills the field.
    func isFilled(in contact: Contact) -> Bool {
      switch self {
      case .name: !contact.name.isEmpty || !contact.nameParts.isEmpty
      case .organization: !contact.organization.isEmpty
      case .title: !contact.title.isEmpty
      case .birthday: contact.birthday != nil
      case .anniversary: contact.anniversary != nil
      case .notes: !contact.notes.isEmpty
      }
    }

    /// Whether the two contacts' values differ.
    func differs(_ first: Contact, _ second: Contact) -> Bool {
      switch self {
      case .name: first.name != second.name || first.nameParts != second.nameParts
      case .organization: first.organization != second.organization
      case .title: first.title != second.title
      case .birthday: first.birthday != second.birthday
      case .anniversary: first.anniversary != second.anniversary
      case .notes: first.notes != second.notes
      }
    }

    /// Sets the field of `contact` to `source`'s value.
    func copy(from source: Contact, to contact: inout Contact) {
      switch self {
      case .name:
        contact.name = source.name
        contact.nameParts = source.nameParts
      case .organization: contact.organization = source.organization
      case .title: contact.title = source.title
      case .birthday: contact.birthday = source.birthday
      case .anniversary: contact.anniversary = source.anniversary
      case .notes: contact.notes = source.notes
      }
    }
  }

  /// The fields both contacts fill with different values: where the user picks.
  public static func choices(_ survivor: Contact, _ other: Contact) -> [Field] {
    Field.allCases.filter { $0.isFilled(in: survivor) && $0.isFilled(in: other) && $0.differs(survivor, other) }
  }

  /// `other` merged into `survivor`, taking `other`'s value for the fields in `takingFromOther`
  /// (among ``choices(_:_:)``; any other field is taken only where the survivor leaves it
  /// empty). Phone numbers without a country code are read as from `phoneRegion` to tell
  /// repeats. The result has the survivor's id, UID and revision: saving it moves the revision.
  public static func merged(
    _ survivor: Contact, _ other: Contact, takingFromOther: Set<Field> = [], phoneRegion: String? = nil
  ) -> Contact {
    let keys = ListEntryKeys(phoneRegion: phoneRegion)
    var merged = survivor
    for field in Field.allCases where field.isFilled(in: other) {
      if !field.isFilled(in: survivor) || (takingFromOther.contains(field) && field.differs(survivor, other)) {
        field.copy(from: other, to: &merged)
      }
    }
    let renamed = GroupRenaming(keeping: survivor, renaming: other)
    let other = renamed.contact
    var droppedGroups: Set<String> = []
    var addedGroups: Set<String> = []
    func unite<Value>(_ path: WritableKeyPath<Contact, [ContactEntry<Value>]>, key: (Value) -> String) {
      var seen = Set(merged[keyPath: path].map { key($0.value) })
      let hasPreferred = merged[keyPath: path].contains(where: \.isPreferred)
      for var entry in other[keyPath: path] {
        guard seen.insert(key(entry.value)).inserted else {
          if let group = entry.source?.group { droppedGroups.insert(group) }
          continue
        }
        if hasPreferred { entry.isPreferred = false }
        if let group = entry.source?.group { addedGroups.insert(group) }
        merged[keyPath: path].append(entry)
      }
    }
    unite(\.emails, key: keys.email)
    unite(\.phones, key: keys.phone)
    unite(\.addresses, key: keys.address)
    unite(\.urls, key: keys.url)
    merged.nicknames = united(merged.nicknames, other.nicknames)
    merged.categories = united(merged.categories, other.categories)

    // The other's kept properties, but those of a group whose value was a repeat (its label
    // would now label nothing) and those a card may hold only once that the survivor has.
    let survivorNames = Set(merged.kept.map(\.name))
    let orphaned = droppedGroups.subtracting(addedGroups)
    for property in other.kept where !merged.kept.contains(property) {
      if let group = property.group, orphaned.contains(group) { continue }
      if Self.oncePerCard.contains(property.name), survivorNames.contains(property.name) { continue }
      merged.kept.append(property)
    }
    let record = VCardProperty(name: mergedUIDProperty, text: other.uid)
    if !other.uid.isEmpty, other.uid != survivor.uid, !merged.kept.contains(where: { $0.isSameRecord(as: record) }) {
      merged.kept.append(record)
    }
    return merged
  }

  /// The UIDs of the contacts merged into `contact` (its `X-TERMFLOW-MERGED-UID` properties).
  public static func mergedUIDs(of contact: Contact) -> [String] {
    contact.kept.filter { $0.name == mergedUIDProperty }.map(\.text)
  }

  /// Properties RFC 6350 allows once per card (cardinality `*1`) that `Contact` keeps as they
  /// are rather than reading them.
  static let oncePerCard: Set<String> = ["KIND", "GENDER", "PRODID", "REV", "UID", "VERSION"]

  /// `first`, then what `second` adds (case and accents aside).
  private static func united(_ first: [String], _ second: [String]) -> [String] {
    var seen = Set(first.map { MatchKey.text($0) ?? $0 })
    return first + second.filter { seen.insert(MatchKey.text($0) ?? $0).inserted }
  }
}

extension VCardProperty {
  fileprivate func isSameRecord(as other: VCardProperty) -> Bool {
    name == other.name && text == other.text
  }
}

/// The other contact with its `itemN.` groups renamed where the survivor uses the same names,
/// so that after the merge each group still binds only its own properties (an Apple label to
/// its e-mail).
private struct GroupRenaming {
  let contact: Contact

  init(keeping survivor: Contact, renaming other: Contact) {
    let taken = Self.groups(of: survivor)
    let clashing = Self.groups(of: other).intersection(taken)
    guard !clashing.isEmpty else {
      contact = other
      return
    }
    var used = taken.union(Self.groups(of: other))
    var renames: [String: String] = [:]
    var number = 1
    for group in clashing.sorted() {
      while used.contains("item\(number)") { number += 1 }
      renames[group] = "item\(number)"
      used.insert("item\(number)")
    }
    func rename(_ property: VCardProperty?) -> VCardProperty? {
      guard var property, let group = property.group, let new = renames[group] else { return property }
      property.group = new
      return property
    }
    func renameEntries<Value>(_ entries: [ContactEntry<Value>]) -> [ContactEntry<Value>] {
      entries.map { entry in
        var entry = entry
        entry.source = rename(entry.source)
        return entry
      }
    }
    var renamed = other
    renamed.emails = renameEntries(other.emails)
    renamed.phones = renameEntries(other.phones)
    renamed.addresses = renameEntries(other.addresses)
    renamed.urls = renameEntries(other.urls)
    renamed.kept = other.kept.map { rename($0)! }
    renamed.sources = other.sources.mapValues { rename($0)! }
    contact = renamed
  }

  /// Every group name the contact's properties use, as written.
  private static func groups(of contact: Contact) -> Set<String> {
    var groups: [String?] = contact.kept.map(\.group) + contact.sources.values.map(\.group)
    groups += contact.emails.map { $0.source?.group } + contact.phones.map { $0.source?.group }
    groups += contact.addresses.map { $0.source?.group } + contact.urls.map { $0.source?.group }
    return Set(groups.compactMap { $0 })
  }
}
