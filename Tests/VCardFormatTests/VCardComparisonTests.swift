import TestSupport
import Testing
import VCardFormat

@Suite("VCard.comparisonKey: what sync compares")
struct VCardComparisonTests {
  /// The same contact as a 3.0 server might hold it, folded, reordered, re-escaped and renumbered.
  static let as30 = crlf(
    "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.0//EN", "N:Doe;Jane;;;",
    "FN:Jane Doe\\, PhD", "ORG:ACME\\, Inc.;Sales;", "item1.EMAIL;type=INTERNET;type=HOME;type=pref:jane@example.com",
    "item1.X-ABLabel:_$!<Home>!$_", "TEL;TYPE=CELL,VOICE:+1 555 0100", "NOTE:line one\\nline two\\: done",
    "URL:http\\://example.com/jane", "CATEGORIES:friends,work", "NICKNAME:Jane,JD",
    "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQ", " EAYABgAA", "UID:local-1", "REV:2024-01-01T00:00:00Z",
    "END:VCARD")
  /// The same contact as this app stores it: 4.0, another order, other spellings.
  static let as40 = crlf(
    "BEGIN:VCARD", "VERSION:4.0", "UID:urn:uuid:another", "FN:Jane Doe\\, PhD",
    "TEL;type=voice;TYPE=cell:+1 555 0100", "item7.X-ABLABEL:_$!<Home>!$_", "N:Doe;Jane",
    "item7.EMAIL;PREF=1;TYPE=home,internet:jane@example.com", "ORG:ACME\\, Inc.;Sales",
    "PHOTO:data:IMAGE/JPEG;base64,/9j/4AAQSkZJRgABAQEAYABgAA==", "NOTE:line one\\Nline two: done",
    "CATEGORIES:friends,work", "URL:http://example.com/jane", "NICKNAME:JD", "NICKNAME:Jane,",
    "REV:20250202T000000Z", "END:VCARD")

  @Test func theSameContactWrittenTwoWaysHasOneKey() throws {
    let key = try readCard(Self.as30).comparisonKey()
    #expect(try readCard(Self.as40).comparisonKey() == key)
    #expect(key.hasPrefix("vcard-comparison-key 1\n"))
    #expect(!key.contains("UID") && !key.contains("REV") && !key.contains("PRODID") && !key.contains("VERSION"))
  }

  @Test func a30EmptyNameAndAMissingFormattedNameAreNoChange() throws {
    let stored = try readCard(crlf("BEGIN:VCARD", "VERSION:4.0", "ORG:ACME", "EMAIL:a@example.com", "END:VCARD"))
    // What the writer sends as 3.0 (FN made from ORG, the required empty N) is the same contact.
    let sent = try readCard(VCardWriter(version: .v30).string(stored))
    #expect(sent.first("N")?.value == ";;;;")
    #expect(sent.first("FN")?.text == "ACME")
    #expect(sent.comparisonKey() == stored.comparisonKey())
    let named = try readCard(
      crlf("BEGIN:VCARD", "VERSION:3.0", "FN:ACME", "N:;;,;;", "ORG:ACME;", "EMAIL:a@example.com", "END:VCARD"))
    #expect(named.comparisonKey() == stored.comparisonKey())
  }

  @Test func listsCompareByTheirItems() throws {
    func key(_ lines: String...) throws -> String {
      try readCard((["BEGIN:VCARD", "VERSION:4.0", "FN:F"] + lines + ["END:VCARD"]).map { $0 + "\r\n" }.joined())
        .comparisonKey()
    }
    // 2.1 escapes no semicolon in a NICKNAME; 3.0 and 4.0 must.
    #expect(try key("NICKNAME:Jo;Jo") == key(#"NICKNAME:Jo\;Jo"#))
    #expect(try key("CATEGORIES:x,,y,") == key("CATEGORIES:x,y"))
    #expect(try key("CATEGORIES:x,y") == key("CATEGORIES:y", "CATEGORIES:x"))
    #expect(try key(#"CATEGORIES:x\,y"#) != key("CATEGORIES:x,y"))
    #expect(try key("N:Doe;;;;") == key("N:Doe;,;;"))
    #expect(try key("N:;;;;") == key())
  }

  @Test func everyRealChangeChangesTheKey() throws {
    let base = try readCard(Self.as40)
    let key = base.comparisonKey()
    func changed(_ change: (inout [VCardProperty]) -> Void) -> String {
      var card = base
      change(&card.properties)
      return card.comparisonKey()
    }
    func index(_ name: String, in properties: [VCardProperty]) -> Int {
      properties.firstIndex { $0.hasName(name) }!
    }
    let changes: [(String, (inout [VCardProperty]) -> Void)] = [
      ("a changed email", { $0[index("EMAIL", in: $0)].value = "jane@example.org" }),
      ("an added phone", { $0.append(VCardProperty(name: "TEL", value: "+1 555 0199")) }),
      ("a changed note", { $0[index("NOTE", in: $0)] = VCardProperty(name: "NOTE", text: "line one") }),
      ("a changed photo", { $0[index("PHOTO", in: $0)].value = "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEAYABgAQ==" }),
      ("a removed URL", { $0.remove(at: index("URL", in: $0)) }),
      ("a changed type", { $0[index("TEL", in: $0)].parameters = [VCardParameter("TYPE", "work")] }),
      ("a lost preference", { $0[index("EMAIL", in: $0)].parameters.removeAll { $0.name == "PREF" } }),
      ("a label moved off its email", { $0[index("X-ABLABEL", in: $0)].group = nil }),
      ("an ORG unit", { $0[index("ORG", in: $0)].value = "ACME\\, Inc.;Sales;North" }),
      ("a comma that was a separator", { $0[index("CATEGORIES", in: $0)].value = "friends\\,work" }),
      ("a new X- property", { $0.append(VCardProperty(name: "X-SPOUSE", text: "John")) }),
      ("a language", { $0[index("NOTE", in: $0)].parameters = [VCardParameter("LANGUAGE", "en")] }),
      ("a duplicated email", { $0.append($0[index("EMAIL", in: $0)]) }),
      ("a lost nickname", { $0.remove(at: index("NICKNAME", in: $0)) }),
    ]
    var keys: Set<String> = [key]
    for (what, change) in changes {
      let changedKey = changed(change)
      #expect(changedKey != key, "\(what) should change the key")
      keys.insert(changedKey)
    }
    #expect(keys.count == changes.count + 1, "each change gives a key of its own")
  }

  @Test(arguments: [VCardVersion.v40, .v30])
  func randomCardsKeepTheirKeyThroughTheWriter(_ version: VCardVersion) throws {
    var random = RandomCards(generator: SplitMix64(seed: version == .v40 ? 0xC0DE_4000 : 0xC0DE_3000))
    for index in 0..<300 {
      let card = random.card(version: .v40)
      let written = try #require(VCardReader.read(VCardWriter(version: version).bytes(card)).first?.card)
      #expect(written.comparisonKey() == card.comparisonKey(), "case \(index)")
      // … and through the other version too: 4.0 → 3.0 → 4.0.
      let back = try #require(VCardReader.read(VCardWriter(version: .v40).bytes(written)).first?.card)
      #expect(back.comparisonKey() == card.comparisonKey(), "case \(index), back")
    }
  }
}
