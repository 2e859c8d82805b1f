import TestSupport
import Testing
import VCardFormat

@Suite("VCardMerge: three-way merge of a card edited on both sides")
struct VCardMergeTests {
  static let base = crlf(
    "BEGIN:VCARD", "VERSION:4.0", "UID:urn:uuid:1", "FN:Ada Lovelace", "N:Lovelace;Ada;;;",
    "item1.EMAIL;TYPE=home:ada@example.com", "item1.X-ABLabel:_$!<Home>!$_", "TEL;TYPE=cell:+44 20 1234",
    "NOTE:Mathematician", "X-SPOUSE:William", "REV:20240101T000000Z", "END:VCARD")

  func card(_ text: String) throws -> VCard { try readCard(text) }

  func edited(_ text: String, _ replacements: [(String, String)]) throws -> VCard {
    var text = text
    for (old, new) in replacements {
      #expect(text.contains(old), "\(old) is in the card")
      text = text.replacing(old, with: new)
    }
    return try card(text)
  }

  /// What a server may store of a card: written as 3.0, properties reversed, groups renumbered.
  func rewrittenByAServer(_ card: VCard) throws -> VCard {
    var stored = try readCard(VCardWriter(version: .v30).string(card))
    stored.properties.reverse()
    for index in stored.properties.indices {
      if let group = stored.properties[index].group { stored.properties[index].group = "ITEM9" + group.dropFirst(4) }
    }
    return stored
  }

