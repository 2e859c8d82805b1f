import CardDAVTesting
import ContactsModel
import ContactsServices
import ContactsSync
import Foundation
import TestSupport
import Testing
import VCardFormat

/// A card survives every server: its photo up from one database, down into another and back
/// after a change on the server, its REV the server's on every side, N for 3.0 clients; and a
/// server that keeps less than it was sent is named in the summary.
@Suite struct CardSurvivalTests {
  /// A photo's bytes: a JPEG's first bytes, then 3,000 seeded random ones (long enough to be
  /// folded over many lines).
  static let photo: Data = {
    var random = SplitMix64(seed: 35)
    return Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<3_000).map { _ in UInt8(truncatingIfNeeded: random.next()) })
  }()

  /// Ada's 4.0 card with the photo, as a phone exports it.
  static let photoCard = [
    "BEGIN:VCARD", "VERSION:4.0", "UID:photo-1", "FN:Ada Lovelace", "N:Lovelace;Ada;;;",
    "EMAIL:ada@example.com", "PHOTO:data:image/jpeg;base64,\(photo.base64EncodedString())",
    "REV:20200101T120000Z", "END:VCARD", "",
  ].joined(separator: "\r\n")

  /// The bytes of a contact's photo, nil without one.
  static func photo(of contact: Contact?) -> Data? {
    guard let contact else { return nil }
    let written = VCardWriter(version: .v40).string(contact.vCard)
    guard let value = VCardReader.read(written).first?.card?.first("PHOTO")?.value,
      let comma = value.firstIndex(of: ",")
    else { return nil }
    return Data(base64Encoded: String(value[value.index(after: comma)...]))
  }

  /// A REV as a Date (`20300101T000000Z`).
  static func revision(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.date(from: text)
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func aPhotoGoesUpComesDownAndComesBackAfterARenameOnTheServer(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let laptop = try await SyncSide.make(on: server, name: "laptop")
      let desktop = try await SyncSide.make(on: server, name: "desktop")
      defer {
        laptop.remove()
        desktop.remove()
      }
      try await laptop.importCards(Self.photoCard)
      try await laptop.link()
      let up = try await laptop.run()
      #expect(up.sent == 1 && up.changedByServer.isEmpty, "\(up.changedByServer)")

      try await desktop.link()
      let down = try await desktop.run()
      #expect(down.received == 1)
      let arrived = try await desktop.contact(named: "Ada Lovelace")
      #expect(Self.photo(of: arrived) == Self.photo)

      // Renamed on the server by another client of the book's version (Radicale keeps no 4.0
      // photo of anyone's: ServerBehaviourTests), which also moves REV on.
      let version = try #require(try await laptop.sync.link(account: laptop.account)?.books.first?.cardVersion)
      let view = ServerView(server: server, version: version)
      var renamed = try #require(try await view.cards().first?.value.card)
      renamed.properties.removeAll { $0.hasName("FN") || $0.hasName("N") || $0.hasName("REV") }
      renamed.properties += [
        VCardProperty(name: "FN", text: "Ada King"), VCardProperty(name: "N", value: "King;Ada;;;"),
        VCardProperty(name: "REV", value: "20300101T000000Z"),
      ]
      try await view.put(uid: "photo-1", VCardWriter(version: version == "4.0" ? .v40 : .v30).string(renamed))

      let back = try await laptop.run()
      #expect(back.received == 1)
      let returned = try #require(try await laptop.contact(named: "Ada King"))
      #expect(Self.photo(of: returned) == Self.photo)
      try await desktop.run()
      #expect(Self.photo(of: try await desktop.contact(named: "Ada King")) == Self.photo)

      // Both databases hold the server's REV, and the same card as the server.
      let serverRevision = try #require(Self.revision("20300101T000000Z"))
      #expect(returned.revision == serverRevision)
      #expect(try await desktop.contact(named: "Ada King")?.revision == serverRevision)
      let expected = try await view.fingerprints()
      #expect(try await laptop.fingerprints() == expected)
      #expect(try await desktop.fingerprints() == expected)
    }
  }

  /// A contact without a structured name goes up with an empty N, so a 3.0 client of the book
  /// (Cyrus converts 4.0 cards for one) gets a valid card it can save back.
  @Test(arguments: DAVTestServer.Kind.allCases)
  func aContactWithoutNameGoesUpWithAnEmptyN(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      let side = try await SyncSide.make(on: server)
      defer { side.remove() }
      try await side.importCards(
        ["BEGIN:VCARD", "VERSION:4.0", "UID:acme", "FN:Acme Ltd", "ORG:Acme Ltd", "END:VCARD", ""]
          .joined(separator: "\r\n"))
      try await side.link()
      let up = try await side.run()
      #expect(up.sent == 1 && up.refused.isEmpty && up.changedByServer.isEmpty)
      let asThreeSees = try await ServerView(server: server, version: "3.0").cards()
      let card = try #require(asThreeSees.values.first?.card)
      #expect(card.first("N") != nil && card.first("FN")?.text == "Acme Ltd")
    }
  }

  /// Radicale 3.9 keeps a 4.0 `data:` photo without its image (vobject's rewrite): the sync says
  /// so, naming the card and the property, and keeps the photo here.
  @Test func aServerThatDropsAValueIsReported() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let side = try await SyncSide.make(on: server)
      defer { side.remove() }
      try await side.importCards(Self.photoCard)
      try await side.link(version: "4.0")
      let up = try await side.run()
      #expect(up.sent == 1)
      #expect(up.changedByServer == ["Ada Lovelace: the server changed PHOTO of the card sent (kept here as sent)"])
      #expect(up.needsAttention && up.line.contains("1 changed by the server"))
      #expect(Self.photo(of: try await side.contact(named: "Ada Lovelace")) == Self.photo)
      // Said once, for the write that lost it: nothing is sent again, nothing said again.
      let again = try await side.run()
      #expect(again.sent == 0 && again.changedByServer.isEmpty)
    }
  }
}
