import Foundation
import Testing
import VCardFormat

/// Our exports of real cards against what Radicale 3.9.0 stores of them.
///
/// Radicale re-serialises every card it is sent with vobject 0.9.9, so what a sync reads back is
/// vobject's rewrite of what it uploaded. `Fixtures/vobject/radicale/` holds those rewrites,
/// recorded by `Fixtures/vobject/record-vobject.sh` with Radicale's own code (see the README
/// there); this suite needs no Python. For each card of `Fixtures/vobject/sources/` (the shared
/// corpus, and cards of our own), exported as 3.0 and as 4.0 by `VCardWriter`, the server's copy
/// must have the same comparison key as ours, or else differ only where vobject really loses
/// data: it cuts any value it does not parse as a list at its first unescaped comma, which the
/// writer leaves only where the RFCs make the comma part of a URI (`data:` URIs: upload as 3.0,
/// where a photo is base64).
@Suite("vobject (Radicale) rewrites of our exports keep their comparison key")
struct VobjectInteropTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/vobject")

  /// One card of a source file, exported.
  struct Export {
    var name: String
    var version: VCardVersion
    var card: VCard
    var bytes: [UInt8]

    /// `folder/file.N.vVERSION`, the name of its recordings.
    var id: String { "\(name).v\(version.rawValue)" }
  }

  /// Every readable card of every source file, with a UID when it had none (the sync gives
  /// each card one), as our writer exports it in each version.
  static func exports() throws -> [Export] {
    let sources = fixtures.appendingPathComponent("sources")
    var exports: [Export] = []
    for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let directory = sources.appendingPathComponent(folder)
      for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      where file.hasSuffix(".vcf") {
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(file)))
        for (index, card) in VCardReader.read(bytes).compactMap(\.card).enumerated() {
          var card = card
          let name = "\(folder)/\(file.dropLast(4)).\(index + 1)"
          if card.first("UID") == nil {
            card.properties.append(VCardProperty(name: "UID", text: "corpus-" + name.replacing("/", with: "-")))
          }
          for version in [VCardVersion.v30, .v40] {
            exports.append(
              Export(name: name, version: version, card: card, bytes: VCardWriter(version: version).bytes(card)))
          }
        }
      }
    }
    return exports
  }

  static func recordingURL(_ export: Export, refused: Bool = false) -> URL {
    fixtures.appendingPathComponent("radicale/\(export.id).\(refused ? "refused" : "vcf")")
  }

  /// The cards Radicale answers with an error (it stores nothing), and why: faults of the
  /// source that the writer cannot mend without losing data.
  static let knownRefusals = [
    // The 2.1 photo's base64 is 1,169 characters long, so not base64 at all; the 4.0 export,
    // a data: URI, goes in, and is cut at its comma.
    "ez-vcard/John_Doe_ANDROID.5.v3.0": "base64",
    // Two N properties (ALTID: the name in two languages); vobject allows one.
    "khard/vcards_altid.1.v3.0": "more than 1 N",
    "khard/vcards_altid.1.v4.0": "more than 1 N",
  ]

  @Test func everyExportHasTheServersCopyWithTheSameMeaning() throws {
    let exports = try Self.exports()
    try Self.writeExportsIfAsked(exports)
    #expect(exports.count >= 100, "the corpus is there: \(exports.count) exports")
    var same = 0
    var lossy: [String] = []
    var refused: Set<String> = []
    for export in exports {
      if let refusal = try? String(contentsOf: Self.recordingURL(export, refused: true), encoding: .utf8) {
        refused.insert(export.id)
        let reason = try #require(Self.knownRefusals[export.id], "\(export.id) refused: \(refusal)")
        #expect(refusal.contains(reason), "\(export.id): \(refusal)")
        continue
      }
      let recorded = try Data(contentsOf: Self.recordingURL(export))
      let results = VCardReader.read([UInt8](recorded))
      let stored = try #require(results.first?.card, "\(export.id): \(results)")
      let ours = try #require(VCardReader.read(export.bytes).first?.card)
      if stored.comparisonKey() == ours.comparisonKey() {
        same += 1
        continue
      }
      // Not the same: it must be vobject's comma cut, and nothing else.
      let cut = VobjectCommaCut.applied(to: ours)
      #expect(
        stored.comparisonKey() == cut.card.comparisonKey(),
        "\(export.id): the server's copy differs\n\(diff(ours, stored))")
      #expect(!cut.cutNames.isEmpty)
      lossy.append("\(export.id): \(cut.cutNames.sorted().joined(separator: ","))")
      // Only a binary value as a 4.0 data: URI, whose comma the writer must leave.
      let dataURIs: Set<String> = export.version == .v40 ? ["PHOTO", "LOGO", "SOUND", "KEY"] : []
      #expect(cut.cutNames.subtracting(dataURIs).isEmpty, "\(export.id): \(cut.cutNames)")
    }
    #expect(refused == Set(Self.knownRefusals.keys), "refusals are recorded for the cards that have them")
    #expect(same > exports.count * 3 / 4, "\(same) of \(exports.count) the same; lossy: \(lossy)")
  }

  @Test func commasInTextsSurviveTheServer() throws {
    for version in ["3.0", "4.0"] {
      let url = Self.fixtures.appendingPathComponent("radicale/termflow/commas.1.v\(version).vcf")
      let stored = try readCard(String(decoding: try Data(contentsOf: url), as: UTF8.self))
      #expect(stored.first("FN")?.text == "Jörg Müller, Geschäftsführer", "\(version)")
      #expect(stored.first("TITLE")?.text == "CEO, CTO")
      #expect(stored.first("ROLE")?.text == "Founder, board")
      #expect(stored.first("ORG")?.components == [["Müller, Söhne GmbH"], ["Sales, North"]])
      #expect(stored.first("NOTE")?.text == "Met in Berlin, 2019; likes tea, not coffee\nSecond line: done")
      #expect(stored.first("X-ABLABEL")?.text == "Blog, old")
      #expect(stored.first("URL")?.value == "http://example.com/joerg")
      // A list of nicknames (which vobject cuts to the first) is written one by one.
      #expect(stored.properties(named: "NICKNAME").map(\.text) == ["Jo", "JM"])
    }
  }

  /// `VCARD_VOBJECT_EXPORTS=<dir>`: also writes each export to `<dir>/<name>.v<version>.vcf`,
  /// for `record-vobject.sh` to send through Radicale's code.
  static func writeExportsIfAsked(_ exports: [Export]) throws {
    guard let directory = ProcessInfo.processInfo.environment["VCARD_VOBJECT_EXPORTS"] else { return }
    for export in exports {
      let url = URL(fileURLWithPath: directory).appendingPathComponent(export.id + ".vcf")
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(export.bytes).write(to: url)
    }
  }

  func diff(_ ours: VCard, _ stored: VCard) -> String {
    let mine = Set(ours.comparisonKey().split(separator: "\n"))
    let theirs = Set(stored.comparisonKey().split(separator: "\n"))
    return "ours only:\n" + mine.subtracting(theirs).sorted().joined(separator: "\n") + "\nserver only:\n"
      + theirs.subtracting(mine).sorted().joined(separator: "\n")
  }
}

/// What vobject 0.9.9 does to a value it treats as one text (every property but N, ADR, ORG,
/// GEO and CATEGORIES): keeps what comes before the first unescaped comma, and escapes that as
/// a text (`data:image/jpeg;base64,…` is stored as `data:image/jpeg\;base64`).
enum VobjectCommaCut {
  static let parsedAsLists: Set<String> = ["N", "ADR", "ORG", "GEO", "CATEGORIES"]

  static func applied(to card: VCard) -> (card: VCard, cutNames: Set<String>) {
    var card = card
    var cutNames: Set<String> = []
    for index in card.properties.indices where !parsedAsLists.contains(card.properties[index].name) {
      let property = card.properties[index]
      guard !property.parameterValues("ENCODING").contains(where: { $0.lowercased() == "b" }) else { continue }
      let parts = VCardEscaping.split(property.value, at: ",")
      if parts.count > 1 {
        card.properties[index].value = VCardEscaping.escape(VCardEscaping.unescape(parts[0]))
        cutNames.insert(property.name)
      }
    }
    return (card, cutNames)
  }
}