  @Test func changesOnOneSideEachMergeInLocalsOrder() throws {
    let base = try card(Self.base)
    let local = try edited(Self.base, [("NOTE:Mathematician", "NOTE:First programmer"), ("X-SPOUSE:William\r\n", "")])
    let remote = try rewrittenByAServer(
      try edited(
        Self.base,
        [
          ("ada@example.com", "ada@lovelace.org"), ("TEL;TYPE=cell:+44 20 1234", "TEL;TYPE=cell:+44 20 9999"),
          ("END:VCARD", "URL:https://example.com/ada\r\nEND:VCARD"),
        ]))
    guard case .merged(let merged) = VCardMerge.merge(base: base, local: local, remote: remote) else {
      Issue.record("expected a merge")
      return
    }
    #expect(
      merged.properties.map { "\($0.group.map { $0 + "." } ?? "")\($0.name):\($0.value)" } == [
        "VERSION:4.0", "UID:urn:uuid:1", "FN:Ada Lovelace", "N:Lovelace;Ada;;;", "ITEM91.X-ABLABEL:_$!<Home>!$_",
        "ITEM91.EMAIL:ada@lovelace.org", "TEL:+44 20 9999", "NOTE:First programmer", "REV:20240101T000000Z",
        "URL:https://example.com/ada",
      ])
    #expect(merged.first("TEL")?.types == ["cell"])
  }

  @Test func theSameChangeOnBothSidesIsNoConflict() throws {
    let base = try card(Self.base)
    let local = try edited(Self.base, [("NOTE:Mathematician", "NOTE:Poet\\, too")])
    let remote = try rewrittenByAServer(try edited(Self.base, [("NOTE:Mathematician", "NOTE:Poet\\, too")]))
    #expect(VCardMerge.merge(base: base, local: local, remote: remote) == .merged(local))
    // A server's rewrite alone is no change at all: local comes back byte for byte.
    #expect(VCardMerge.merge(base: base, local: local, remote: try rewrittenByAServer(base)) == .merged(local))
    #expect(VCardMerge.merge(base: base, local: base, remote: try rewrittenByAServer(base)) == .merged(base))
  }

  @Test func differentChangesToOneSlotAreAConflictWithBothVersions() throws {
    let base = try card(Self.base)
    let local = try edited(
      Self.base, [("NOTE:Mathematician", "NOTE:Mine"), ("TEL;TYPE=cell:+44 20 1234", "TEL;TYPE=cell:+44 20 1111")])
    let remote = try edited(
      Self.base, [("NOTE:Mathematician", "NOTE:Theirs"), ("X-SPOUSE:William", "X-SPOUSE:William King")])
    guard case .conflict(let conflict) = VCardMerge.merge(base: base, local: local, remote: remote) else {
      Issue.record("expected a conflict")
      return
    }
    #expect(conflict.parts.map(\.name) == ["NOTE"])
    #expect(conflict.parts[0].base?.map(\.text) == ["Mathematician"])
    #expect(conflict.parts[0].local.map(\.text) == ["Mine"])
    #expect(conflict.parts[0].remote.map(\.text) == ["Theirs"])
    // Either way, what did merge is in.
    for (card, note) in [(conflict.keepingLocal, "Mine"), (conflict.keepingRemote, "Theirs")] {
      #expect(card.first("NOTE")?.text == note)
      #expect(card.first("TEL")?.text == "+44 20 1111")
      #expect(card.first("X-SPOUSE")?.text == "William King")
    }
  }

  @Test func aGroupTravelsWholeAndIsComparedByContent() throws {
    let base = try card(Self.base)
    // Remote relabels the email (its X-ABLabel changes), local changes the phone.
    let local = try edited(Self.base, [("+44 20 1234", "+44 20 5555")])
    let remote = try edited(Self.base, [("_$!<Home>!$_", "Private"), ("item1.", "item4.")])
    guard case .merged(let merged) = VCardMerge.merge(base: base, local: local, remote: remote) else {
      Issue.record("expected a merge")
      return
    }
    let grouped = merged.properties.filter { $0.group != nil }
    #expect(grouped.map(\.name) == ["EMAIL", "X-ABLABEL"])
    #expect(Set(grouped.map(\.group)) == ["item4"])
    #expect(grouped.map(\.text) == ["ada@example.com", "Private"])
    #expect(merged.first("TEL")?.text == "+44 20 5555")

    // Local changing the same email's address is the same slot: a conflict.
    let localEmail = try edited(Self.base, [("ada@example.com", "ada@home.example")])
    guard case .conflict(let conflict) = VCardMerge.merge(base: base, local: localEmail, remote: remote) else {
      Issue.record("expected a conflict")
      return
    }
    #expect(conflict.parts.map(\.name) == ["EMAIL"])
    #expect(conflict.parts[0].remote.map(\.name) == ["EMAIL", "X-ABLABEL"])
  }

  @Test func remoteGroupsNeverTakeALabelLocalKeeps() throws {
    let base = try card(Self.base)
    // Local adds a dated group as item2; remote adds a phone with a label, also as item2.
    let local = try edited(
      Self.base, [("END:VCARD", "item2.X-ABDATE:2020-01-01\r\nitem2.X-ABLabel:_$!<Anniversary>!$_\r\nEND:VCARD")])
    let remote = try edited(
      Self.base,
      [("TEL;TYPE=cell:+44 20 1234\r\n", "TEL;TYPE=cell:+44 20 1234\r\nitem2.TEL:+1 555\r\nitem2.X-ABLabel:Lab\r\n")])
    guard case .merged(let merged) = VCardMerge.merge(base: base, local: local, remote: remote) else {
      Issue.record("expected a merge")
      return
    }
    let groups = Dictionary(grouping: merged.properties.filter { $0.group != nil }, by: { $0.group! })
    #expect(groups.count == 3, "\(groups.keys)")
    #expect(groups["item2"]?.map(\.name) == ["X-ABDATE", "X-ABLABEL"])
    #expect(groups.values.contains { $0.map(\.name) == ["TEL", "X-ABLABEL"] && $0.last?.text == "Lab" })
    let expected = try edited(
      Self.base,
      [
        ("TEL;TYPE=cell:+44 20 1234\r\n", "TEL;TYPE=cell:+44 20 1234\r\nitem3.TEL:+1 555\r\nitem3.X-ABLabel:Lab\r\n"),
        ("END:VCARD", "item2.X-ABDATE:2020-01-01\r\nitem2.X-ABLabel:_$!<Anniversary>!$_\r\nEND:VCARD"),
      ])
    #expect(merged.comparisonKey() == expected.comparisonKey())
  }

  @Test func withoutABaseEveryDifferenceIsAConflict() throws {
    let local = try card(Self.base)
    let remote = try edited(Self.base, [("NOTE:Mathematician", "NOTE:Other"), ("UID:urn:uuid:1", "UID:other")])
    guard case .conflict(let conflict) = VCardMerge.merge(base: nil, local: local, remote: remote) else {
      Issue.record("expected a conflict")
      return
    }
    #expect(conflict.parts.map(\.name) == ["NOTE"])
    #expect(conflict.parts[0].base == nil)
    #expect(conflict.keepingRemote.first("UID")?.value == "urn:uuid:1", "local's UID stays")
    #expect(VCardMerge.merge(base: nil, local: local, remote: try rewrittenByAServer(local)) == .merged(local))
  }

  @Test func anEmptyNameFromA30ServerIsNoNameAndARealOneReplacesIt() throws {
    let base = try card(crlf("BEGIN:VCARD", "VERSION:4.0", "UID:u", "FN:ACME", "ORG:ACME", "END:VCARD"))
    let remote = try readCard(VCardWriter(version: .v30).string(base))
    #expect(remote.first("N")?.value == ";;;;")
    #expect(VCardMerge.merge(base: base, local: base, remote: remote) == .merged(base))
    let named = try edited(VCardWriter(version: .v30).string(base), [("N:;;;;", "N:Corp;Acme;;;")])
    guard case .merged(let merged) = VCardMerge.merge(base: base, local: base, remote: named) else {
      Issue.record("expected a merge")
      return
    }
    #expect(merged.properties(named: "N").map(\.value) == ["Corp;Acme;;;"])
  }

  // MARK: Seeded properties

  @Test func randomEditsOnDisjointSlotsAlwaysMergeToBoth() throws {
    var random = RandomMergeCards(generator: SplitMix64(seed: 0x3E_49E5))
    for index in 0..<400 {
      let base = random.card()
      let slots = random.slots(of: base).shuffled(using: &random.generator)
      let localSlots = Array(slots.prefix(random.int(0...3)))
      let remoteSlots = Array(slots.dropFirst(localSlots.count).prefix(random.int(0...3)))
      let localEdits = localSlots.map { random.edit(slot: $0, tag: "L") }
      let remoteEdits = remoteSlots.map { random.edit(slot: $0, tag: "R") }
      let local = localEdits.reduce(base) { $1($0) }
      var remote = remoteEdits.reduce(base) { $1($0) }
      if random.chance(50) { remote = try rewrittenByAServer(remote) }
      let expected = remoteEdits.reduce(local) { $1($0) }
      let context = "case \(index): local \(localSlots), remote \(remoteSlots)"
      switch VCardMerge.merge(base: base, local: local, remote: remote) {
      case .merged(let merged):
        #expect(merged.comparisonKey() == expected.comparisonKey(), "\(context)")
      case .conflict(let conflict):
        Issue.record("\(context): conflict in \(conflict.parts.map(\.name))")
      }
      #expect(VCardMerge.merge(base: base, local: local, remote: local) == .merged(local), "\(context): x, x")
      #expect(
        Self.key(VCardMerge.merge(base: base, local: base, remote: remote)) == remote.comparisonKey(), "\(context)")
      #expect(Self.key(VCardMerge.merge(base: base, local: local, remote: base)) == local.comparisonKey(), "\(context)")
    }
  }

  @Test func randomEditsOnOneSlotConflictUnlessTheyAreEqual() {
    var random = RandomMergeCards(generator: SplitMix64(seed: 0xC0_FF1C7))
    for index in 0..<300 {
      let base = random.card()
      let slot = random.slots(of: base).randomElement(using: &random.generator)!
      let local = random.edit(slot: slot, tag: "L")(base)
      let remote = random.edit(slot: slot, tag: "R")(base)
      let result = VCardMerge.merge(base: base, local: local, remote: remote)
      if local.comparisonKey() == remote.comparisonKey() {
        #expect(result == .merged(local), "case \(index)")
      } else if local.comparisonKey() == base.comparisonKey() || remote.comparisonKey() == base.comparisonKey() {
        #expect(Self.key(result) != nil, "case \(index): one side did not change")
      } else {
        guard case .conflict(let conflict) = result else {
          Issue.record("case \(index): \(slot) changed both ways merged")
          continue
        }
        #expect(conflict.parts.map(\.name) == [slot], "case \(index)")
        #expect(conflict.keepingLocal.comparisonKey() == local.comparisonKey(), "case \(index)")
        #expect(conflict.keepingRemote.comparisonKey() == remote.comparisonKey(), "case \(index)")
      }
    }
  }

  static func key(_ result: VCardMergeResult) -> String? {
    guard case .merged(let card) = result else { return nil }
    return card.comparisonKey()
  }
}

