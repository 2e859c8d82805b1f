import CardDAVTesting
import Foundation
import GRDB
import Testing

/// `contacts sync` names a card the server kept otherwise than it was sent (Radicale 3.9 drops
/// a 4.0 `data:` photo's image), on standard error with the summary's count, and exits 2: once,
/// for the write that lost it, the photo kept here as sent.
@Suite struct ServerChangedCardCommandTests {
  /// A photo: a JPEG's first bytes, then 600 of a seeded sequence, in base64.
  static let photo: String = {
    var state: UInt32 = 35
    let sequence = (0..<600).map { _ -> UInt8 in
      state = state &* 1_664_525 &+ 1_013_904_223
      return UInt8(truncatingIfNeeded: state >> 24)
    }
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + sequence
    return Data(bytes).base64EncodedString()
  }()

  /// Ada's 4.0 card with the photo.
  static let photoCard = crlf(
    "BEGIN:VCARD", "VERSION:4.0", "UID:photo-1", "FN:Ada Lovelace", "N:Lovelace;Ada;;;",
    "PHOTO:data:image/jpeg;base64,\(photo)", "END:VCARD")

  @Test func aPhotoTheServerDroppedIsNamedOnceAndTheSyncExitsTwo() async throws {
    try await DAVTestServer.withServer(.radicale) { server in
      let contacts = try ContactsBinary()
      defer { contacts.cleanUp() }
      try await contacts.addAccount()
      #expect(try await contacts.run(["import", try contacts.file("photo.vcf", Self.photoCard)]).status == 0)
      let setup = try await contacts.run(
        [
          "sync", "setup", server.addressBookURL.absoluteString, "--username", server.credentials.username,
          "--password-command", "printf '%s\\n' '\(server.credentials.password)'",
        ])
      #expect(setup.status == 0, "\(setup.errors)")
      // The test server lists no vCard version: cards go up as 4.0, as to a server listing it.
      try await DatabaseQueue(path: contacts.database).write { db in
        try db.execute(sql: "UPDATE sync_book SET cardVersion = '4.0'")
      }

      let sync = try await contacts.run(["sync"])
      #expect(sync.status == 2, "\(sync.errors)")
      #expect(sync.output.contains("1 sent") && sync.output.contains("1 changed by the server"), "\(sync.output)")
      #expect(
        sync.errors.contains("Ada Lovelace: the server changed PHOTO of the card sent (kept here as sent)"),
        "\(sync.errors)")
      let again = try await contacts.run(["sync"])
      #expect(again.status == 0, "\(again.errors)")
      #expect(!again.output.contains("changed by the server") && !again.errors.contains("PHOTO"))
      // Kept here as sent: the photo whole.
      let exported = try await contacts.run(["export"]).output.replacingOccurrences(of: "\r\n ", with: "")
      #expect(exported.contains(Self.photo))
    }
  }
}
