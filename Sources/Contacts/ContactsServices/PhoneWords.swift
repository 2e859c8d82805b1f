/// What the search index holds for a phone number: its digits from the start of each group of
/// digits to the end, as words. "+8 600 4543 59" is held as "8600454359 600454359 454359 59".
///
/// A number is then found by the digits typed from the start of any of its groups, with or
/// without the spaces and signs between them ("+8 600 4", "86004", "600 45", "4543"), and a
/// search for it is one prefix in the index. Held as the groups themselves ("8", "600", …), a
/// typed number was several short prefixes that each match millions of contacts at 10M.
///
/// Digits are ASCII `0`–`9`; anything else separates groups.
enum PhoneWords {
  /// The words for `phone`.
  static func of(_ phone: String) -> String {
    var words: [UInt8] = []
    append(phone.utf8, to: &words)
    return String(decoding: words, as: UTF8.self)
  }

  /// Appends the words for the phone number `phone` (UTF-8) to `words`.
  static func append(_ phone: some Collection<UInt8>, to words: inout [UInt8]) {
    var digits: [UInt8] = []
    var groupStarts: [Int] = []
    var previousWasDigit = false
    for byte in phone {
      let digit = isDigit(byte)
      if digit {
        if !previousWasDigit { groupStarts.append(digits.count) }
        digits.append(byte)
      }
      previousWasDigit = digit
    }
    for (number, start) in groupStarts.enumerated() {
      if number > 0 { words.append(UInt8(ascii: " ")) }
      words += digits[start...]
    }
  }

  /// The digits of a search that reads as a phone number — digits, spaces and the signs
  /// numbers are written with (`+ - ( ) . /`), at least one digit — or nil for any other.
  static func digits(ofQuery query: String) -> [UInt8]? {
    var digits: [UInt8] = []
    for byte in query.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte)
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "("),
        UInt8(ascii: ")"), UInt8(ascii: "."), UInt8(ascii: "/"):
        continue
      default: return nil
      }
    }
    return digits.isEmpty ? nil : digits
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}
