import ContactsCore
import ContactsModel
import Foundation
import TerminalUI
import Testing
import VCardFormat

@testable import SessionRecording

/// The recorder's own JSON writer (``SessionLineEncoder``) must write what `JSONEncoder` writes
/// with the recorder's options, byte for byte: the log is read back by `JSONDecoder`, and the
/// hand-written lines and old logs are the encoder's.
struct SessionLineEncoderTests {
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// Every control character, quotes, backslashes, slashes, accents, wide and combined clusters.
  static let awkwardText =
    String((0..<0x20).map { Character(Unicode.Scalar($0)!) }) + "\"\\/\u{7F}\u{2028}\u{FEFF}é e\u{301} 李 😀 👨‍👩‍👧"

  /// A card with every field the app reads, kept properties in groups and with parameters, and
  /// text that needs escaping; `index` varies it.
  static func card(_ index: Int) -> VCard {
    var random = SplitMix(seed: UInt64(index))
    func pick(_ options: [String]) -> String { options[Int(random.next() % UInt64(options.count))] }
    let name = pick(["Ada Lovelace", "Zoë Ångström", "李小龍", "O'Brien, \"Pat\"", "back\\slash", awkwardText])
    var properties = [
      VCardProperty(name: "UID", value: "urn:uuid:\(index)-\(random.next())"),
      VCardProperty(name: "FN", text: name),
      VCardProperty(name: "N", components: [["Lovelace"], ["Ada"], [], ["Dr."], []]),
      VCardProperty(name: "NICKNAME", components: [["Countess", "Ada"]]),
      VCardProperty(name: "ORG", components: [[pick(["Analytical Engines", "Café Zoë", ""])]]),
      VCardProperty(name: "TITLE", text: pick(["Analyst", "a/b", ""])),
      VCardProperty(name: "NOTE", text: pick(["Line one\nline two\ttabbed", awkwardText, ""])),
      VCardProperty(name: "CATEGORIES", components: [["friends", "work"]]),
      VCardProperty(name: "BDAY", value: pick(["1815-12-10", "--1210", "1815"])),
      VCardProperty(name: "REV", value: "2024-0\(index % 9 + 1)-1\(index % 10)T10:\(index % 6)0:00Z"),
      VCardProperty(
        name: "EMAIL", parameters: [VCardParameter(name: "TYPE", values: ["work", "pref"])],
        value: "ada\(index)@example.com"),
      VCardProperty(name: "EMAIL", value: "second\(index)@example.org"),
      VCardProperty(
        name: "TEL", parameters: [VCardParameter("TYPE", "cell")], value: "+44 20 \(random.next() % 10_000)"),
      VCardProperty(name: "ADR", components: [[], [], ["12 Rue de Rivoli"], ["Paris"], [], ["75001"], ["France"]]),
      VCardProperty(name: "URL", value: "https://example.com/\(index)?q=a&b=c"),
      VCardProperty(group: "item1", name: "X-ABLABEL", value: "_$!<Other>!$_"),
      VCardProperty(group: "item\(index % 12)", name: "X-CUSTOM", value: pick(["x", awkwardText])),
    ]
    if index % 3 == 0 { properties.append(VCardProperty(name: "ANNIVERSARY", value: "2001-06-0\(index % 9 + 1)")) }
    if index % 4 == 0 { properties.append(VCardProperty(name: "BDAY", value: "not a date")) }
    if index % 5 == 0 { properties.removeAll { $0.name == "REV" || $0.name == "ORG" } }
    return VCard(properties: properties)
  }

