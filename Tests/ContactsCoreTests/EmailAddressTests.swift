import Testing

@testable import ContactsModel

/// Email validation: its ASCII path (taken at every key of a form) must agree with the rules
/// as written over characters.
struct EmailAddressTests {
  @Test(arguments: [
    ("ada@example.com", true), ("a@b.c", true), ("grace.hopper+x@navy.example.org", true),
    ("", false), ("@example.com", false), ("ada@", false), ("ada@example", false), ("ada@.com", false),
    ("ada@example.", false), ("ada@@example.com", false), ("a@b@c.d", false), ("ada @example.com", false),
    ("ada@exam\tple.com", false), ("ada@example.com\r\n", false), ("zoë@exämple.com", true), ("zoë@exämple", false),
  ])
  func validity(email: String, expected: Bool) {
    #expect(EmailAddress.isValid(email) == expected, "\(email)")
  }

  @Test func theASCIIPathAgreesWithTheCharacterRulesOnEveryShortString() {
    let alphabet: [Character] = ["a", "@", ".", " ", "\t", "\r", "\n"]
    var checked = 0
    var strings = [""]
    for _ in 1...6 {
      strings = strings.flatMap { prefix in alphabet.map { prefix + String($0) } }
      for email in strings {
        #expect(
          EmailAddress.isValidASCII(email) == EmailAddress.isValidByCharacters(email), "\(email.debugDescription)")
        checked += 1
      }
    }
    #expect(checked == 7 + 49 + 343 + 2_401 + 16_807 + 117_649)
  }
}
