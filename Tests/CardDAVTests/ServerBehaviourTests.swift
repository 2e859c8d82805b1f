import CardDAV
import CardDAVTesting
import Foundation
import Testing
import VCardFormat

/// What each real server does with the cards the sync engine must be ready for, written down as
/// tests so a server upgrade that changes it is noticed: a vCard 4.0 upload with a photo (asked
/// for without a version and in 4.0), an unescaped comma in a TEXT value, a card without a UID,
/// one UID at a second href (DAViCal and Cyrus take both, so a card held twice under one UID is
/// met there), and 3.0 and 4.0 cards without N.
@Suite struct ServerBehaviourTests {
  static let photo = "data:image/png;base64,iVBORw0KGgo="

  /// The value of `name` in the first card of `text` (unfolded, unescaped), nil without one.
  static func value(_ name: String, in text: String) -> String? {
    VCardReader.read(text).first?.card?.first(name)?.value
  }

  @Test(arguments: DAVTestServer.Kind.allCases)
  func whatTheServerKeepsOfAnUploadedCard(kind: DAVTestServer.Kind) async throws {
    try await DAVTestServer.withServer(kind) { server in
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        let book = server.addressBookURL

        // vCard 4.0 with a data: URI photo.
        let four = Array(
          "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:four\r\nFN:Four\r\nPHOTO:\(Self.photo)\r\nEND:VCARD\r\n".utf8)
        let fourHref = CardDAVClient.href(forUID: "four", in: book)
        // DAViCal adds a REV, and so sends no ETag (the card is not the one sent).
        #expect(try await client.put(fourHref, in: book, card: four, condition: .create) != nil || kind == .davical)
        let storedFour = try #require(try await client.get(fourHref, in: book)).text
        let askedFour = try #require(try await client.get(fourHref, in: book, version: "4.0")).text
        switch kind {
        case .radicale:
          // Radicale re-serialises through vobject 0.9.9 and loses the photo's payload, whatever
          // is asked.
          #expect(storedFour.contains("VERSION:4.0") && askedFour == storedFour)
          #expect(Self.value("PHOTO", in: storedFour) == #"data:image/png\;base64"#)
        case .xandikos:
          #expect(storedFour.contains("VERSION:4.0") && askedFour == storedFour)
          #expect(Self.value("PHOTO", in: storedFour) == Self.photo)
        case .davical:
          // DAViCal escapes the URI's semicolon and comma as if it were text.
          #expect(storedFour.contains("VERSION:4.0") && askedFour == storedFour)
          #expect(Self.value("PHOTO", in: storedFour) == #"data:image/png\;base64\,iVBORw0KGgo="#)
        case .cyrus:
          // Cyrus answers 3.0 unless 4.0 is named, keeping 4.0's data: URI cut to its media type
          // (the image gone); asked for 4.0, it gives the photo back whole.
          #expect(storedFour.contains("VERSION:3.0"))
          #expect(Self.value("PHOTO", in: storedFour) == "data:image/png")
          #expect(askedFour.contains("VERSION:4.0"))
          #expect(Self.value("PHOTO", in: askedFour) == Self.photo)
        }

        // An unescaped comma in NOTE.
        let noteHref = CardDAVClient.href(forUID: "note", in: book)
        _ = try await client.put(
          noteHref, in: book, card: TestCards.card(uid: "note", name: "Note", note: "x,y"), condition: .create)
        let storedNote = try #require(try await client.get(noteHref, in: book)).text
        switch kind {
        case .radicale:
          // Radicale's vobject cuts a TEXT value at the first unescaped comma.
          #expect(storedNote.contains("NOTE:x\r\n"))
        case .xandikos:
          #expect(storedNote.contains("NOTE:x,y\r\n"))
        case .davical, .cyrus:
          // DAViCal and Cyrus keep the value and write the comma escaped.
          #expect(storedNote.contains("NOTE:x\\,y"))
        }

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
        case .cyrus:
          await #expect(
            throws: CardDAVError.rejectedCard(
              href: noUIDHref, status: 403, reason: "valid-address-data: Missing mandatory UID property")
          ) {
            try await client.put(noUIDHref, in: book, card: noUID, condition: .create)
          }
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
        case .xandikos, .cyrus:
          #expect(try await client.put(secondHref, in: book, card: duplicate, condition: .create) != nil)
        case .davical:
          _ = try await client.put(secondHref, in: book, card: duplicate, condition: .create)
          #expect(try await client.get(secondHref, in: book)?.text.contains("FN:Duplicate") == true)
          #expect(try await client.get(noteHref, in: book)?.text.contains("FN:Note") == true)
        }

        // No N: 3.0 requires one, 4.0 does not.
        let threeWithoutN = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:non3\r\nFN:No N\r\nEND:VCARD\r\n".utf8)
        let threeHref = CardDAVClient.href(forUID: "non3", in: book)
        let fourWithoutN = Array("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:non4\r\nFN:No N\r\nEND:VCARD\r\n".utf8)
        let fourWithoutNHref = CardDAVClient.href(forUID: "non4", in: book)
        #expect(
          try await client.put(fourWithoutNHref, in: book, card: fourWithoutN, condition: .create) != nil
            || kind == .davical)
        let servedWithoutN = try #require(try await client.get(fourWithoutNHref, in: book)).text
        switch kind {
        case .radicale, .xandikos, .davical:
          #expect(
            try await client.put(threeHref, in: book, card: threeWithoutN, condition: .create) != nil
              || kind == .davical)
          #expect(servedWithoutN.contains("VERSION:4.0"))
        case .cyrus:
          // Cyrus refuses a 3.0 card without N, yet hands the 4.0 card without N to a 3.0 client
          // as 3.0 without N: what any 3.0 client then cannot save back.
          await #expect(
            throws: CardDAVError.rejectedCard(
              href: threeHref, status: 403, reason: "valid-address-data: Failed restriction checks")
          ) {
            try await client.put(threeHref, in: book, card: threeWithoutN, condition: .create)
          }
          #expect(servedWithoutN.contains("VERSION:3.0") && Self.value("N", in: servedWithoutN) == nil)
        }
      }
    }
  }
}