  /// A page of contacts loaded as the list scrolls: what the recorder encodes most.
  @Test func aPageOfContactsIsTheEncodersLine() throws {
    let contacts = (0..<60).map { Contact(card: Self.card($0), id: Int64($0) * 7_919) }
    let position = ContactPosition(sortKey: contacts[0].name, id: contacts[0].id)
    let entries: [SessionEntry<AppAction>] = [
      .effect(.browser(.pageLoaded(.after(position), contacts))),
      .effect(.browser(.pageLoaded(.first, []))),
      .effect(.browser(.pageLoaded(.before(position), Array(contacts.prefix(1))))),
    ]
    for entry in entries {
      let line = try SessionLineEncoder.encode(entry)
      let encoded = try Self.encoder().encode(entry)
      #expect(line == Array(encoded), "\(String(decoding: line.prefix(200), as: UTF8.self))")
    }
    // Each contact alone too, so that a difference names the card.
    for contact in contacts {
      #expect(try SessionLineEncoder.encode(contact) == Array(Self.encoder().encode(contact)), "\(contact.uid)")
    }
  }

  /// What the app's other actions and inputs hold: keys, pastes, resizes, errors in words.
  @Test func theAppsActionsAndInputsAreTheEncodersLines() throws {
    var entries: [SessionEntry<AppAction>] = [
      .input(.input(.key(.ctrl("c")))), .input(.input(.paste(Self.awkwardText))),
      .input(.resize(Size(width: 250, height: 70))), .input(.tick),
      .action(.browser(.move(.down))), .action(.browser(.move(.to(12_345)))),
      .action(.browser(.loadFailed(Self.awkwardText))), .action(.browser(.counted(Int.max))),
      .action(.browser(.appeared(visibleRows: 21))),
      .end(SessionEnd(frame: "a\nb", state: Self.awkwardText, colorDepth: .trueColor)),
    ]
    entries += ["a", "\"", "\\", "\u{1B}", "李"].map { .action(.signIn(.form(.edit(.insert($0))))) }
    for entry in entries {
      #expect(try SessionLineEncoder.encode(entry) == Array(Self.encoder().encode(entry)), "\(entry)")
    }
  }

  struct Numbers: Codable {
    var integers: [Int] = [0, 1, -1, 9, 10, 99, 100, Int.max, Int.min, 1_234_567_890]
    var small: [Int8] = [Int8.min, -1, 0, Int8.max]
    var unsigned: [UInt64] = [0, 7, UInt64.max]
    var doubles: [Double] = [
      0, -0.0, 1, -1, 0.1, 1.5, 1e-7, 1e20, 1e300, 786_123_456.789, Double.leastNonzeroMagnitude,
    ]
    var floats: [Float] = [0, 1, 0.1, 3.4e38]
    var date = Date(timeIntervalSinceReferenceDate: 786_123_456.789)
    var data = Data([0, 1, 2, 250, 255])
    var url = URL(string: "https://example.com/a b?c=d")!
    var optionals: [String?] = [nil, "x"]
    var nested: [[String: [Int]]] = [["b": [1], "a": [], "B": [2], "_": [3], "a0": [], "ä": [4], "10": [], "9": []]]
    var flag = true
    var absent: String? = nil
    var empty: [String: Int] = [:]
  }

  @Test func numbersDatesDataURLsAndDictionariesAreTheEncoders() throws {
    #expect(try SessionLineEncoder.encode(Numbers()) == Array(Self.encoder().encode(Numbers())))
  }

  /// A value this writer cannot follow is refused, never written wrong.
  struct UsesASuperEncoder: Encodable {
    enum Key: CodingKey { case a }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(1, forKey: .a)
      try "x".encode(to: container.superEncoder())
    }
  }

  struct WritesToAClosedContainer: Encodable {
    enum Key: CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      var first = container.nestedContainer(keyedBy: Key.self, forKey: .a)
      try container.encode(2, forKey: .b)
      try first.encode(1, forKey: .a)
    }
  }

  @Test func whatItCannotFollowItRefuses() {
    #expect(throws: SessionLineEncoder.Refusal.self) { try SessionLineEncoder.encode(UsesASuperEncoder()) }
    #expect(throws: SessionLineEncoder.Refusal.self) { try SessionLineEncoder.encode(WritesToAClosedContainer()) }
    #expect(throws: SessionLineEncoder.Refusal.self) { try SessionLineEncoder.encode([Decimal(1)]) }
    #expect(throws: (any Error).self) { try SessionLineEncoder.encode([Double.nan]) }
  }
}

/// A small deterministic random source for test data.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
