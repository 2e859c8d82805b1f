/// Three-way merge of two edits of one card, for sync: what one side changed since the common
/// ancestor is taken, what both changed the same way is no conflict, and what both changed
/// differently is a conflict for the user, with both versions.
///
/// A card is merged by slots: all the properties of one name (every EMAIL together, every TEL,
/// NOTE, FN, each X- property's name, …). A group (`item1.EMAIL` with its `item1.X-ABLabel`)
/// travels whole, in the slot of its main property, and is compared by content: a server that
/// renumbers groups changes nothing. Slots are compared with `VCard.comparisonKey()`'s
/// normalisation, so a server's rewrite (order, TYPE spelling, escaping, 3.0 against 4.0) is not
/// a change. PRODID, REV, VERSION and UID are not merged: the merged card has local's (remote's
/// UID only when local has none); REV is the caller's to set.
///
/// The merged card keeps local's order: a slot taken from remote takes the place of local's first
/// property of that slot, and slots only remote has come at the end, in remote's order.
public enum VCardMerge {
  /// Merges `local` and `remote`, both edited from `base`. With no base (the two were never in
  /// sync), every slot where they differ is a conflict.
  public static func merge(base: VCard?, local: VCard, remote: VCard) -> VCardMergeResult {
    let localSlots = Slots(local)
    let remoteSlots = Slots(remote)
    let baseSlots = base.map(Slots.init)
    var takeRemote: Set<String> = []
    var conflicts: [VCardConflict.Part] = []
    for name in localSlots.names + remoteSlots.names.filter({ localSlots.units[$0] == nil }) {
      let localKeys = localSlots.keys(name)
      let remoteKeys = remoteSlots.keys(name)
      guard localKeys != remoteKeys else { continue }
      if let baseSlots, baseSlots.keys(name) == localKeys {
        takeRemote.insert(name)
      } else if let baseSlots, baseSlots.keys(name) == remoteKeys {
        continue
      } else {
        conflicts.append(
          VCardConflict.Part(
            name: name, base: baseSlots.map { $0.properties(name) }, local: localSlots.properties(name),
            remote: remoteSlots.properties(name)))
      }
    }
    guard conflicts.isEmpty else {
      let conflicting = Set(conflicts.map(\.name))
      return .conflict(
        VCardConflict(
          parts: conflicts,
          keepingLocal: merged(local: localSlots, remote: remoteSlots, takingRemote: takeRemote),
          keepingRemote: merged(local: localSlots, remote: remoteSlots, takingRemote: takeRemote.union(conflicting))))
    }
    return .merged(merged(local: localSlots, remote: remoteSlots, takingRemote: takeRemote))
  }

  /// Local's properties, with the slots in `takingRemote` as remote has them.
  private static func merged(local: Slots, remote: Slots, takingRemote: Set<String>) -> VCard {
    let localProperties = local.card.properties
    // Groups local keeps are not given to remote's groups.
    var usedGroups = Set(
      localProperties.indices.filter { !takingRemote.contains(local.slot(at: $0) ?? "") }
        .compactMap { localProperties[$0].group?.lowercased() })
    var renamed: [String: String] = [:]
    func fromRemote(_ name: String) -> [VCardProperty] {
      remote.properties(name).map { property in
        var property = property
        guard let group = property.group, !group.isEmpty else { return property }
        let label = group.lowercased()
        if let new = renamed[label] {
          property.group = new
        } else if usedGroups.insert(label).inserted {
          renamed[label] = group
        } else {
          let new = (1...).lazy.map { "item\($0)" }.first { usedGroups.insert($0).inserted }!
          renamed[label] = new
          property.group = new
        }
        return property
      }
    }
    var properties: [VCardProperty] = []
    var placed: Set<String> = []
    for (index, property) in localProperties.enumerated() {
      guard let slot = local.slot(at: index), takingRemote.contains(slot) else {
        properties.append(property)
        continue
      }
      if placed.insert(slot).inserted { properties += fromRemote(slot) }
    }
    for slot in remote.names where takingRemote.contains(slot) && placed.insert(slot).inserted {
      properties += fromRemote(slot)
    }
    if local.card.first("UID") == nil, let uid = remote.card.first("UID") { properties.append(uid) }
    return VCard(properties: properties)
  }

  /// A card cut into slots.
  private struct Slots {
    let card: VCard
    /// Slot names in the order the card first has them.
    var names: [String] = []
    var units: [String: [VCardComparison.Unit]] = [:]
    /// The slot of each property the card has, by position; nil for what is not merged.
    private var slotsByIndex: [Int: String] = [:]

    init(_ card: VCard) {
      self.card = card
      for unit in VCardComparison.units(of: card) {
        if units[unit.slot] == nil { names.append(unit.slot) }
        units[unit.slot, default: []].append(unit)
        for index in unit.indices { slotsByIndex[index] = unit.slot }
      }
      // An empty N is no N to compare, but a remote N takes its place.
      for (index, property) in card.properties.enumerated() where property.hasName("N") && slotsByIndex[index] == nil {
        slotsByIndex[index] = "N"
      }
    }

    func slot(at index: Int) -> String? { slotsByIndex[index] }

    /// The slot's content, in an order that does not depend on the card's.
    func keys(_ name: String) -> [String] {
      (units[name] ?? []).flatMap(\.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The slot's properties in the card's order (for a slot made by the writer, such as a
    /// missing FN, none).
    func properties(_ name: String) -> [VCardProperty] {
      (units[name] ?? []).flatMap(\.indices).sorted().map { card.properties[$0] }
    }
  }
}

/// What a merge gives: one card, or the parts both sides changed differently.
public enum VCardMergeResult: Hashable, Sendable {
  case merged(VCard)
  case conflict(VCardConflict)
}

/// The parts of a card that both sides changed, each differently: what a conflict screen shows
/// side by side. Everything else merged; `keepingLocal` and `keepingRemote` are the merge with
/// every conflicting part taken from one side, for a user who picks one.
public struct VCardConflict: Hashable, Sendable {
  /// One slot both sides changed: its properties (with their groups) in each version.
  public struct Part: Hashable, Sendable {
    /// The property name the slot holds (`EMAIL`, `NOTE`, `X-SPOUSE`).
    public var name: String
    /// Nil when there was no common ancestor.
    public var base: [VCardProperty]?
    public var local: [VCardProperty]
    public var remote: [VCardProperty]

    public init(name: String, base: [VCardProperty]?, local: [VCardProperty], remote: [VCardProperty]) {
      self.name = name
      self.base = base
      self.local = local
      self.remote = remote
    }
  }

  /// In local's order of slots, then remote's.
  public var parts: [Part]
  public var keepingLocal: VCard
  public var keepingRemote: VCard

  public init(parts: [Part], keepingLocal: VCard, keepingRemote: VCard) {
    self.parts = parts
    self.keepingLocal = keepingLocal
    self.keepingRemote = keepingRemote
  }
}