/// Random cards made of slots, and random edits of one slot each.
struct RandomMergeCards {
  var generator: SplitMix64
  private var counter = 0

  init(generator: SplitMix64) {
    self.generator = generator
  }

  static let singles = ["NOTE", "TITLE", "ROLE", "BDAY", "X-SPOUSE", "X-FOO"]
  static let lists = ["EMAIL", "TEL", "URL", "ADR", "NICKNAME", "CATEGORIES", "ORG", "X-BAR"]

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
  mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

  mutating func text() -> String {
    counter += 1
    let pieces = ["a", "Zoë", ",", ";", "\\", ":", " ", "漢", "\n", "x"]
    return (0..<int(1...5)).map { _ in pieces[int(0...pieces.count - 1)] }.joined() + "\(counter)"
  }

  mutating func property(_ name: String) -> VCardProperty {
    var parameters: [VCardParameter] = []
    if chance(40) { parameters.append(VCardParameter("TYPE", ["home", "work", "cell"][int(0...2)])) }
    if chance(15) { parameters.append(VCardParameter("PREF", "1")) }
    switch name {
    case "ADR", "ORG":
      return VCardProperty(name: name, parameters: parameters, components: [[text()], [text()], [text()]])
    case "NICKNAME", "CATEGORIES":
      return VCardProperty(name: name, parameters: parameters, components: [[text(), text()]])
    case "URL":
      return VCardProperty(name: name, parameters: parameters, value: "https://example.com/\(text().count)/\(counter)")
    default:
      return VCardProperty(name: name, parameters: parameters, text: text())
    }
  }

