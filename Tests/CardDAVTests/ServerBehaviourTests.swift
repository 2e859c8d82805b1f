import CardDAV
import CardDAVTesting
import Foundation
import Testing

/// What each real server does with the cards the sync engine must be ready for, written down as
/// tests so a server upgrade that changes it is noticed: a vCard 4.0 upload, an unescaped comma
/// in a TEXT value, a card without a UID, and one UID at a second href (DAViCal takes both, so a
/// card held twice under one UID is met there).
@Suite struct ServerBehaviourTests {
  @Test(arguments: DAVTestServer.Kind.allCases)
  func whatTheServerKeepsOfAnUploadedCard(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        let book = server.addressBookURL

        // vCard 4.0 with a data: URI photo.
        let photo = "PHOTO:data:image/png;base64,iVBORw0KGgo="
        let four = Array(
          "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:four\r\nFN:Four\r\n\(photo)\r\nEND:VCARD\r\n".utf8)
        let fourHref = CardDAVClient.href(forUID: "four", in: book)
        // DAViCal adds a REV, and so sends no ETag (the card is not the one sent).
        #expect(try await client.put(fourHref, in: book, card: four, condition: .create) != nil || kind == .davical)
        let storedFour = try #require(try await client.get(fourHref, in: book)).text
        #expect(storedFour.contains("VERSION:4.0"))
        // Radicale re-serialises through vobject 0.9.9 and loses the photo's payload; DAViCal
        // escapes the URI's semicolon and comma as if it were text.
        #expect(storedFour.contains(photo) == (kind == .xandikos))
        #expect(storedFour.contains(#"PHOTO:data:image/png\;base64\,iVBORw0KGgo="#) == (kind == .davical))

        // An unescaped comma in NOTE.
        let noteHref = CardDAVClient.href(forUID: "note", in: book)
        _ = try await client.put(
          noteHref, in: book, card: TestCards.card(uid: "note", name: "Note", note: "x,y"), condition: .create)
        let storedNote = try #require(try await client.get(noteHref, in: book)).text
        // Radicale's vobject cuts a TEXT value at the first unescaped comma; DAViCal escapes it.
        #expect(storedNote.contains("NOTE:x,y") == (kind == .xandikos))
        #expect(storedNote.contains("NOTE:x\r\n") == (kind == .radicale))
        #expect(storedNote.contains(#"NOTE:x\,y"#) == (kind == .davical))

        // No UID.
        let noUID = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Nobody\r\nN:Nobody;;;;\r\nEND:VCARD\r\n".utf8)
        let noUIDHref = book.path() + "no-uid.vcf"
        switch kind {
        case .radicale:
          await #expect(throws: CardDAVError.rejectedCard(href: noUIDHref, status: 400, reason: "Bad Request")) {
            try await client.put(noUIDHref, in: book, card: noUID, condition: .create)
          }
        case .xandikos:
          #expect(try await client.put(noUIDHref, in: book, card: noUID, condition: .create) != nil)
        case .davical:
          // Taken, with a UID of DAViCal's own added (and so no ETag: the card was changed).
          #expect(try await client.put(noUIDHref, in: book, card: noUID, condition: .create) == nil)
          let stored = try #require(try await client.get(noUIDHref, in: book)).text
          #expect(stored.contains("\r\nUID:"))
        }

        // The same UID at a second href.
        let secondHref = book.path() + "second-note.vcf"
        let duplicate = TestCards.card(uid: "note", name: "Duplicate")
        switch kind {
        case .radicale:
          await #expect(
            throws: CardDAVError.rejectedCard(href: secondHref, status: 409, reason: "no-uid-conflict")
          ) {
            try await client.put(secondHref, in: book, card: duplicate, condition: .create)
          }
        case .xandikos:
          #expect(try await client.put(secondHref, in: book, card: duplicate, condition: .create) != nil)
        case .davical:
          _ = try await client.put(secondHref, in: book, card: duplicate, condition: .create)
          #expect(try await client.get(secondHref, in: book)?.text.contains("FN:Duplicate") == true)
          #expect(try await client.get(noteHref, in: book)?.text.contains("FN:Note") == true)
        }
      }
    }
  }
}
