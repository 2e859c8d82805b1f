import VCardFormat

/// Cards for the decision tests: a base, and versions of it changed in one property or another.
enum Cards {
  static func card(_ lines: String...) -> VCard {
    let text = (["BEGIN:VCARD", "VERSION:4.0", "UID:ann"] + lines + ["END:VCARD", ""]).joined(separator: "\r\n")
    guard let card = VCardReader.read(text).first?.card else { fatalError("unreadable test card: \(text)") }
    return card
  }

  static let base = card("FN:Ann Smith", "EMAIL:ann@example.com", "TEL:+1 555 0100")
  /// The email changed.
  static let newEmail = card("FN:Ann Smith", "EMAIL:ann@work.example", "TEL:+1 555 0100")
  /// The email changed differently.
  static let otherEmail = card("FN:Ann Smith", "EMAIL:ann@home.example", "TEL:+1 555 0100")
  /// The phone changed.
  static let newPhone = card("FN:Ann Smith", "EMAIL:ann@example.com", "TEL:+1 555 0199")
  /// Both changes together.
  static let newEmailAndPhone = card("FN:Ann Smith", "EMAIL:ann@work.example", "TEL:+1 555 0199")
  /// `base` as a server rewrites it: 3.0, another order, a PRODID and a REV.
  static let baseRewritten: VCard = {
    let text = [
      "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Radicale//NONSGML Radicale Server//EN", "UID:ann",
      "TEL:+1 555 0100", "EMAIL:ann@example.com", "N:;;;;", "FN:Ann Smith", "REV:20260101T000000Z", "END:VCARD", "",
    ].joined(separator: "\r\n")
    guard let card = VCardReader.read(text).first?.card else { fatalError("unreadable test card") }
    return card
  }()
}