  /// A labelled email group, Apple's way; labels are unique so no two groups merge by accident.
  mutating func group(_ tag: String) -> [VCardProperty] {
    counter += 1
    let label = "item\(tag)\(counter)"
    return [
      VCardProperty(group: label, name: "EMAIL", text: "g\(counter)@example.com"),
      VCardProperty(group: label, name: "X-ABLabel", text: text()),
    ]
  }

  mutating func card() -> VCard {
    var properties = [
      VCardProperty(name: "VERSION", value: "4.0"), VCardProperty(name: "UID", value: "u\(int(0...999))"),
      VCardProperty(name: "FN", text: text()),
    ]
    if chance(70) { properties.append(VCardProperty(name: "N", components: [[text()], [text()], [], [], []])) }
    for name in Self.singles where chance(50) { properties.append(property(name)) }
    for name in Self.lists where chance(60) {
      for _ in 0..<int(1...3) { properties.append(property(name)) }
    }
    if chance(50) { properties += group("B") }
    return VCard(properties: properties.shuffled(using: &generator))
  }

  /// The slots a card has, and a few it does not (an edit there adds).
  mutating func slots(of card: VCard) -> [String] {
    var names = ["FN", "N", "NOTE", "TEL", "X-NEW"] + Self.singles + Self.lists
    if card.properties.contains(where: { $0.group != nil }) || chance(50) { names.append("EMAIL") }
    return Array(Set(names)).sorted()
  }

  /// An edit of one slot: a changed value or type, an added property, a removed one.
  mutating func edit(slot: String, tag: String) -> (VCard) -> VCard {
    let choice = int(0...3)
    let added = slot == "EMAIL" && chance(50) ? group(tag) : [property(slot)]
    let replacement = property(slot)
    let which = int(0...10)
    let removesAll = slot != "FN" && chance(30)
    return { card in
      var card = card
      let positions = card.properties.indices.filter { Self.slot(of: card.properties[$0], in: card) == slot }
      if positions.isEmpty || (choice == 0 && slot != "FN") {
        card.properties += added
      } else if choice == 1 && slot != "FN" {
        if removesAll {
          for position in positions.reversed() { card.properties.remove(at: position) }
        } else {
          let removed = card.properties[positions[which % positions.count]]
          card.properties.removeAll { $0 == removed || (removed.group != nil && $0.group == removed.group) }
        }
      } else {
        let position = positions[which % positions.count]
        var property = replacement
        property.group = card.properties[position].group
        property.name = card.properties[position].name
        if choice == 3 { property.value = card.properties[position].value }
        card.properties[position] = property
      }
      return card
    }
  }

  /// The slot a property merges in: its name, or its group's EMAIL.
  static func slot(of property: VCardProperty, in card: VCard) -> String {
    guard let group = property.group else { return property.name }
    return card.properties.contains { $0.group == group && $0.name == "EMAIL" } ? "EMAIL" : property.name
  }
}
